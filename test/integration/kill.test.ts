// Hooks that fork grandchildren, ignore SIGTERM, or leave a background child holding stdout all end
// by their timeout, with zero surviving processes in the process table.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import { runProcess } from '../../electron/host/engine/process/run.js';
import { groupAlive } from '../../electron/host/engine/process/groups.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { openHost, processesWithMarker, waitFor } from '../helpers/host.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

const marked = () => {
  const marker = `HOOKPANEL_KILL_TEST=${randomUUID()}`;
  return {
    marker,
    env: { ...(process.env as Record<string, string>), HOOKPANEL_KILL_TEST: marker.split('=')[1]! },
  };
};

describe('timeouts end the whole process group', () => {
  test('grandchildren forked in the background', async () => {
    const { marker, env: e } = marked();
    const r = await runProcess({
      argv: ['/bin/sh', '-c', 'sleep 60 & sleep 60 & (sleep 60 &) ; sleep 60'],
      cwd: '/tmp',
      env: e,
      stdin: null,
      timeoutMs: 400,
      killGraceMs: 300,
    });
    expect(r).toMatchObject({ timedOut: true, groupKilled: true });
    expect(
      await waitFor(
        () => processesWithMarker(marker),
        (p) => p.length === 0,
        3000,
      ),
    ).toEqual([]);
    expect(groupAlive(r.pid!)).toBe(false);
  });

  test('a hook that ignores SIGTERM is killed after the grace', async () => {
    const { marker, env: e } = marked();
    const t0 = Date.now();
    const r = await runProcess({
      argv: ['/bin/sh', '-c', "trap '' TERM; sleep 60 & trap '' TERM; while true; do sleep 0.1; done"],
      cwd: '/tmp',
      env: e,
      stdin: null,
      timeoutMs: 300,
      killGraceMs: 400,
    });
    expect(r.timedOut).toBe(true);
    expect(r.signal).toBe('SIGKILL');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(650);
    expect(
      await waitFor(
        () => processesWithMarker(marker),
        (p) => p.length === 0,
        3000,
      ),
    ).toEqual([]);
  });

  test('a background child holding stdout: the dispatch settles at once, the child dies at the timeout', async () => {
    const { marker, env: e } = marked();
    const t0 = Date.now();
    const r = await runProcess({
      argv: ['/bin/sh', '-c', 'echo started; sleep 60 & exit 0'],
      cwd: '/tmp',
      env: e,
      stdin: null,
      timeoutMs: 1500,
      killGraceMs: 300,
    });
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(r).toMatchObject({ exitCode: 0, timedOut: false });
    expect(r.stdoutTail).toBe('started\n');
    expect(processesWithMarker(marker).length).toBe(1);
    expect(
      await waitFor(
        () => processesWithMarker(marker),
        (p) => p.length === 0,
        5000,
      ),
    ).toEqual([]);
  });

  test("through the engine: every dialect's hook tree is gone by its timeout", async () => {
    env = makeEnv();
    const { marker } = marked();
    env.processEnv.HOOKPANEL_KILL_TEST = marker.split('=')[1]!;
    const tree = "trap '' TERM; sleep 60 & (sleep 60 &); while true; do sleep 0.1; done";
    env.write(
      '~/.config/pw/code.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ command: tree, timeout: 0.5 }] }] } }),
    );
    env.write(
      '~/.config/io/io.toml',
      `[[hook]]\non = []\nrun = ["/bin/sh", "-c", "${tree}"]\ntimeout_ms = 500\n`,
    );
    env.write(
      '~/.chrys/hooks/hooks.yaml',
      `hooks:\n  - { id: t, event: after_turn, run: { type: shell, shell: "${tree}" }, execution: { mode: blocking, timeout_seconds: 0.5 } }\n`,
    );
    env.write(
      '~/.arya/polish/hooks.json',
      JSON.stringify([
        {
          on: 'turn/stopping',
          action: { kind: 'exec', command: '/bin/sh', args: ['-c', tree], timeoutMs: 500 },
        },
      ]),
    );
    const h = await openHost(env);
    const results = await Promise.all([
      h.fire('pw', 'Stop'),
      h.fire('io', 'turn_end'),
      h.fire('chrys', 'after_turn'),
      h.fire('arya', 'turn/stopping'),
    ]);
    const bg = await results[3]!.background;
    expect(results.slice(0, 3).map((r) => r.answer.dispatches[0]!.outcome)).toEqual([
      'timeout',
      'timeout',
      'timeout',
    ]);
    expect(bg[0]!.outcome).toBe('timeout');
    expect(
      await waitFor(
        () => processesWithMarker(marker),
        (p) => p.length === 0,
        5000,
      ),
    ).toEqual([]);
  });
});
