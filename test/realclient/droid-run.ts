// Running the real Factory Droid offline: `droid exec -m custom:<model> --skip-permissions-unsafe -o
// json` against the chat-completions stub, named as a custom model in the test's
// ~/.factory/settings.json (a temporary HOME: never the user's own), with no Factory login.
import type { TestEnv } from '../helpers/env.js';
import type { InstalledAgent } from './agents.js';
import { runHeadless } from './headless-run.js';

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
export function runDroid(agent: InstalledAgent, env: TestEnv, prompt: string) {
  return runHeadless(env, {
    argv: [agent.native!, 'exec', '-m', `custom:${MODEL}`, '--skip-permissions-unsafe', '-o', 'json', prompt],
    response: (out) => {
      const result = (out as { result?: unknown }).result;
      return typeof result === 'string' ? result : null;
    },
  });
}
