// Running the real Gemini CLI offline: `gemini -p … --yolo` against the Gemini API stub, in a test's
// temporary HOME (so ~/.gemini is the test's), never touching the user's own settings.
import { join } from 'node:path';
import { execa } from 'execa';
import type { TestEnv } from '../helpers/env.js';
import type { InstalledAgent } from './agents.js';
import type { AgentRun } from './codex-run.js';

/** A model name that is not `auto`, so the CLI skips its model router (one request less per turn). */
export const GEMINI_STUB_MODEL = 'gemini-2.5-flash';

/** Writes the user's ~/.gemini/settings.json: API-key auth (the stub's) plus `settings`. */
export function writeGeminiUserSettings(env: TestEnv, settings: Record<string, unknown>): string {
  return env.write(
    '~/.gemini/settings.json',
    JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } }, ...settings }, null, 2),
  );
}

/** Records a folder trust decision the way the CLI's trust dialog does (~/.gemini/trustedFolders.json). */
export function trustGeminiFolder(
  env: TestEnv,
  folders: Record<string, 'TRUST_FOLDER' | 'TRUST_PARENT' | 'DO_NOT_TRUST'>,
): string {
  return env.write('~/.gemini/trustedFolders.json', JSON.stringify(folders, null, 2));
}

export function geminiHome(env: TestEnv): string {
  return join(env.home, '.gemini');
}

/** One headless turn; with `-o json` the CLI prints `{ response, stats, … }`. */
export async function runGemini(
  agent: InstalledAgent,
  env: TestEnv,
  baseUrl: string,
  prompt: string,
  extraArgs: string[] = [],
): Promise<AgentRun & { response: string | null }> {
  const started = Date.now();
  const result = await execa(
    agent.command[0],
    [
      agent.command[1],
      '--prompt',
      prompt,
      '--yolo',
      '--model',
      GEMINI_STUB_MODEL,
      '--output-format',
      'json',
      ...extraArgs,
    ],
    {
      cwd: env.workspace,
      env: {
        ...env.processEnv,
        GOOGLE_GEMINI_BASE_URL: baseUrl,
        GEMINI_API_KEY: 'offline-test-key',
        // One process: the CLI otherwise relaunches itself under a bigger heap.
        GEMINI_CLI_NO_RELAUNCH: 'true',
        NO_COLOR: '1',
      },
      extendEnv: false,
      stdin: 'ignore',
      reject: false,
      timeout: 120_000,
      forceKillAfterDelay: 2_000,
    },
  );
  const stdout = String(result.stdout);
  let response: string | null = null;
  try {
    const parsed = JSON.parse(stdout) as { response?: unknown };
    if (typeof parsed.response === 'string') response = parsed.response;
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
