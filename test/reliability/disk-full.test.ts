// A full disk under the history (a real one: a 1 MiB tmpfs, filled to the last byte): no event is lost,
// none costs a line on stderr, the panel's history status says so once, and once space returns every
// record goes into the database without a read having to ask for it.
import { afterEach, expect, test } from 'vitest';
import type { ImportProgress } from '../../electron/host/history/jsonl-import.js';
import { HookHost } from '../../electron/host/service.js';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { waitFor } from '../helpers/host.js';
import { fillToTheByte, mountTmpfs, remount, tmpfsUnavailable } from '../helpers/tmpfs.js';

let env: TestEnv;
const runtimeDir = process.env.XDG_RUNTIME_DIR;
afterEach(async () => {
  // The host's tests point the overflow spool off the full disk; the next test gets it back.
  if (runtimeDir === undefined) delete process.env.XDG_RUNTIME_DIR;
  else process.env.XDG_RUNTIME_DIR = runtimeDir;
  await env?.cleanup();
});

const RULES = JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } });

/**
 * A host whose history is on a 1 MiB tmpfs (the caller skips first where none can be mounted): `fillToTheByte()`
 * then fills it, and `stop(i)` is the i-th event, a Stop whose one rule runs `true`.
 */
async function hostOnSmallDisk() {
  env = makeEnv();
  env.write('~/.config/pw/code.json', RULES);
  const dir = mountTmpfs(env, 'hookpanel/history', '1m');
  // The overflow spool's folder (this process is the host): off the full disk.
  process.env.XDG_RUNTIME_DIR = env.path('runtime');
  const lines: string[] = [];
  const host = await HookHost.open(env.host, { warn: (l) => lines.push(l) });
  env.onCleanup(() => host.close());
  const stop = (i: number) =>
    host.dispatch({
      dialect: 'pw',
      event: 'Stop',
      payload: { session_id: `s${i}`, cwd: env.workspace },
      project: null,
      callerCwd: env.workspace,
      parentDispatch: null,
    });
  return { host, dir, lines, stop };
}

test('the host: 200 events on a full disk are kept, said once, and in History when space returns', async (ctx) => {
  const why = tmpfsUnavailable();
  if (why) return ctx.skip(why);
  const { host, dir, lines, stop } = await hostOnSmallDisk();
  const told: ImportProgress[] = [];
  host.history.on('import', (p) => told.push(p));
  await host.history.start();
  fillToTheByte(dir);
  for (let i = 0; i < 200; i++) await stop(i);
  await host.idle();
  expect(lines).toEqual([]);
  // What the panel's History shows (history:status and its push): one notice, while it lasts.
  expect(told.map((p) => p.state)).toEqual(['failed']);
  expect(host.history.importProgress?.message).toMatch(/full.*wait in its spool/);
  remount(dir, 'size=16m');
  await waitFor(
    () => host.history.importProgress?.state,
    (s) => s === 'done',
    20_000,
  );
  expect(told.map((p) => p.state)).toEqual(['failed', 'done']);
  expect(await host.history.counts()).toEqual({ dispatches: 200, events: 200 });
});

test('the host: 60 events at once on a full disk, in rounds that fail whole, are all kept', async (ctx) => {
  const why = tmpfsUnavailable();
  if (why) return ctx.skip(why);
  const { host, dir, lines, stop } = await hostOnSmallDisk();
  await host.history.start();
  fillToTheByte(dir);
  // Answered one after another, their records reach the history while earlier ones are being written:
  // they go together, a round a commit, and a round the full disk refuses is spooled append by append.
  await Promise.all(Array.from({ length: 60 }, (_, i) => stop(i)));
  await host.idle();
  expect(lines).toEqual([]);
  remount(dir, 'size=16m');
  await waitFor(
    () => host.history.importProgress?.state,
    (s) => s === 'done',
    20_000,
  );
  expect(await host.history.counts()).toEqual({ dispatches: 60, events: 60 });
});

test('in-process emits (no host) on a full disk: kept in the overflow spool, no stderr, imported later', async (ctx) => {
  env = makeEnv();
  const why = tmpfsUnavailable();
  if (why) return ctx.skip(why);
  env.write('~/.config/pw/code.json', RULES);
  const dir = mountTmpfs(env, 'hookpanel/history', '1m');
  fillToTheByte(dir);
  const processEnv = { ...env.processEnv, XDG_RUNTIME_DIR: env.path('runtime') };
  for (let i = 0; i < 20; i++) {
    const r = await runCli(['emit', 'pw', 'Stop'], {
      env: processEnv,
      cwd: env.workspace,
      input: JSON.stringify({ session_id: `s${i}` }),
    });
    expect([r.code, r.stderr]).toEqual([0, '']);
  }
  remount(dir, 'size=16m');
  const listed = await runCli(['history', '--events', '--json', '--limit', '100'], { env: processEnv });
  expect(JSON.parse(listed.stdout).events).toHaveLength(20);
});
