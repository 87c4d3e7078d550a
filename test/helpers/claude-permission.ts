// Driving Claude Code to a permission request, offline: print mode with stream-json on both sides and
// `--permission-prompt-tool stdio`, so Claude Code's own prompt is a `can_use_tool` control request
// on stdout that this driver answers, as an SDK host (or a person at the TUI's dialog) would.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { TestEnv } from './env.js';
import { startMessagesStub } from './messages-stub.js';

export const CLAUDE_TOOL_USE_ID = 'toolu_permission_1';

/** What stands in for the person at Claude Code's own prompt: the answer it gives, once asked. */
export type PromptAnswer = { behavior: 'allow' } | { behavior: 'deny'; message: string };

export interface ClaudePermissionOptions {
  bin: string;
  env: TestEnv;
  /** The tool call the stub model makes (it must need permission, e.g. Bash outside the allow list). */
  tool: { name: string; input: Record<string, unknown> };
  /** How Claude Code's own prompt is answered if it is still open when the hooks have answered. */
  prompt: PromptAnswer;
  /**
   * When the prompt is answered: `afterHooks` (default) once every PermissionRequest hook has
   * answered, so a hook's decision gets the first word; `atOnce` as soon as it is asked, as a person
   * at the terminal who is quicker than the hook.
   */
  answer?: 'afterHooks' | 'atOnce';
  /** More command-line arguments, e.g. `--permission-mode acceptEdits`. */
  args?: string[];
}

export interface HookResponse {
  outcome: string;
  exit_code: number;
  stdout: string;
  stderr: string;
}

/** The fields of Claude Code's stream-json lines (stdout) this driver reads. */
interface StreamMessage {
  type: string;
  subtype?: string;
  request_id?: string;
  request?: { subtype?: string; input?: Record<string, unknown> } & Record<string, unknown>;
  hook_event?: string;
}

export interface ClaudePermissionRun {
  code: number | null;
  stderr: string;
  /** Each `can_use_tool` control request: Claude Code asking its own prompt. */
  asked: Record<string, unknown>[];
  /** Claude Code withdrew its prompt (`control_cancel_request`): a hook decided. */
  withdrawn: boolean;
  /** This driver answered the prompt and Claude Code had not withdrawn it: the prompt decided. */
  promptAnswered: boolean;
  /** What each PermissionRequest hook did, as Claude Code reports it (`--include-hook-events`). */
  hooks: HookResponse[];
  /** What the model was told about its tool call. */
  toolResult: { content: string; isError: boolean } | undefined;
  ms: number;
}

/**
 * One print-mode turn: the stub model calls `tool`, Claude Code asks for permission (its
 * PermissionRequest hooks and its prompt at once), the driver answers the prompt (by default only
 * after every PermissionRequest hook has answered).
 */
export async function driveClaudePermission(opts: ClaudePermissionOptions): Promise<ClaudePermissionRun> {
  const { env } = opts;
  const stub = await startMessagesStub((_body, turn) =>
    turn === 0
      ? { toolUse: { id: CLAUDE_TOOL_USE_ID, name: opts.tool.name, input: opts.tool.input } }
      : { text: 'Done.' },
  );
  const started = Date.now();
  try {
    const child = spawn(
      opts.bin,
      [
        '-p',
        '--input-format',
        'stream-json',
        '--output-format',
        'stream-json',
        '--verbose',
        '--include-hook-events',
        '--permission-prompt-tool',
        'stdio',
        '--model',
        'claude-sonnet-4-5',
        ...(opts.args ?? []),
      ],
      {
        cwd: env.workspace,
        env: {
          ...env.processEnv,
          ANTHROPIC_BASE_URL: stub.url,
          ANTHROPIC_API_KEY: 'sk-ant-offline-test',
          DISABLE_AUTOUPDATER: '1',
          DISABLE_TELEMETRY: '1',
          DISABLE_ERROR_REPORTING: '1',
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
          CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY: '1',
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const run = {
      asked: [] as Record<string, unknown>[],
      withdrawn: false,
      promptAnswered: false,
      hooks: [] as HookResponse[],
    };
    // Open prompts by request id, with the tool input an allow must echo (`updatedInput`).
    const pending = new Map<string, Record<string, unknown>>();
    const withdrawn = new Set<string>();
    let hooksStarted = 0;
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    const answerIfDue = () => {
      const hooksDone = hooksStarted > 0 && run.hooks.length >= hooksStarted;
      if (opts.answer !== 'atOnce' && !hooksDone) return;
      for (const [id, input] of pending) {
        pending.delete(id);
        run.promptAnswered = true;
        const response =
          opts.prompt.behavior === 'allow' ? { behavior: 'allow', updatedInput: input } : opts.prompt;
        send({ type: 'control_response', response: { subtype: 'success', request_id: id, response } });
      }
    };
    createInterface({ input: child.stdout }).on('line', (line) => {
      let m: StreamMessage;
      try {
        m = JSON.parse(line) as StreamMessage;
      } catch {
        return;
      }
      if (m.type === 'control_request' && m.request?.subtype === 'can_use_tool') {
        run.asked.push(m.request);
        pending.set(m.request_id!, m.request.input ?? {});
      } else if (m.type === 'control_cancel_request') {
        pending.delete(m.request_id!);
        withdrawn.add(m.request_id!);
      } else if (m.type === 'system' && m.hook_event === 'PermissionRequest') {
        if (m.subtype === 'hook_started') hooksStarted++;
        if (m.subtype === 'hook_response') run.hooks.push(m as unknown as HookResponse);
      } else if (m.type === 'result') {
        child.stdin.end();
      }
      answerIfDue();
    });
    send({ type: 'user', message: { role: 'user', content: 'go ahead' } });
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(timer);
    // The hook's answer can reach the driver just before Claude Code withdraws the prompt, so the
    // driver may answer a prompt already decided by the hook: Claude Code ignores that answer.
    run.withdrawn = withdrawn.size > 0;
    run.promptAnswered &&= !run.withdrawn;
    return { code, stderr, ...run, toolResult: toolResult(stub.requests), ms: Date.now() - started };
  } finally {
    await stub.close();
  }
}

function toolResult(requests: { body: Record<string, unknown> }[]): ClaudePermissionRun['toolResult'] {
  for (const r of requests) {
    const messages = Array.isArray(r.body.messages) ? (r.body.messages as { content: unknown }[]) : [];
    for (const m of messages) {
      if (!Array.isArray(m.content)) continue;
      for (const c of m.content as Record<string, unknown>[]) {
        if (c.type !== 'tool_result' || c.tool_use_id !== CLAUDE_TOOL_USE_ID) continue;
        const content =
          typeof c.content === 'string'
            ? c.content
            : (c.content as { text?: string }[]).map((p) => p.text ?? '').join('');
        return { content, isError: c.is_error === true };
      }
    }
  }
  return undefined;
}
