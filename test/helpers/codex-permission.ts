// Driving Codex to a permission request, offline: `codex exec --approve-for-me` in the workspace-write
// sandbox with `approval_policy = "on-request"`, against the Responses stub scripted to run a command
// that asks for escalation. Codex's own answer under --approve-for-me is its automatic reviewer (the
// "guardian"): one more model request, which the stub answers as this driver is told.
import { execa } from 'execa';
import type { InstalledAgent } from '../realclient/agents.js';
import type { TestEnv } from './env.js';
import { startResponsesStub, type ResponsesRequest } from './responses-stub.js';

export const CODEX_CALL_ID = 'call_permission_1';

export interface CodexPermissionOptions {
  agent: InstalledAgent;
  env: TestEnv;
  /** The shell command the stub model runs, asking to leave the sandbox unless `escalate` is false. */
  command: string;
  escalate?: boolean;
  /** `--approve-for-me` (default true); without it `codex exec` never asks for approval. */
  approveForMe?: boolean;
  /** What Codex's automatic reviewer says if it is asked (its rationale reaches the model on deny). */
  reviewer: { outcome: 'allow' } | { outcome: 'deny'; rationale: string };
  /**
   * Runs the hooks in ~/.codex/hooks.json without Codex's persisted trust: what is probed here is
   * the hook protocol, not the trust gate (docs/agents/codex.md covers that).
   */
  bypassHookTrust?: boolean;
}

export interface CodexPermissionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** How many times Codex asked its automatic reviewer: its own fallback was used. */
  reviewerAsked: number;
  /** Codex's own report of each PermissionRequest hook run: `Completed`, `Blocked`, `Failed`. */
  hookStatuses: string[];
  /** What the model was told about the command (its output, or why it was refused). */
  toolOutput: string | undefined;
  ms: number;
}

/** The reviewer's request: Codex asks for a structured verdict (`codex_output_schema`). */
function isReviewerRequest(body: Record<string, unknown>): boolean {
  const format = (body.text as { format?: { name?: string } } | undefined)?.format;
  return format?.name === 'codex_output_schema';
}

export async function driveCodexPermission(opts: CodexPermissionOptions): Promise<CodexPermissionRun> {
  const { agent, env } = opts;
  const verdict =
    opts.reviewer.outcome === 'allow'
      ? { outcome: 'allow', risk_level: 'low', rationale: 'looks fine' }
      : { outcome: 'deny', risk_level: 'high', rationale: opts.reviewer.rationale };
  const stub = await startResponsesStub(({ body, toolOutputs }) => {
    if (isReviewerRequest(body)) return { text: JSON.stringify(verdict) };
    const output = toolOutputs.get(CODEX_CALL_ID);
    if (output !== undefined) return { text: `The command came back with: ${output}` };
    return {
      shell: {
        callId: CODEX_CALL_ID,
        command: opts.command,
        ...(opts.escalate === false ? {} : { escalate: { justification: 'the task needs this command' } }),
      },
    };
  });
  const started = Date.now();
  try {
    const result = await execa(
      agent.command[0],
      [
        agent.command[1],
        'exec',
        '--skip-git-repo-check',
        '--color',
        'never',
        ...(opts.approveForMe === false ? [] : ['--approve-for-me']),
        '-c',
        'approval_policy="on-request"',
        '-c',
        'sandbox_mode="workspace-write"',
        ...(opts.bypassHookTrust === false ? [] : ['--dangerously-bypass-hook-trust']),
        '--cd',
        env.workspace,
        '--model',
        'stub-model',
        '-c',
        'model_provider="hookpanel_stub"',
        '-c',
        `model_providers.hookpanel_stub={ name = "Hookpanel stub", base_url = "${stub.url}", wire_api = "responses" }`,
        'run the command',
      ],
      {
        cwd: env.workspace,
        env: { ...env.processEnv, NO_COLOR: '1' },
        extendEnv: false,
        stdin: 'ignore',
        reject: false,
        timeout: 120_000,
        forceKillAfterDelay: 2_000,
      },
    );
    const stderr = String(result.stderr);
    return {
      code: result.exitCode ?? null,
      stdout: String(result.stdout),
      stderr,
      reviewerAsked: stub.requests.filter((r) => isReviewerRequest(r.body)).length,
      hookStatuses: [...stderr.matchAll(/^hook: PermissionRequest (\w+)$/gm)].map((m) => m[1]!),
      toolOutput: toolOutput(stub.requests),
      ms: Date.now() - started,
    };
  } finally {
    await stub.close();
  }
}

function toolOutput(requests: ResponsesRequest[]): string | undefined {
  for (const r of requests) {
    const input = Array.isArray(r.body.input) ? (r.body.input as Record<string, unknown>[]) : [];
    const found = input.find((i) => i.type === 'function_call_output' && i.call_id === CODEX_CALL_ID);
    if (found) return typeof found.output === 'string' ? found.output : JSON.stringify(found.output);
  }
  return undefined;
}
