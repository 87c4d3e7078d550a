// The fast path's copies (intake/kept-payloads.ts): what a request may name, and what a sweep removes, on
// a real folder with a real HTTP request held open.
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, request, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { KeptPayloads } from '../../electron/host/intake/kept-payloads.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hookpanel-kept-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A response of a real request, open until the returned `end` is called. */
async function openResponse(): Promise<{ res: ServerResponse; end: () => Promise<void> }> {
  let res!: ServerResponse;
  const arrived = new Promise<void>((resolve) => {
    const server = createServer((_req, r) => {
      res = r;
      resolve();
    });
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      request({ port, host: '127.0.0.1', method: 'POST' }, (answer) => answer.resume()).end('{}');
    });
    cleanups.push(() => server.close());
  });
  await arrived;
  const end = () => new Promise<void>((r) => res.once('close', () => r()).end());
  return { res, end };
}

test('a request names a copy by the name the script gives (random, or a pid), never a path', async () => {
  const kept = new KeptPayloads(folder());
  const { res, end } = await openResponse();
  const uuid = 'a913a0f9-9b4b-4a11-8c7c-33919cdef9f2';
  for (const named of [null, '', '-1', '12z', 'A913', '../settings.json', '/etc/passwd', '.', `${uuid}0`])
    expect(kept.claim(res, named)).toBeNull();
  expect(kept.claim(res, '4242')).toBe(join(kept.dir, '4242'));
  expect(kept.claim(res, uuid)).toBe(join(kept.dir, uuid));
  await end();
});

test('a sweep removes copies over a minute old, but never one an open request names', async () => {
  const dir = folder();
  const kept = new KeptPayloads(dir);
  const old = new Date(Date.now() - 2 * 60_000);
  for (const name of ['101', '102', '103']) writeFileSync(join(dir, name), '{}');
  utimesSync(join(dir, '101'), old, old);
  utimesSync(join(dir, '102'), old, old);
  const { res, end } = await openResponse();
  kept.claim(res, '102');
  await kept.sweep();
  expect(readdirSync(dir).sort()).toStrictEqual(['102', '103']);
  await end();
  await kept.sweep();
  expect(readdirSync(dir)).toStrictEqual(['103']);
});

test('start makes the folder owner-only and sweeps it; a folder gone is no error', async () => {
  const dir = join(folder(), 'payloads');
  const kept = new KeptPayloads(dir);
  await kept.start();
  kept.stop();
  expect(statSync(dir).mode & 0o777).toBe(0o700);
  rmSync(dir, { recursive: true });
  await expect(kept.sweep()).resolves.toBeUndefined();
});
