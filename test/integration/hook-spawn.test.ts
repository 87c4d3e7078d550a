// The two ways a hook's process is started (spawn-hook.ts): libc's posix_spawn, the default on Linux,
// and libuv's through execa (HOOKPANEL_SPAWN=node, and every other platform). A hook must not be able
// to tell them apart but by its stdio's kind (pipes from posix_spawn, socket pairs from libuv): each
// case runs under both, on real processes, and where the two could differ they are compared.
import { chmodSync, mkdirSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { runProcess, type ProcessSpec } from '../../electron/host/process/run.js';
import { loadSpawnHook, type SpawnKind } from '../../electron/host/process/spawn-hook.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { expectAllEnded, markProcesses } from '../helpers/marked-processes.js';

let env: TestEnv;
const asked = process.env.HOOKPANEL_SPAWN;
afterEach(async () => {
  if (asked === undefined) delete process.env.HOOKPANEL_SPAWN;
  else process.env.HOOKPANEL_SPAWN = asked;
  await env?.cleanup();
});

const PATH = process.env.PATH ?? '/usr/bin:/bin';
const KINDS: SpawnKind[] = process.platform === 'linux' ? ['posix', 'node'] : ['node'];

/** Runs a hook with the spawner of `kind`, as the runner does for every hook. */
function runWith(kind: SpawnKind, spec: Partial<ProcessSpec> & { argv: string[] }) {
  process.env.HOOKPANEL_SPAWN = kind;
  return runProcess({ cwd: env.root, env: { PATH }, stdin: null, timeoutMs: 10_000, ...spec });
}

/** `sh -c script` under `kind`, its stdout. */
async function shOut(kind: SpawnKind, script: string, spec: Partial<ProcessSpec> = {}): Promise<string> {
  const r = await runWith(kind, { argv: ['/bin/sh', '-c', script], ...spec });
  expect(r.spawnError).toBeNull();
  return r.stdout ?? '';
}

test.runIf(process.platform === 'linux')(
  'on Linux a hook is spawned by posix_spawn unless asked otherwise',
  async () => {
    expect((await loadSpawnHook({})).kind).toBe('posix');
    expect((await loadSpawnHook({ HOOKPANEL_SPAWN: 'node' })).kind).toBe('node');
  },
);

describe.each(KINDS)('spawned by %s', (kind) => {
  test('the payload on stdin, stdout and stderr read whole, the exit code', async () => {
    env = makeEnv();
    const r = await runWith(kind, {
      argv: ['/bin/sh', '-c', 'cat; echo to-stderr >&2; exit 3'],
      stdin: '{"tool_name":"Bash"}',
    });
    expect(r).toMatchObject({ exitCode: 3, signal: null, stdout: '{"tool_name":"Bash"}', spawnError: null });
    expect(r.stderrTail).toBe('to-stderr\n');
  });

  test("a hook ended by a signal: the signal's name, no exit code", async () => {
    env = makeEnv();
    const r = await runWith(kind, { argv: ['/bin/sh', '-c', 'kill -USR1 $$'] });
    expect(r).toMatchObject({ exitCode: null, signal: 'SIGUSR1', timedOut: false });
  });

  test('its own session and process group, and no terminal', async () => {
    env = makeEnv();
    const r = await runWith(kind, { argv: ['/bin/sh', '-c', 'cat /proc/$$/stat'] });
    // /proc/<pid>/stat after "(comm) ": state ppid pgrp session tty_nr …
    const fields = (r.stdout ?? '').replace(/^.*\) /, '').split(' ');
    expect(fields.slice(2, 5)).toEqual([String(r.pid), String(r.pid), '0']);
  });

  test('every signal at its default and none blocked, though Node ignores SIGPIPE', async () => {
    env = makeEnv();
    // Read by the program the shell execs into: the shell's own mask changes while it forks a command.
    const status = await shOut(kind, 'exec grep -E "^Sig(Ign|Blk):" /proc/self/status');
    expect(status).toBe('SigBlk:\t0000000000000000\nSigIgn:\t0000000000000000\n');
  });

  test("the program is found on the hook's PATH, a relative one in its working directory", async () => {
    env = makeEnv();
    chmodSync(env.write('tools/only-here', '#!/bin/sh\necho "found $1"\n'), 0o755);
    chmodSync(env.write('ws/bin/local', '#!/bin/sh\necho local\n'), 0o755);
    mkdirSync(env.path('empty'));
    const found = await runWith(kind, {
      argv: ['only-here', 'a b'],
      env: { PATH: `${env.path('empty')}:${env.path('tools')}:/usr/bin:/bin` },
    });
    expect(found).toMatchObject({ exitCode: 0, stdout: 'found a b\n' });
    const local = await runWith(kind, { argv: ['./bin/local'], cwd: env.workspace });
    expect(local).toMatchObject({ exitCode: 0, stdout: 'local\n' });
    // Not on the hook's PATH, though it is on this process's.
    const hidden = await runWith(kind, { argv: ['sh', '-c', 'true'], env: { PATH: env.path('empty') } });
    expect(hidden.spawnError).toBe('sh: not found (no such file, or not on PATH)');
  });

  test('an executable script without #! is read by /bin/sh, as execvp does', async () => {
    env = makeEnv();
    const script = env.write('plain', 'echo "plain $1 $0"\n');
    chmodSync(script, 0o755);
    const r = await runWith(kind, { argv: [script, 'arg'] });
    expect(r).toMatchObject({ exitCode: 0, stdout: `plain arg ${script}\n` });
  });

  test('arguments reach the program as they are, through no shell', async () => {
    env = makeEnv();
    const args = ['a b', '"q"', "'s'", '$HOME', '*', 'line\nbreak', ''];
    const r = await runWith(kind, { argv: ['/usr/bin/printf', '[%s]', ...args] });
    expect(r.stdout).toBe(args.map((a) => `[${a}]`).join(''));
  });

  test("the environment is exactly the hook's, and its tag", async () => {
    env = makeEnv();
    const r = await runWith(kind, { argv: ['/usr/bin/env'], env: { PATH, ONLY: 'this one' } });
    const lines = (r.stdout ?? '').trim().split('\n').sort();
    // Node's spawn passes on NODE_V8_COVERAGE whatever the environment given (so does posix-spawn.ts):
    // under `npm test`'s coverage pass a hook has it too.
    const coverage = process.env.NODE_V8_COVERAGE === undefined ? [] : ['NODE_V8_COVERAGE'];
    expect(lines.map((l) => l.split('=')[0])).toEqual(['HOOKPANEL_PROCESS_TAG', ...coverage, 'ONLY', 'PATH']);
    expect(lines).toContain('ONLY=this one');
  });

  test('what cannot be started is said in words: not found, not executable, no working directory', async () => {
    env = makeEnv();
    env.write('not-executable', '#!/bin/sh\necho no\n');
    const missing = await runWith(kind, { argv: ['no-such-program-here'] });
    expect(missing.spawnError).toBe('no-such-program-here: not found (no such file, or not on PATH)');
    const denied = await runWith(kind, { argv: [env.path('not-executable')] });
    expect(denied.spawnError).toBe(`${env.path('not-executable')}: permission denied (is it executable?)`);
    const gone = await runWith(kind, { argv: ['/bin/true'], cwd: env.path('gone') });
    expect(gone.spawnError).toBe(`/bin/true: working directory ${env.path('gone')} does not exist`);
    const nul = await runWith(kind, { argv: ['/bin/echo', 'a\0b'] });
    expect(nul.spawnError).toMatch(/^\/bin\/echo: .*null bytes|^\/bin\/echo: .*NUL byte/);
    for (const r of [missing, denied, gone, nul]) expect(r).toMatchObject({ exitCode: null, pid: null });
  });

  test('forty hooks at once each get their own exit code, their signals coalescing', async () => {
    env = makeEnv();
    const runs = await Promise.all(
      Array.from({ length: 40 }, (_, i) => runWith(kind, { argv: ['/bin/sh', '-c', `exit ${i + 1}`] })),
    );
    expect(runs.map((r) => r.exitCode)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  test('past its timeout the whole group ends, a grandchild too', async () => {
    env = makeEnv();
    const { marker, vars } = markProcesses('HOOKPANEL_SPAWN_TEST');
    const r = await runWith(kind, {
      argv: ['/bin/sh', '-c', 'sleep 60 & sleep 60'],
      env: { PATH, ...vars },
      timeoutMs: 300,
      killGraceMs: 300,
    });
    expect(r).toMatchObject({ timedOut: true, groupKilled: true, signal: 'SIGTERM' });
    await expectAllEnded(marker, 5000);
  });
});

test.runIf(process.platform === 'linux')('a hook sees the same open descriptors either way', async () => {
  env = makeEnv();
  const fds = async (kind: SpawnKind) =>
    (await shOut(kind, 'ls /proc/$$/fd')).split('\n').filter(Boolean).sort();
  const posix = await fds('posix');
  expect(posix).toEqual(await fds('node'));
  expect(posix).toEqual(expect.arrayContaining(['0', '1', '2']));
});
