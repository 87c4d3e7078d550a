// The history database when it cannot simply be used: a newer Hookpanel's file, a file damaged mid-way,
// a full disk, a read-only folder, and processes migrating one file at once. Real files, real SQLite,
// real processes; the full disk and the read-only folder are tmpfs mounts (root only: skipped elsewhere).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import { afterEach, describe, expect, test } from 'vitest';
import type { HistoryRecord } from '../../shared/dispatch.js';
import {
  BUSY_TIMEOUT_MS,
  DB_FILE,
  MMAP_BYTES,
  openHistoryDb,
  SCHEMA_VERSION,
} from '../../electron/host/history/schema.js';
import { parseSpool } from '../../electron/host/history/spool-import.js';
import { DEFAULT_SETTINGS } from '../../electron/host/settings/settings.js';
import { SPOOL_FILE } from '../../electron/host/history/spool.js';
import { runCli } from '../helpers/cli.js';
import { FIXTURES, makeEnv, REPO, type TestEnv } from '../helpers/env.js';
import { closeStores, openStore } from '../helpers/history-stores.js';
import { dispatchRecord, eventRecord, T0 } from '../helpers/history-records.js';
import { waitFor } from '../helpers/host.js';
import { mountTmpfs, tmpfsUnavailable } from '../helpers/tmpfs.js';
import { startServe, type RunningHost } from '../helpers/serve.js';

/** The system's mount and umount (util-linux): the read-only test binds the tmpfs over itself. */
const [MOUNT, UMOUNT] = ['mount', 'umount'];

let env: TestEnv;
let serve: RunningHost | null = null;
/** Bind mounts over a test's tmpfs, taken off before the tmpfs itself (at the env's clean-up). */
const mounts: string[] = [];
afterEach(async () => {
  await closeStores();
  await serve?.stop('SIGKILL');
  serve = null;
  for (const m of mounts.splice(0)) spawnSync(UMOUNT, ['-l', m]);
  await env?.cleanup();
});

const NO_TMPFS = tmpfsUnavailable();
if (NO_TMPFS) console.warn(`history-db: the full-disk and read-only tests are skipped: ${NO_TMPFS}`);

/** Everything committed into the database file itself, the WAL emptied: what a clean shutdown leaves. */
function checkpoint(path: string): void {
  const db = new Database(path);
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
}

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
/** An event and its dispatch, with text enough that a few hundred span many pages. */
const pair = (i: number, time = at(i)): HistoryRecord[] => [
  dispatchRecord({ id: `d${i}`, eventId: `e${i}`, time, stdoutTail: `output ${i} `.repeat(40) }),
  eventRecord({ id: `e${i}`, time, payload: { tool_input: { command: `ls ${i} `.repeat(40) } } }),
];

describe('the history database', () => {
  test('each connection maps all of the file default retention keeps, as this SQLite allows', () => {
    env = makeEnv();
    const db = openHistoryDb(join(env.root, DB_FILE));
    try {
      // SQLite silently lowers a map larger than it was built for: this is what the reads really get.
      const { mmap_size: mapped } = db.prepare('PRAGMA mmap_size').get() as { mmap_size: number };
      expect(mapped).toBe(MMAP_BYTES);
      expect(DEFAULT_SETTINGS.history.maxBytes - mapped).toBeLessThanOrEqual(64 * 1024);
    } finally {
      db.close();
    }
  });

  test('a file from a newer Hookpanel is refused, named, left as it is; records wait in the spool', async () => {
    env = makeEnv();
    const dir = env.path('hp/history');
    const path = join(dir, DB_FILE);
    openHistoryDb(path).close();
    const newer = new Database(path);
    newer.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    newer.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    newer.close();
    const before = sha(path);

    const r = await runCli(['history', '--json'], { env: env.processEnv });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `the history database ${path} was written by a newer Hookpanel (schema ${SCHEMA_VERSION + 1}; this one knows ${SCHEMA_VERSION} and older)`,
    );
    // What a host records meanwhile is not lost: it waits in the spool for a Hookpanel that can take it.
    const store = openStore(dir);
    await store.append(pair(1));
    const spooled = parseSpool(readFileSync(join(dir, SPOOL_FILE), 'utf8')).batches.flat();
    expect(spooled.map((x) => x.id)).toEqual(['d1', 'e1']);
    await closeStores();
    expect(sha(path)).toBe(before);
  });

  test('a file damaged mid-way: set aside untouched and named, its readable records exported and kept', async () => {
    env = makeEnv();
    const dir = env.path('hp/history');
    const path = join(dir, DB_FILE);
    const store = openStore(dir);
    for (let i = 1; i <= 300; i++) await store.append(pair(i));
    await closeStores();
    checkpoint(path);
    // Damage the table page that holds d150's record (never page 1, which says what the file is).
    const bytes = readFileSync(path);
    const page = Math.floor(bytes.indexOf('"id":"d150"') / 4096);
    expect(page).toBeGreaterThan(0);
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, page * 4096);
    closeSync(fd);
    const damaged = sha(path);

    const r = await runCli(['history', '--export', 'jsonl'], { env: env.processEnv, timeoutMs: 60_000 });
    expect(r.stderr).toMatch(
      new RegExp(
        `the history database ${path} is damaged \\(database disk image is malformed\\); it is not written again: it was moved, as it is, to ${path}\\.damaged-\\S+`,
      ),
    );
    expect(r.code).toBe(0);
    const exported = r.stdout
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { id: string }).id);
    // Every record once, oldest first, but those on the damaged page.
    expect(new Set(exported).size).toBe(exported.length);
    expect(exported[0]).toBe('d1');
    expect(exported.at(-1)).toBe('d300');
    expect(exported).not.toContain('d150');
    expect(exported.length).toBeGreaterThan(280);
    // The damaged file was never written: it is aside, byte for byte as it was.
    const aside = readdirSync(dir).filter((n) => /^history\.db\.damaged-[\dTZ-]+$/.test(n));
    expect(aside).toHaveLength(1);
    expect(sha(join(dir, aside[0]!))).toBe(damaged);
    // The new database holds what could be read, with nothing more to say next time.
    const again = await runCli(['history', '--json', '--limit', '1000'], { env: env.processEnv });
    expect(again.stderr).toBe('');
    const { dispatches } = JSON.parse(again.stdout) as { dispatches: { id: string }[] };
    expect(dispatches.map((d) => d.id).sort()).toEqual(exported.slice().sort());
    expect(sha(join(dir, aside[0]!))).toBe(damaged);
  });

  test('a host meets the damage on a write: the batch goes to the new database, the rest is salvaged', async () => {
    env = makeEnv();
    const dir = env.path('hp/history');
    const path = join(dir, DB_FILE);
    const store = openStore(dir);
    for (let i = 1; i <= 200; i++) await store.append(pair(i));
    await closeStores();
    checkpoint(path);
    // Damage the page of the newest dispatch: the next one recorded must go through it.
    const bytes = readFileSync(path);
    const page = Math.floor(bytes.indexOf('"id":"d200"') / 4096);
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, page * 4096);
    closeSync(fd);
    const damaged = sha(path);
    const host = openStore(dir);
    await host.start();
    for (let i = 201; i <= 210; i++) await host.append(pair(i));
    const ids = new Set((await host.query({}, 1000)).dispatches.map((d) => d.id));
    for (let i = 201; i <= 210; i++) expect(ids.has(`d${i}`)).toBe(true);
    expect(ids.size).toBeGreaterThan(150);
    await closeStores();
    const aside = readdirSync(dir).filter((n) => /^history\.db\.damaged-[\dTZ-]+$/.test(n));
    expect(aside).toHaveLength(1);
    expect(sha(join(dir, aside[0]!))).toBe(damaged);
  });

  test('processes opening one schema-1 file at once migrate it once; each one records', async () => {
    env = makeEnv();
    const dir = env.path('hp/history');
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(FIXTURES, 'history', 'schema-1.db'), join(dir, DB_FILE));
    const store = join(REPO, 'dist', 'electron', 'host', 'history', 'store.js');
    const script = `
      const { HistoryStore } = await import(${JSON.stringify(store)});
      const s = new HistoryStore({ dir: ${JSON.stringify(dir)} });
      const n = process.argv[1];
      await s.append([${JSON.stringify(pair(0)[0]).replace('"d0"', '"d-" + n').replace('"e0"', '"e-" + n')}]);
      console.log((await s.counts()).dispatches > 0 ? 'ok' : 'none');
      await s.close();`;
    const runs = Array.from({ length: 4 }, (_, n) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script, String(n)], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      return new Promise<string>((resolve) => child.on('close', (code) => resolve(`${code} ${out.trim()}`)));
    });
    expect(await Promise.all(runs)).toEqual(['0 ok', '0 ok', '0 ok', '0 ok']);
    const db = openHistoryDb(join(dir, DB_FILE), { readonly: true });
    try {
      expect(db.prepare('PRAGMA user_version').get()).toMatchObject({ user_version: SCHEMA_VERSION });
      const ids = (db.prepare('SELECT id FROM dispatches ORDER BY id').all() as { id: string }[]).map(
        (r) => r.id,
      );
      expect(ids).toEqual(['d-0', 'd-1', 'd-2', 'd-3', 'd-old']);
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'events_waiting'").get()).toBeTruthy();
    } finally {
      db.close();
    }
  });
});

describe.skipIf(!!NO_TMPFS)('the history on a full or read-only disk (tmpfs, as root)', () => {
  function stopHook(e: TestEnv): void {
    e.write(
      '~/.config/pw/code.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: '/bin/true', args: [] }] }] } }),
    );
  }

  test(
    'a full disk: hooks still answer at once, and every event is written once there is room',
    { timeout: 120_000 },
    async () => {
      env = makeEnv();
      stopHook(env);
      const dir = mountTmpfs(env, 'hp/history', '2m');
      const store = openStore(dir);
      // Recorded today: one from T0 is past the retention's 180 days, and serve's start deletes it
      // whenever its retention runs before the disk is full.
      await store.append(pair(1, new Date().toISOString()));
      await closeStores();
      serve = await startServe(env);
      const path = join(dir, DB_FILE);
      // Fill the disk to its last byte.
      const filler = join(dir, 'filler');
      const fd = openSync(filler, 'w');
      const block = Buffer.alloc(64 * 1024, 1);
      try {
        for (;;) writeSync(fd, block);
      } catch (e) {
        expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
      }
      try {
        for (;;) writeSync(fd, block, 0, 1);
      } catch {
        // full
      }
      closeSync(fd);
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = Date.now();
        const r = await runCli(['emit', 'pw', 'Stop'], {
          env: env.processEnv,
          cwd: env.workspace,
          input: JSON.stringify({ session_id: `s${i}`, note: 'x'.repeat(20_000) }),
        });
        times.push(Date.now() - t0);
        expect(r.code).toBe(0);
      }
      // None waited on the disk: a hook held by the database would wait out its busy timeout. (5 s, the
      // bound before, was once exceeded by a plain emit on two cores at load 15.)
      expect(Math.max(...times)).toBeLessThan(BUSY_TIMEOUT_MS);
      const said = await waitFor(serve.output, (o) => o.includes('the disk is full'), 30_000);
      expect(said).toMatch(
        new RegExp(`the history database ${path} (failed|could not be opened): the disk is full`),
      );
      // The overflow spool (off the full disk) keeps them until the database can take them.
      expect(said).toMatch(/its records are kept in its spool until it can take them/);
      // Room again: everything held is written, nothing lost.
      rmSync(filler);
      const listed = await waitFor(
        async () => {
          const r = await runCli(['history', '--events', '--json', '--limit', '100'], {
            env: env.processEnv,
          });
          return r.code === 0 ? (JSON.parse(r.stdout) as { events: { sessionId: string }[] }).events : [];
        },
        (events) => events.length >= 6,
        30_000,
      );
      expect(listed.map((e) => e.sessionId).sort()).toEqual(['s0', 's1', 's1', 's2', 's3', 's4']);
    },
  );

  test(
    'a read-only history folder: serve names it and why (never "undefined"); the hook still answers',
    { timeout: 120_000 },
    async () => {
      env = makeEnv();
      stopHook(env);
      const dir = mountTmpfs(env, 'hp/history', '4m');
      const store = openStore(dir);
      await store.append(pair(1));
      await closeStores();
      // As SQLite leaves a database it closed cleanly: no WAL or shared-memory file. (With them present
      // in a read-only folder, opening waits far longer: not yet handled, see the branch's report.)
      checkpoint(join(dir, DB_FILE));
      for (const suffix of ['-wal', '-shm']) rmSync(join(dir, DB_FILE + suffix), { force: true });
      // The same folder, read-only from now on (a bind mount of itself: the tmpfs below stays writable).
      expect(spawnSync(MOUNT, ['--bind', dir, dir]).status).toBe(0);
      mounts.unshift(dir);
      expect(spawnSync(MOUNT, ['-o', 'remount,bind,ro', dir]).status).toBe(0);
      // Read-only indeed, before anything depends on it.
      expect(() => writeFileSync(join(dir, 'probe'), '')).toThrow(/EROFS/);
      serve = await startServe(env);
      const said = await waitFor(serve.output, (o) => o.includes('hookpanel: history:'), 60_000);
      expect(said).not.toContain('undefined');
      expect(said).toContain(
        `hookpanel: history: the history database ${join(dir, DB_FILE)} could not be opened: the folder ${dir} is on a read-only file system`,
      );
      const r = await runCli(['emit', 'pw', 'Stop'], {
        env: env.processEnv,
        cwd: env.workspace,
        input: '{}',
      });
      expect(r.code).toBe(0);
      const held = await waitFor(serve.output, (o) => o.includes('held in memory'), 30_000);
      expect(held).toContain('the spool cannot be written either');
      const cli = await runCli(['history'], { env: env.processEnv });
      expect(cli.code).toBe(1);
      expect(cli.stderr).toContain(`the folder ${dir} is on a read-only file system`);
    },
  );
});
