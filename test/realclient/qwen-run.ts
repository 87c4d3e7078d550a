// Running the real Qwen Code offline: `qwen --auth-type openai -m … --yolo -o json` against the
// chat-completions stub, in a test's temporary HOME (so ~/.qwen is the test's), never touching the
// user's own settings.
import type { TestEnv } from '../helpers/env.js';
import type { InstalledAgent } from './agents.js';
import { runHeadless } from './headless-run.js';

const QWEN_STUB_MODEL = 'stub-model';

/** Writes the user's ~/.qwen/settings.json. */
export function writeQwenUserSettings(env: TestEnv, settings: Record<string, unknown>): string {
  return env.write('~/.qwen/settings.json', JSON.stringify(settings, null, 2));
}

/** One headless turn; with `-o json` Qwen Code prints a list of messages ending in a `result`. */
export function runQwen(agent: InstalledAgent, env: TestEnv, baseUrl: string, prompt: string) {
  return runHeadless(env, {
    argv: [
      agent.command[0],
      agent.command[1],
      '--auth-type',
      'openai',
      '-m',
      QWEN_STUB_MODEL,
      '--yolo',
      '-o',
      'json',
      prompt,
    ],
    env: {
      OPENAI_BASE_URL: baseUrl,
      OPENAI_API_KEY: 'offline-test-key',
      QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
    },
    response: (out) => {
      const last = (out as { type?: string; result?: unknown }[]).findLast((m) => m.type === 'result');
      return typeof last?.result === 'string' ? last.result : null;
    },
  });
}
