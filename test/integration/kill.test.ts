// Hooks that fork grandchildren, ignore SIGTERM, leave a background child holding stdout, or escape
// their process group all end by their timeout, with zero surviving processes in the process table.
// And what execa itself cannot do, shown, since Hookpanel does those parts on top of it.
import { mkdtempSync, openSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { execa, type ResultPromise } from 'execa';
import { afterEach, describe, expect, test } from 'vitest';
import { runProcess, type ProcessResult } from '../../electron/host/process/run.js';
import { groupAlive, signalGroup } from '../../electron/host/process/groups.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { openHost, processesWithMarker } from '../helpers/host.js';
import { expectAllEnded, markProcesses, writePwStopHook } from '../helpers/marked-processes.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

const marked = () => markProcesses('HOOKPANEL_KILL_TEST');

/** Runs `script` under sh as a hook carrying a fresh marker, which finds what it leaves behind. */
async function runMarked(
  script: string,
  limits: { timeoutMs: number; killGraceMs: number; signal?: AbortSignal },
): Promise<{ r: ProcessResult; marker: string }> {
  const { marker, env } = marked();
  const r = await runProcess({ argv: ['/bin/sh', '-c', script], cwd: '/tmp', env, stdin: null, ...limits });
  return { r, marker };
}

describe('timeouts end the whole process group', () => {
  test('grandchildren forked in the background', async () => {
    const { r, marker } = await runMarked('sleep 60 & sleep 60 & (sleep 60 &) ; sleep 60', {
      timeoutMs: 400,
      killGraceMs: 300,
    });
    expect(r).toMatchObject({ timedOut: true, groupKilled: true });
    await expectAllEnded(marker, 3000);
    expect(groupAlive(r.pid!)).toBe(false);
  });

  test('a hook that ignores SIGTERM is killed after the grace', async () => {
    const t0 = Date.now();
    const { r, marker } = await runMarked(
      "trap '' TERM; sleep 60 & trap '' TERM; while true; do sleep 0.1; done",
      { timeoutMs: 300, killGraceMs: 400 },
    );
    expect(r.timedOut).toBe(true);
    expect(r.signal).toBe('SIGKILL');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(650);
    await expectAllEnded(marker, 3000);
  });

  // The hook's own shell must exit, and the test look at what it left, before the timeout: on a busy
  // machine that took 1.6 s, so these give it 4 s (the test waits that long for the timeout anyway).
  const SETTLE_WINDOW_MS = 4000;

  test('a background child holding stdout: the dispatch settles at once, the child dies at the timeout', async () => {
    const t0 = Date.now();
    const { r, marker } = await runMarked('echo started; sleep 60 & exit 0', {
      timeoutMs: SETTLE_WINDOW_MS,
      killGraceMs: 300,
    });
    // Settled before the timeout: the child is still alive, and only the timeout ends it.
    expect(r).toMatchObject({ exitCode: 0, timedOut: false });
    expect(r.stdoutTail).toBe('started\n');
    expect(processesWithMarker(marker).length).toBe(1);
    await expectAllEnded(marker, SETTLE_WINDOW_MS + 5000);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(SETTLE_WINDOW_MS);
  });

  test('an escapee that called setsid: the hook settles at once, the escapee dies at the timeout', async () => {
    const t0 = Date.now();
    const { r, marker } = await runMarked('setsid sleep 60 & echo started', {
      timeoutMs: SETTLE_WINDOW_MS,
      killGraceMs: 300,
    });
    expect(r).toMatchObject({ exitCode: 0, timedOut: false, stdoutTail: 'started\n' });
    // Out of the hook's group, still alive after the hook settled …
    const [escapee] = processesWithMarker(marker);
    expect(escapee).toBeDefined();
    expect(groupAlive(r.pid!)).toBe(false);
    // … and gone by the deadline all the same.
    await expectAllEnded(marker, SETTLE_WINDOW_MS + 5000);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(SETTLE_WINDOW_MS);
  });

  test('a double fork into a new session, and an escape made at the SIGTERM itself, both end', async () => {
    const { r, marker } = await runMarked(
      "(setsid sh -c 'sleep 60 &' &); trap 'setsid sleep 60 &' TERM; while :; do sleep 0.1; done",
      { timeoutMs: 500, killGraceMs: 300 },
    );
    expect(r).toMatchObject({ timedOut: true, groupKilled: true, signal: 'SIGKILL' });
    await expectAllEnded(marker, 3000);
  });

  test('aborting (drain, shutdown) ends what a settled hook left behind, escapees included', async () => {
    const abort = new AbortController();
    const { r, marker } = await runMarked('sleep 60 & setsid sleep 60 & exit 0', {
      timeoutMs: 60_000,
      killGraceMs: 300,
      signal: abort.signal,
    });
    expect(r).toMatchObject({ exitCode: 0, timedOut: false });
    expect(processesWithMarker(marker)).toHaveLength(2);
    abort.abort();
    await expectAllEnded(marker, 3000);
  });

  test("through the engine: every dialect's hook tree is gone by its timeout", async () => {
    env = makeEnv();
    const { marker, vars } = marked();
    Object.assign(env.processEnv, vars);
    const tree = "trap '' TERM; sleep 60 & (sleep 60 &); while true; do sleep 0.1; done";
    writePwStopHook(env, tree, 0.5);
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
    await expectAllEnded(marker, 5000);
  });
});

/**
 * The order in which an execa child exits, its stdout closes and its promise settles: the proof that
 * the promise waits for stdout (not a pause in which it happened not to settle).
 */
function heldOpen(child: ResultPromise): string[] {
  const order: string[] = [];
  child.once('exit', () => order.push('exit'));
  child.stdout!.once('end', () => order.push('stdout closed'));
  void child.then(() => order.push('settled'));
  return order;
}

describe('what execa cannot do, so Hookpanel does it on top', () => {
  test("execa's timeout ends only the main process; a grandchild lives on and holds its promise", async () => {
    const { marker, env: e } = marked();
    const child = execa('/bin/sh', ['-c', 'sleep 60 & sleep 60'], {
      env: e,
      extendEnv: false,
      detached: true,
      timeout: 300,
      reject: false,
    });
    const order = heldOpen(child);
    await once(child, 'exit');
    expect(child.signalCode).toBe('SIGTERM');
    // The shell's children survived execa's timeout and still hold stdout, so the promise waits …
    expect(processesWithMarker(marker).length).toBeGreaterThan(0);
    await new Promise(setImmediate);
    expect(order).toEqual(['exit']);
    // … for stdout to close, which only the end of those children does.
    signalGroup(child.pid!, 'SIGKILL');
    order.push('group killed');
    await child;
    expect(order).toEqual(['exit', 'group killed', 'stdout closed', 'settled']);
  });

  test("execa's promise does not settle when the main process exits while a child holds stdout", async () => {
    const { marker, env: e } = marked();
    const child = execa('/bin/sh', ['-c', 'echo started; sleep 60 & exit 0'], {
      env: e,
      extendEnv: false,
      detached: true,
      reject: false,
    });
    const order = heldOpen(child);
    await once(child, 'exit');
    await new Promise(setImmediate);
    expect(order).toEqual(['exit']);
    // runProcess settles the same hook at once (the settle test above); here the child must go first.
    signalGroup(child.pid!, 'SIGKILL');
    order.push('group killed');
    expect((await child).stdout).toBe('started');
    expect(order).toEqual(['exit', 'group killed', 'stdout closed', 'settled']);
    expect(processesWithMarker(marker)).toEqual([]);
  });

  test.runIf(process.platform === 'linux')(
    "execa's { file } output passes through the parent; an open descriptor goes to the child as is",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'hookpanel-execa-'));
      try {
        const log = join(dir, 'out.log');
        const viaFile = execa('/bin/sh', ['-c', 'sleep 60'], { stdout: { file: log }, detached: true });
        const fd = openSync(log, 'a');
        const viaFd = execa('/bin/sh', ['-c', 'sleep 60'], { stdout: fd as 3, detached: true });
        // A detached hook writing through a pipe into the host would lose its output with the host.
        expect(readlinkSync(`/proc/${viaFile.pid}/fd/1`)).toMatch(/^(pipe|socket):/);
        expect(readlinkSync(`/proc/${viaFd.pid}/fd/1`)).toBe(log);
        for (const c of [viaFile, viaFd]) signalGroup(c.pid!, 'SIGKILL');
        await Promise.allSettled([viaFile, viaFd]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
