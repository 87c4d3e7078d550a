// Running the real opencode offline: `opencode run --format json` against the chat-completions stub,
// through a provider in the test's ~/.config/opencode/opencode.json using opencode's bundled
// `@ai-sdk/openai-compatible` with a `baseURL`, in a test's temporary HOME (never the user's own).
import { execa } from 'execa';
import type { TestEnv } from '../helpers/env.js';
import type { InstalledAgent } from './agents.js';
import type { AgentRun } from './codex-run.js';

/** The user's opencode.json: the stub as the only provider and model. */
export function opencodeConfig(baseUrl: string): string {
  return `${JSON.stringify(
    {
      $schema: 'https://opencode.ai/config.json',
      provider: {
        stub: {
          npm: '@ai-sdk/openai-compatible',
          name: 'Stub',
          options: { baseURL: baseUrl, apiKey: 'offline-test-key' },
          models: { 'stub-model': { name: 'Stub model', tool_call: true } },
        },
      },
      model: 'stub/stub-model',
    },
    null,
    2,
  )}\n`;
}

/** What one `opencode run --format json` printed: a JSON object per line (steps, tool uses, text). */
export interface OpencodeRun extends AgentRun {
  /** The tool calls, with their status and, for a refused one, opencode's error text. */
  tools: { tool: string; status: string; error: string | null }[];
  /** The text the model answered with. */
  text: string;
}

export async function runOpencode(agent: InstalledAgent, env: TestEnv, prompt: string): Promise<OpencodeRun> {
  const started = Date.now();
  const result = await execa(agent.native!, ['run', '--format', 'json', prompt], {
    cwd: env.workspace,
    env: {
      ...env.processEnv,
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      OPENCODE_DISABLE_AUTOUPDATE: '1',
      NO_COLOR: '1',
    },
    extendEnv: false,
    stdin: 'ignore',
    reject: false,
    timeout: 240_000,
    forceKillAfterDelay: 2_000,
  });
  const stdout = String(result.stdout);
  const tools: OpencodeRun['tools'] = [];
  let text = '';
  for (const line of stdout.split('\n')) {
    let item: { type?: string; part?: Record<string, unknown> };
    try {
      item = JSON.parse(line);
    } catch {
      continue;
    }
    const part = item.part ?? {};
    const state = (part.state ?? {}) as { status?: string; error?: string };
    if (item.type === 'tool_use')
      tools.push({ tool: String(part.tool), status: String(state.status), error: state.error ?? null });
    if (item.type === 'text') text += String(part.text ?? '');
  }
  return {
    code: result.exitCode ?? null,
    stdout,
    stderr: String(result.stderr),
    ms: Date.now() - started,
    tools,
    text,
  };
}
