// A resident host keeps each event's records in the spool before answering it, and commits them after:
// the spool is taken in now and then, so it does not grow with every event, and nothing is kept twice.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { SPOOL_FILE } from '../../electron/host/history/spool.js';
import { HookHost } from '../../electron/host/service.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
afterEach(async () => {
  await env?.cleanup();
});

/** Lines in the host's spool (one per event kept ahead of its answer and not yet taken in). */
function spoolLines(host: HookHost): number {
  const path = join(host.paths.historyDir, SPOOL_FILE);
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').length - 1 : 0;
}

test('300 events: each in the spool at its answer, the spool taken in after 256, each kept once', async () => {
  env = makeEnv();
  const host = await HookHost.open(env.host);
  env.onCleanup(() => host.close());
  await host.history.start();
  const fire = (i: number) =>
    host.dispatch({
      dialect: 'claude',
      event: 'PostToolUse',
      payload: { session_id: `s${i}`, cwd: env.workspace, tool_name: 'Bash', tool_input: {} },
      project: null,
      callerCwd: env.workspace,
    });
  await fire(0);
  // Answered: its line is there before the commit could have been made.
  expect(spoolLines(host)).toBe(1);
  for (let i = 1; i < 300; i++) await fire(i);
  await host.idle();
  // What came after the take-in (events answered while it ran may have gone into the claimed spool).
  expect(spoolLines(host)).toBeLessThanOrEqual(300 - 256);
  expect(await host.history.counts()).toEqual({ dispatches: 0, events: 300 });
}, 120_000);
