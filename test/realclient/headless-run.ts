// One headless turn of a real agent, as every agent's run helper takes it: the program and its argv,
// the test's temporary HOME (never the user's own), stdin closed, bounded, and the answer read from
// stdout by the agent's own JSON reader.
import { execa } from 'execa';
import type { TestEnv } from '../helpers/env.js';
import type { AgentRun } from './codex-run.js';

export interface HeadlessTurn {
  /** The program, then its arguments. */
  argv: readonly [string, ...string[]];
  /** What the agent needs on top of the test's environment (its endpoint, key, model). */
  env?: Record<string, string>;
  /** The model's answer in the agent's JSON output, or null where there is none. */
  response: (json: unknown) => string | null;
  timeoutMs?: number;
}

export async function runHeadless(
  env: TestEnv,
  turn: HeadlessTurn,
): Promise<AgentRun & { response: string | null }> {
  const started = Date.now();
  const [program, ...args] = turn.argv;
  const result = await execa(program, args, {
    cwd: env.workspace,
    env: { ...env.processEnv, NO_COLOR: '1', ...turn.env },
    extendEnv: false,
    stdin: 'ignore',
    reject: false,
    timeout: turn.timeoutMs ?? 150_000,
    forceKillAfterDelay: 2_000,
  });
  const stdout = String(result.stdout);
  let response: string | null = null;
  try {
    response = turn.response(JSON.parse(stdout));
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
