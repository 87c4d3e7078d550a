// Running the real Qwen Code offline: `qwen --auth-type openai -m … --yolo -o json` against the
// chat-completions stub, in a test's temporary HOME (so ~/.qwen is the test's), never touching the
// user's own settings.
import { execa } from 'execa';
import type { TestEnv } from '../helpers/env.js';
import type { InstalledAgent } from './agents.js';
import type { AgentRun } from './codex-run.js';

const QWEN_STUB_MODEL = 'stub-model';

/** Writes the user's ~/.qwen/settings.json. */
export function writeQwenUserSettings(env: TestEnv, settings: Record<string, unknown>): string {
  return env.write('~/.qwen/settings.json', JSON.stringify(settings, null, 2));
}

/** One headless turn; with `-o json` Qwen Code prints a list of messages ending in a `result`. */
export async function runQwen(
  agent: InstalledAgent,
  env: TestEnv,
  baseUrl: string,
  prompt: string,
): Promise<AgentRun & { response: string | null }> {
  const started = Date.now();
  const result = await execa(
    agent.command[0],
    [agent.command[1], '--auth-type', 'openai', '-m', QWEN_STUB_MODEL, '--yolo', '-o', 'json', prompt],
    {
      cwd: env.workspace,
      env: {
        ...env.processEnv,
        OPENAI_BASE_URL: baseUrl,
        OPENAI_API_KEY: 'offline-test-key',
        QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
        NO_COLOR: '1',
      },
      extendEnv: false,
      stdin: 'ignore',
      reject: false,
      timeout: 150_000,
      forceKillAfterDelay: 2_000,
    },
  );
  const stdout = String(result.stdout);
  let response: string | null = null;
  try {
    const messages = JSON.parse(stdout) as { type?: string; result?: unknown }[];
    const last = messages.findLast((m) => m.type === 'result');
    if (typeof last?.result === 'string') response = last.result;
  } catch {
    // not JSON (a start-up failure): the caller looks at stderr
  }
  return {
    code: result.exitCode ?? null,
    stdout,
    stderr: String(result.stderr),
    ms: Date.now() - started,
    response,
  };
}
