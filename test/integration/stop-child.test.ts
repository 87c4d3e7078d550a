// The helper every test's teardown stops its processes with: a child that ends on the signal, one that
// ignores it and is killed after the grace given, and one already gone.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { expect, test } from 'vitest';
import { stopChild } from '../helpers/stop-child.js';

/** A Node child that has said it is ready (its SIGTERM handler, if any, in place). */
async function child(code: string) {
  const c = spawn(process.execPath, ['-e', `${code}; console.log('ready'); setInterval(() => {}, 1000)`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(c.stdout!, 'data');
  return c;
}

test('a child that ends on SIGTERM is stopped by it', async () => {
  const c = await child('');
  await stopChild(c);
  expect(c.signalCode).toBe('SIGTERM');
});

test('a child that ignores SIGTERM is sent SIGKILL once the grace is over', async () => {
  const c = await child("process.on('SIGTERM', () => console.log('ignored'))");
  const ignored = once(c.stdout!, 'data');
  await stopChild(c, 'SIGTERM', { killAfterMs: 300 });
  // It took the SIGTERM and lived on: only the SIGKILL ended it.
  expect(String((await ignored)[0])).toContain('ignored');
  expect(c.signalCode).toBe('SIGKILL');
});

test('a child already gone settles at once', async () => {
  const c = await child('');
  c.kill('SIGKILL');
  await once(c, 'exit');
  await stopChild(c, 'SIGTERM', { killAfterMs: 10 });
  expect(c.signalCode).toBe('SIGKILL');
});
