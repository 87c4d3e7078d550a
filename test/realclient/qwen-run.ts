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
      // One process: the CLI otherwise starts itself again (execve) under a bigger heap. A turn, alone
      // here: 4.8–5.0 CPU s (3.9–4.1 s) so, 3.6–3.7 (2.8–3.0 s) without (6 December 2026). Its hooks
      // run in the process that answers either way, as Gemini's do with GEMINI_CLI_NO_RELAUNCH.
      QWEN_CODE_NO_RELAUNCH: 'true',
    },
    response: (out) => {
      const last = (out as { type?: string; result?: unknown }[]).findLast((m) => m.type === 'result');
      return typeof last?.result === 'string' ? last.result : null;
    },
  });
}
