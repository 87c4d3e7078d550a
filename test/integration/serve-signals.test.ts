// `hookpanel serve` ends on SIGTERM and SIGINT by shutting down (its hooks' grace, history closed), exit
// code 0, also once a library has hooked the signals to run its own exit handlers. signal-exit (loaded by
// proper-lockfile at a Gemini trust edit's first lock, and by execa) sends the signal again, to end the
// process as the signal would, when it finds no other listener; a `process.once` listener is gone by the
// time it looks, so serve was killed mid-shutdown. The probe registers signal-exit's handler once serve
// has its own, as proper-lockfile does when it is loaded after serve's start.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { CLI } from '../helpers/cli.js';
import { makeEnv, REPO, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
afterEach(async () => {
  await env?.cleanup();
});

/** signal-exit as proper-lockfile resolves it. */
const SIGNAL_EXIT = createRequire(join(REPO, 'node_modules', 'proper-lockfile', 'package.json')).resolve(
  'signal-exit',
);

test.each(['SIGTERM', 'SIGINT'] as const)(
  'serve with signal-exit loaded ends on %s by its own shutdown, code 0',
  async (signal) => {
    env = makeEnv();
    const probe = env.write(
      'probe.cjs',
      `const wait = setInterval(() => {\n` +
        `  if (process.listenerCount('${signal}') === 0) return;\n` +
        `  clearInterval(wait);\n` +
        `  require(${JSON.stringify(SIGNAL_EXIT)})(() => process.stderr.write('signal-exit ran\\n'));\n` +
        `  process.stdout.write('probe: signal-exit loaded\\n');\n` +
        `}, 5);\n` +
        `wait.unref();\n`,
    );
    const child = spawn(process.execPath, [CLI, 'serve'], {
      env: { ...env.processEnv, NODE_OPTIONS: `--require=${probe}` },
      cwd: env.workspace,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const ended = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.once('exit', (code, sig) => resolve([code, sig])),
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => out.includes('probe: signal-exit loaded') && resolve());
      void ended.then(() => reject(new Error(`serve ended before it listened: ${out}`)));
    });
    child.kill(signal);
    expect(await ended, out).toEqual([0, null]);
    // signal-exit's own handler still ran, at the exit serve chose.
    expect(out).toContain('signal-exit ran');
  },
);
