// Running the real Gemini CLI offline: `gemini -p … --yolo` against the Gemini API stub, in a test's
// temporary HOME (so ~/.gemini is the test's), never touching the user's own settings.
import { join } from 'node:path';
import type { TestEnv } from '../helpers/env.js';
import type { InstalledAgent } from './agents.js';
import { runHeadless } from './headless-run.js';

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
export function runGemini(
  agent: InstalledAgent,
  env: TestEnv,
  baseUrl: string,
  prompt: string,
  extraArgs: string[] = [],
) {
  return runHeadless(env, {
    argv: [
      agent.command[0],
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
    env: {
      GOOGLE_GEMINI_BASE_URL: baseUrl,
      GEMINI_API_KEY: 'offline-test-key',
      // One process: the CLI otherwise relaunches itself under a bigger heap.
      GEMINI_CLI_NO_RELAUNCH: 'true',
    },
    response: (out) => {
      const response = (out as { response?: unknown }).response;
      return typeof response === 'string' ? response : null;
    },
    timeoutMs: 120_000,
  });
}
