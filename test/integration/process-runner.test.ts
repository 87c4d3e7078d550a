// The process runner's own promises: a hook's output up to its exit is read whole however busy the
// machine and the host are; a stop that came before the spawn means the hook never starts; the
// process table it reads counts processes, not their threads.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { afterEach, describe, expect, test } from 'vitest';
import { trackedTrees, treeMembers } from '../../electron/host/process/groups.js';
import { runProcess, STOPPED_BEFORE_START } from '../../electron/host/process/run.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { makeGate, makeMark } from '../helpers/gate.js';
import { openHost } from '../helpers/host.js';

let env: TestEnv;
let hogs: ChildProcess[] = [];
afterEach(async () => {
  for (const h of hogs) h.kill('SIGKILL');
  hogs = [];
  await env?.cleanup();
});

const MIB = 1024 * 1024;

describe('output', () => {
  test("a hook's own output up to its exit is read whole, with every core busy and the host's loop stalling", async () => {
    env = makeEnv();
    // Every core spinning, so the hook and the host fight for time as on a loaded machine.
    hogs = cpus().map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    // The host's own event loop blocked for 150 ms at a time, longer than the 100 ms drain after an
    // exit: a settle timed from the exit alone would fire before the last of the pipe was read.
    const stall = setInterval(() => {
      const until = Date.now() + 150;
      while (Date.now() < until);
    }, 20);
    try {
      // The shell waits for each pipeline: by its exit, all of it is written (Node's own process.exit
      // would drop what its asynchronous pipe writes still held, which no runner could read).
      const script =
        `head -c ${MIB - 3} /dev/zero | tr '\\0' a; printf END; ` +
        `head -c 300000 /dev/zero | tr '\\0' b >&2; printf FIN >&2`;
      for (let round = 0; round < 8; round++) {
        const r = await runProcess({
          argv: ['/bin/sh', '-c', script],
          cwd: env.root,
          env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
          stdin: null,
          timeoutMs: 60_000,
        });
        expect(r).toMatchObject({ exitCode: 0, timedOut: false });
        // Exactly 1 MiB fits the answer bound, so the whole of it comes back, the tails end as written.
        expect(r.stdout?.length).toBe(MIB);
        expect(r.stdout?.endsWith('aEND')).toBe(true);
        expect(r.stderrTail.endsWith('bFIN')).toBe(true);
        expect(r.stderrTail.length).toBe(8192 + 1);
      }
    } finally {
      clearInterval(stall);
    }
  }, 120_000);
});

describe('a stop before the spawn', () => {
  test('the hook is not started at all', async () => {
    env = makeEnv();
    const marker = env.path('started');
    const stop = new AbortController();
    stop.abort();
    const r = await runProcess({
      argv: ['/bin/sh', '-c', `touch ${marker}`],
      cwd: env.root,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      stdin: null,
      timeoutMs: 60_000,
      signal: stop.signal,
    });
    expect(r).toMatchObject({ pid: null, exitCode: null, spawnError: STOPPED_BEFORE_START });
    expect(existsSync(marker)).toBe(false);
  });

  test('a hook queued behind max_parallel_hooks when a drain with no grace stops it never starts', async () => {
    env = makeEnv();
    const running = makeMark(env.path('running'));
    const gate = makeGate(env.path('gate'));
    const marker = env.path('second-started');
    env.write(
      '~/.chrys/hooks/hooks.yaml',
      `settings: { max_parallel_hooks: 1, shutdown_grace_seconds: 0 }
hooks:
  - { id: first, event: after_tool_call, run: { type: shell, shell: 'echo > ${running.path}; read _ < ${gate.path}' }, execution: { mode: async, timeout_seconds: 600 } }
  - { id: second, event: after_tool_call, run: { type: shell, shell: 'touch ${marker}' }, execution: { mode: async, timeout_seconds: 600 } }
`,
    );
    const h = await openHost(env);
    const { background } = await h.fire('chrys', 'after_tool_call', { session_id: 'S1' });
    // The first holds the only slot; the second waits for it.
    await running.reached;
    await h.fire('chrys', 'after_turn', { session_id: 'S1' });
    const done = await background;
    expect(done.find((d) => d.rule === 'first')).toMatchObject({
      outcome: 'failed',
      reason: 'stopped: the hook was still running when its drain grace ran out',
    });
    expect(done.find((d) => d.rule === 'second')).toMatchObject({
      outcome: 'failed',
      pid: null,
      reason: 'stopped before it started: its drain grace ran out first',
    });
    expect(existsSync(marker)).toBe(false);
  });
});

describe('the process table', () => {
  test.runIf(process.platform === 'linux')(
    "a hook's threads are not counted as processes of its tree",
    async () => {
      env = makeEnv();
      const ready = makeMark(env.path('ready'));
      const gate = makeGate(env.path('gate'));
      // A Node hook with a worker thread (and libuv's): many thread ids, one process.
      const script = env.write(
        'threads.mjs',
        `import { Worker } from 'node:worker_threads';
         import { writeFileSync, readFileSync } from 'node:fs';
         const w = new Worker('setInterval(() => {}, 1000)', { eval: true });
         w.on('online', () => { writeFileSync(${JSON.stringify(ready.path)}, 'x'); readFileSync(${JSON.stringify(gate.path)}); process.exit(0); });`,
      );
      const run = runProcess({
        argv: [process.execPath, script],
        cwd: env.root,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
        stdin: null,
        timeoutMs: 60_000,
      });
      await ready.reached;
      const tree = trackedTrees().find((t) => t.pgid !== null)!;
      const members = treeMembers([tree])
        .get(tree)!
        .members.map((p) => p.pid);
      await gate.open();
      const r = await run;
      expect(members).toEqual([r.pid]);
    },
  );
});
