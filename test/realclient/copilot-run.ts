// Running the real GitHub Copilot CLI offline: its own-key provider (`COPILOT_OFFLINE=true`,
// `COPILOT_PROVIDER_BASE_URL`) against the chat-completions stub, no GitHub login, in a test's temporary
// HOME (so ~/.copilot is the test's), never touching the user's own settings.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestEnv } from '../helpers/env.js';
import type { InstalledAgent } from './agents.js';
import type { AgentRun } from './codex-run.js';
import { runHeadless } from './headless-run.js';

export interface CopilotRunOptions {
  /** `--allow-all-tools` (default): tools run without asking; permissionRequest hooks still fire. */
  allowAllTools?: boolean;
  env?: Record<string, string>;
  /** A folder for Copilot's own debug log (`--log-level debug --log-dir`), read by copilotLogLines. */
  logDir?: string;
}

/** One headless turn: `copilot -p … --no-auto-update`; its stdout is the transcript as shown, not JSON. */
export function runCopilot(
  agent: InstalledAgent,
  env: TestEnv,
  baseUrl: string,
  prompt: string,
  opts: CopilotRunOptions = {},
): Promise<AgentRun> {
  return runHeadless(env, {
    argv: [
      agent.native!,
      '-p',
      prompt,
      ...(opts.allowAllTools === false ? [] : ['--allow-all-tools']),
      '--no-auto-update',
      ...(opts.logDir ? ['--log-level', 'debug', '--log-dir', opts.logDir] : []),
    ],
    env: {
      COPILOT_OFFLINE: 'true',
      COPILOT_PROVIDER_BASE_URL: baseUrl,
      COPILOT_PROVIDER_API_KEY: 'offline-test-key',
      COPILOT_MODEL: 'stub-model',
      // The 235 MB it unpacks at first run, once per installed version for every test (the unpacking
      // renames a finished folder into place, so concurrent first runs do not see half of it).
      COPILOT_PKG_CACHE_HOME: join(agent.dir, 'pkg-cache'),
      ...opts.env,
    },
    response: () => null,
  });
}

/** Writes a hook file of the user's, `$HOME/.copilot/hooks/<name>`. */
export function writeCopilotHooks(env: TestEnv, name: string, hooks: Record<string, unknown[]>): string {
  return env.write(`~/.copilot/hooks/${name}`, JSON.stringify({ version: 1, hooks }, null, 2));
}

/** The lines of Copilot's debug logs in `dir` that match `pattern`, for a failure to say what Copilot did. */
export function copilotLogLines(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [`(no log in ${dir})`];
  return readdirSync(dir)
    .flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n'))
    .filter((line) => pattern.test(line));
}
