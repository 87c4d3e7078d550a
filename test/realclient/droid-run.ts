// Running the real Factory Droid offline: `droid exec -m custom:<model> --skip-permissions-unsafe -o
// json` against the chat-completions stub, named as a custom model in the test's
// ~/.factory/settings.json (a temporary HOME: never the user's own), with no Factory login.
import { execa } from 'execa';
import type { TestEnv } from '../helpers/env.js';
import type { InstalledAgent } from './agents.js';
import type { AgentRun } from './codex-run.js';

const MODEL = 'stub-model';

/** The custom model entry that points Droid at the stub. */
export function droidCustomModels(baseUrl: string): Record<string, unknown>[] {
  return [
    {
      model: MODEL,
      displayName: 'Stub',
      baseUrl,
      apiKey: 'offline-test-key',
      provider: 'generic-chat-completion-api',
      maxOutputTokens: 1000,
    },
  ];
}

/** The user's ~/.factory/settings.json: the stub as a custom model, and whatever else is given. */
export function droidSettingsText(baseUrl: string, rest: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ customModels: droidCustomModels(baseUrl), ...rest }, null, 2)}\n`;
}

/** One headless turn; with `-o json` Droid prints one result object with the answer in `result`. */
export async function runDroid(
  agent: InstalledAgent,
  env: TestEnv,
  prompt: string,
): Promise<AgentRun & { response: string | null }> {
  const started = Date.now();
  const result = await execa(
    agent.native!,
    ['exec', '-m', `custom:${MODEL}`, '--skip-permissions-unsafe', '-o', 'json', prompt],
    {
      cwd: env.workspace,
      env: { ...env.processEnv, NO_COLOR: '1' },
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
    const out = JSON.parse(stdout) as { result?: unknown };
    if (typeof out.result === 'string') response = out.result;
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
