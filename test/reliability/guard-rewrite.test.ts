// A hosted guard file rewritten in place (truncated, then written) by a real writer in a loop while
// events fire: not one event the rule blocks may be allowed for the moments the file is torn or empty.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { HookHost } from '../../electron/host/service.js';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
let writer: ChildProcess | null = null;
afterEach(async () => {
  writer?.kill('SIGKILL');
  writer = null;
  await env?.cleanup();
});

const GUARD = JSON.stringify(
  {
    hooks: {
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: "echo 'guarded: no shell' >&2; exit 2" }] },
      ],
    },
  },
  null,
  2,
);
const PAYLOAD = { tool_name: 'Bash', tool_input: { command: 'rm -rf build' } };

/**
 * Rewrites `path` in place for ever, a millisecond apart: truncated, half written, then whole, as an
 * editor or a script saving over the file does.
 */
function startWriter(path: string): ChildProcess {
  const code = `
    const fs = require('node:fs');
    const text = ${JSON.stringify(GUARD)};
    const pause = new Int32Array(new SharedArrayBuffer(4));
    for (;;) {
      const fd = fs.openSync(${JSON.stringify(path)}, 'w');
      fs.writeSync(fd, text.slice(0, 40));
      fs.writeSync(fd, text.slice(40));
      fs.closeSync(fd);
      Atomics.wait(pause, 0, 0, 1);
    }`;
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
}

/** Reads the file until it has been seen torn or empty: the writer is at work. */
async function seenTorn(path: string): Promise<number> {
  let torn = 0;
  for (let i = 0; i < 200_000 && torn < 3; i++) {
    try {
      JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      torn++;
    }
    if (i % 1000 === 0) await new Promise((r) => setImmediate(r));
  }
  return torn;
}

test('the host: 0 of 40 events allowed while the guard file is rewritten in a loop', async () => {
  env = makeEnv();
  const path = env.write('hp/hooks/claude.json', GUARD);
  const host = await HookHost.open(env.host);
  env.onCleanup(() => host.close());
  writer = startWriter(path);
  expect(await seenTorn(path)).toBeGreaterThan(0);
  let allowed = 0;
  for (let i = 0; i < 40; i++) {
    // As the host's file watcher does on every change: the next event reads the file again.
    host.invalidate();
    const { answer } = await host.dispatch({
      dialect: 'claude',
      event: 'PreToolUse',
      payload: { ...PAYLOAD, cwd: env.workspace, session_id: `s${i}` },
      project: null,
      callerCwd: env.workspace,
      parentDispatch: null,
    });
    if (answer.decision !== 'block') allowed++;
  }
  expect(allowed).toBe(0);
});

test('in-process emits (no host): 0 of 12 allowed while the guard file is rewritten in a loop', async () => {
  env = makeEnv();
  const path = env.write('hp/hooks/claude.json', GUARD);
  writer = startWriter(path);
  expect(await seenTorn(path)).toBeGreaterThan(0);
  let allowed = 0;
  for (let i = 0; i < 12; i++) {
    const r = await runCli(['emit', 'claude', 'PreToolUse'], {
      env: env.processEnv,
      cwd: env.workspace,
      input: JSON.stringify({ ...PAYLOAD, session_id: `s${i}` }),
    });
    if (r.code !== 2) allowed++;
  }
  expect(allowed).toBe(0);
}, 60_000);
