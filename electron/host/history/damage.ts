// A history database that cannot be used: errors that name the file and say why, and what is done with a
// damaged one. A damaged database (SQLite says "database disk image is malformed", or "file is not a
// database") is never written again: it is renamed aside, named, with its WAL, and a new database takes
// its place; the records that can still be read from it are copied into the new one (salvage), read
// through the table b-trees by row id so that a damaged page costs only the rows on it.
import { accessSync, constants, existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { DispatchRecord, EventRecord, HistoryRecord } from '../../../shared/dispatch.js';
import type { Db } from './schema.js';
import type { HistoryWriter } from './writer.js';

/** SQLite's primary result codes for a damaged file: SQLITE_CORRUPT, SQLITE_NOTADB. */
const DAMAGED = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB']);
const DAMAGED_RAW = new Set([11, 26]);

/** Whether an error says the database file itself is damaged (rather than busy, full or unwritable). */
export function isDamaged(e: unknown): boolean {
  const { code, rawCode } = (e ?? {}) as { code?: unknown; rawCode?: unknown };
  if (typeof code === 'string' && (DAMAGED.has(code) || code.startsWith('SQLITE_CORRUPT_'))) return true;
  return typeof rawCode === 'number' && DAMAGED_RAW.has(rawCode & 0xff);
}

/** An error about the history database that names it; `code` is the original error's. */
export class HistoryDbError extends Error {
  readonly code: string | undefined;
  constructor(
    readonly path: string,
    message: string,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.code = (cause as { code?: string } | undefined)?.code;
  }
}

function codeOf(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Why a folder cannot be written, or null when it can. */
function unwritable(dir: string): string | null {
  try {
    accessSync(dir, constants.W_OK);
    return null;
  } catch (e) {
    const code = codeOf(e);
    if (code === 'EROFS') return `the folder ${dir} is on a read-only file system`;
    if (code === 'ENOENT') return `the folder ${dir} does not exist`;
    return `the folder ${dir} cannot be written (${code || messageOf(e)})`;
  }
}

/**
 * The error to show for a database that could not be opened or written: names the file and the reason
 * (a read-only or unwritable folder, a full disk, a newer Hookpanel's file, a damaged file).
 */
export function describeDbError(path: string, e: unknown, doing = 'could not be opened'): HistoryDbError {
  if (e instanceof HistoryDbError) return e;
  const code = codeOf(e);
  const message = messageOf(e);
  let why: string;
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') why = `the disk is full (${message})`;
  else if (isDamaged(e)) why = `the file is damaged (${message})`;
  else if (
    ['SQLITE_CANTOPEN', 'SQLITE_READONLY', 'SQLITE_IOERR', 'EROFS', 'EACCES', 'EPERM'].some(
      (c) => code === c || code.startsWith(`${c}_`),
    )
  )
    why = unwritable(dirname(path)) ?? message;
  else why = message;
  return new HistoryDbError(path, `the history database ${path} ${doing}: ${why}`, e);
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');
const ASIDE = /^(.+)\.damaged-[\dTZ-]+$/;

/**
 * Renames a damaged database (and its WAL and shared-memory files) aside, so it is never written again,
 * and returns the new name. When the file at `path` is no longer the one that was opened (`opened`: its
 * device and inode), another process set it aside already: nothing is renamed and null is returned.
 */
export function setAside(path: string, opened?: { dev: number; ino: number }): string | null {
  if (opened) {
    const now = statSync(path, { throwIfNoEntry: false });
    if (!now || now.dev !== opened.dev || now.ino !== opened.ino) return null;
  }
  let aside = `${path}.damaged-${stamp()}`;
  for (let n = 2; existsSync(aside); n++) aside = `${path}.damaged-${stamp()}-${n}`;
  for (const suffix of ['', '-wal', '-shm'])
    if (existsSync(path + suffix)) renameSync(path + suffix, aside + suffix);
  return aside;
}

/** Damaged databases set aside beside `path`, oldest first. */
export function asideFiles(path: string): string[] {
  const name = basename(path);
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return [];
  }
  return names
    .filter((n) => ASIDE.exec(n)?.[1] === name)
    .sort()
    .map((n) => join(dirname(path), n));
}

export interface Salvage {
  /** The damaged file records were read from. */
  from: string;
  /** Records found readable and written to the new database (now, or by an earlier salvage). */
  records: number;
  /** Rows that could not be read: lost with the damaged pages. */
  unreadable: number;
  /** The file could not be opened at all (not a database): nothing could be read. */
  unopenable: string | null;
  /** Records written by this call (0 when an earlier salvage took them all), and whether it was the first. */
  added: number;
  first: boolean;
}

/** Rows read per query and written per transaction. */
const PAGE = 500;

/**
 * Every row of a table that can still be read, in row id order from `after`: a query that meets a damaged
 * page is ended there, the next readable row id is found by probing forward, and the rows in between are
 * tried one by one (those on the damaged page fail and are counted).
 */
function* readableRows(
  db: Db,
  table: 'events' | 'dispatches',
  columns: string,
  after: number,
  unreadable: { n: number },
): Generator<{ seq: number; row: unknown[] }> {
  // Prepared afresh for each query: a libsql statement that met damage keeps failing when used again.
  const from = (after: number, limit: number) =>
    db
      .prepare(`SELECT seq, ${columns} FROM ${table} WHERE seq > ? ORDER BY seq LIMIT ?`)
      .raw()
      .all(after, limit) as unknown[][];
  const one = (seq: number) =>
    db.prepare(`SELECT seq, ${columns} FROM ${table} WHERE seq = ?`).raw().get(seq) as unknown[] | undefined;
  const first = (seq: number) =>
    db.prepare(`SELECT seq FROM ${table} WHERE seq >= ? ORDER BY seq LIMIT 1`).raw().get(seq) as
      [number] | undefined;
  let max: number | null = null;
  try {
    max = (db.prepare(`SELECT max(seq) FROM ${table}`).raw().get() as [number | null])[0] ?? after;
  } catch (e) {
    if (!isDamaged(e)) throw e;
  }
  let last = after;
  let limit = PAGE;
  for (;;) {
    // Whole pages of rows (a statement that meets damage part-way may end early without saying so when
    // iterated, so each page is read at once); a page that fails is read again in halves, down to one row.
    let rows: unknown[][] | null = null;
    try {
      rows = from(last, limit);
    } catch (e) {
      if (!isDamaged(e)) throw e;
      if (limit > 1) {
        limit = Math.floor(limit / 2);
        continue;
      }
    }
    if (rows) {
      for (const r of rows) {
        last = r[0] as number;
        yield { seq: last, row: r.slice(1) };
      }
      if (rows.length < limit) return;
      limit = PAGE;
      continue;
    }
    limit = PAGE;
    // Past the damage: the first row id from which a query reads again. A seek into a damaged page may
    // fail or find nothing, so the probe goes on up to the largest row id (when that can be read).
    let next: number | null = null;
    for (let step = 1; step <= 2 ** 40; step *= 2) {
      if (max !== null && last + step > max) break;
      try {
        const r = first(last + step);
        if (r) next = r[0];
        if (r || max === null) break;
      } catch (e) {
        if (!isDamaged(e)) throw e;
      }
    }
    // The rows up to it, one at a time, it included (its row id may read while its record does not);
    // bounded, as a damaged interior page can hide a long run.
    const end = next ?? last;
    for (let seq = last + 1; seq <= end && seq - last <= 100_000; seq++) {
      try {
        const r = one(seq);
        if (r) yield { seq, row: r.slice(1) };
      } catch (e) {
        if (!isDamaged(e)) throw e;
        unreadable.n++;
      }
    }
    if (next === null) return;
    last = next;
  }
}

function parse<T extends HistoryRecord>(text: unknown, type: T['type']): T | null {
  if (typeof text !== 'string') return null;
  try {
    const r = JSON.parse(text) as T;
    return typeof r === 'object' && r !== null && r.type === type && typeof r.id === 'string' ? r : null;
  } catch {
    return null;
  }
}

/**
 * Copies the readable records of a damaged database into the writer's (healthy) database: events first,
 * then dispatches (so a dispatch finds its event's tool), each as awaited as it was. Resumable: how far
 * it got is kept in the new database's `meta`, in the same transactions, and record ids are unique, so a
 * salvage run twice (or by two processes) writes nothing twice. The damaged file is only read.
 */
export function salvage(db: Db, writer: HistoryWriter, damaged: string, open: (path: string) => Db): Salvage {
  const key = `salvage:${basename(damaged)}`;
  const loadState = () => {
    const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row
      ? (JSON.parse(row.value) as { events: number; dispatches: number; records: number; unreadable: number })
      : { events: 0, dispatches: 0, records: 0, unreadable: 0 };
  };
  const first = !db.prepare('SELECT 1 FROM meta WHERE key = ?').get(key);
  const state = loadState();
  const before = state.records;
  const result: Salvage = {
    from: damaged,
    records: state.records,
    unreadable: state.unreadable,
    unopenable: null,
    added: 0,
    first,
  };
  const save = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  let old: Db;
  try {
    old = open(damaged);
    old.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (e) {
    result.unopenable = messageOf(e);
    if (first) save.run(key, JSON.stringify(state));
    return result;
  }
  try {
    const unreadable = { n: 0 };
    const tables: ['events' | 'dispatches', string][] = [
      ['events', 'record'],
      ['dispatches', 'record, awaited'],
    ];
    for (const [table, columns] of tables) {
      let batch: HistoryRecord[] = [];
      const awaited = new Set<string>();
      let lastSeq = state[table];
      const flush = () => {
        if (!batch.length && lastSeq === state[table] && !unreadable.n) return;
        const records = batch;
        batch = [];
        writer.append(records, {
          awaited: (d) => awaited.has(d.id),
          after: () => {
            state[table] = lastSeq;
            state.records += records.length;
            state.unreadable += unreadable.n;
            unreadable.n = 0;
            save.run(key, JSON.stringify(state));
          },
        });
        awaited.clear();
      };
      try {
        for (const { seq, row } of readableRows(old, table, columns, state[table], unreadable)) {
          lastSeq = seq;
          const r =
            table === 'events'
              ? parse<EventRecord>(row[0], 'event')
              : parse<DispatchRecord>(row[0], 'dispatch');
          if (!r) unreadable.n++;
          else {
            batch.push(r);
            if (row[1] === 1) awaited.add(r.id);
          }
          if (batch.length >= PAGE) flush();
        }
      } catch (e) {
        // The table itself cannot be found (its schema page is damaged): nothing more to read in it.
        if (!isDamaged(e)) throw e;
        unreadable.n++;
      }
      flush();
    }
  } finally {
    old.close();
  }
  if (first) save.run(key, JSON.stringify(state));
  const done = loadState();
  return { ...result, records: done.records, unreadable: done.unreadable, added: done.records - before };
}
