// The history database: one SQLite file (libsql, an N-API build that loads unchanged under Node and
// Electron) in WAL mode, so the host, in-process `hookpanel emit` fallbacks and readers work at once.
import type Database from 'libsql';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { describeDbError, HistoryDbError, isDamaged, setAside } from './damage.js';
import { backfillSessions, SESSION_TABLES } from './sessions.js';
import { scheduleBackfill } from './backfill.js';
import { costDailyTable } from './cost-rows.js';
import { addMachineColumns, MACHINE_INDEXES } from './machine-columns.js';

export type Db = InstanceType<typeof Database>;
export type Statement = Database.Statement;

/**
 * libsql, loaded when a database is first opened: a process that only spools its records (the
 * in-process `hookpanel emit`) never pays for loading it. It is CommonJS, and native.
 */
let libsql: typeof Database | null = null;
function loadLibsql(): typeof Database {
  libsql ??= createRequire(import.meta.url)('libsql') as typeof Database;
  return libsql;
}

export const DB_FILE = 'history.db';
/** Bumped when the tables change; `migrateSchema` brings an older file up to date. */
export const SCHEMA_VERSION = 5;
/** How long a writer waits for another one's transaction before giving up. */
export const BUSY_TIMEOUT_MS = 10_000;
/** SQLite's largest memory map (SQLITE_MAX_MMAP_SIZE), 64 KiB short of default retention's 2 GiB. */
export const MMAP_BYTES = 0x7fff0000;

const TABLES = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS dispatches (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  event_id TEXT NOT NULL,
  time INTEGER NOT NULL,
  dialect TEXT NOT NULL,
  event TEXT NOT NULL,
  workspace TEXT,
  source TEXT NOT NULL,
  rule TEXT NOT NULL,
  outcome TEXT NOT NULL,
  duration_ms REAL NOT NULL,
  awaited INTEGER NOT NULL,
  record TEXT NOT NULL,
  -- Version 5: the machine (user@host) of a record from another one; null for this computer's.
  machine TEXT
);
CREATE INDEX IF NOT EXISTS dispatches_time ON dispatches (time);
CREATE INDEX IF NOT EXISTS dispatches_outcome ON dispatches (outcome, time);
CREATE INDEX IF NOT EXISTS dispatches_dialect ON dispatches (dialect, time);
CREATE INDEX IF NOT EXISTS dispatches_event ON dispatches (event, time);
CREATE INDEX IF NOT EXISTS dispatches_rule ON dispatches (rule, time);
CREATE INDEX IF NOT EXISTS dispatches_workspace ON dispatches (workspace, time);
CREATE INDEX IF NOT EXISTS dispatches_event_id ON dispatches (event_id);

CREATE TABLE IF NOT EXISTS events (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  time INTEGER NOT NULL,
  dialect TEXT NOT NULL,
  event TEXT NOT NULL,
  workspace TEXT,
  session TEXT NOT NULL,
  tool TEXT,
  decision TEXT NOT NULL,
  duration_ms REAL NOT NULL,
  turn_done INTEGER NOT NULL,
  record TEXT NOT NULL,
  machine TEXT
);
CREATE INDEX IF NOT EXISTS events_time ON events (time);
CREATE INDEX IF NOT EXISTS events_dialect ON events (dialect, time);
CREATE INDEX IF NOT EXISTS events_event ON events (event, time);
CREATE INDEX IF NOT EXISTS events_workspace ON events (workspace, time);
CREATE INDEX IF NOT EXISTS events_session ON events (session, turn_done);
-- Version 2: permission requests still waiting for a person, which a host that starts settles (a host
-- that died while one waited left it so). Partial: it holds only those few rows.
CREATE INDEX IF NOT EXISTS events_waiting ON events (time) WHERE json_extract(record, '$.held') = 'waiting';

-- Full-text search (FTS5). Contentless: the text lives once, in the records; the index only points at rows.
CREATE VIRTUAL TABLE IF NOT EXISTS dispatch_text USING fts5 (
  rule, source, handler, event, reason, stdout, stderr,
  content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE IF NOT EXISTS event_text USING fts5 (
  event, reason, payload,
  content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER IF NOT EXISTS dispatches_text_delete AFTER DELETE ON dispatches BEGIN
  DELETE FROM dispatch_text WHERE rowid = old.seq;
END;
CREATE TRIGGER IF NOT EXISTS events_text_delete AFTER DELETE ON events BEGIN
  DELETE FROM event_text WHERE rowid = old.seq;
END;

-- Every rule name seen: the rule filter matches names here, then uses the rule index. Likewise every
-- workspace, for the panel's workspace filter.
CREATE TABLE IF NOT EXISTS rule_names (rule TEXT NOT NULL, dialect TEXT NOT NULL, PRIMARY KEY (rule, dialect))
  WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS workspace_names (workspace TEXT PRIMARY KEY) WITHOUT ROWID;

-- What hooks cost, per local day: duration histograms (see cost.ts) kept as records arrive, so percentiles
-- over months never scan the records. scope: 'rule' (one rule's runs), 'event' (an event the agent waited
-- on, by tool), 'turn' (every event of a turn added up). machine: user@host, '' for this computer's.
${costDailyTable('cost_daily')}

-- Rules whose recent p95 is over their latency budget (flagged once, until they recover).
CREATE TABLE IF NOT EXISTS budget_flags (
  dialect TEXT NOT NULL,
  source TEXT NOT NULL,
  rule TEXT NOT NULL,
  event TEXT NOT NULL,
  tool TEXT,
  p95_ms REAL NOT NULL,
  budget_ms REAL NOT NULL,
  samples INTEGER NOT NULL,
  since TEXT NOT NULL,
  PRIMARY KEY (dialect, source, rule, event)
) WITHOUT ROWID;

-- The one-time import of the JSON-lines history: how far each file got, so a crash resumes.
CREATE TABLE IF NOT EXISTS jsonl_import (
  file TEXT PRIMARY KEY,
  size INTEGER NOT NULL,
  offset INTEGER NOT NULL,
  records INTEGER NOT NULL,
  unreadable INTEGER NOT NULL
) WITHOUT ROWID;
`;

export interface OpenOptions {
  readonly?: boolean;
}

/**
 * Opens (creating when needed) the history database with the settings every connection shares. Every
 * error names the file and the reason (damage.ts). A file that is not a database, or is damaged where
 * opening reads it, is set aside, named, and a new database takes its place; its readable records are
 * salvaged by the connection (connection.ts). A database from a newer Hookpanel is refused and left as
 * it is.
 */
export function openHistoryDb(path: string, opts: OpenOptions = {}): Db {
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  } catch (e) {
    throw describeDbError(path, e);
  }
  try {
    return open(path, opts);
  } catch (e) {
    if (!isDamaged(e)) throw describeDbError(path, e);
    // Not a database (or a damaged one): set it aside, never to be written, keep recording in a new one.
    const aside = setAside(path);
    process.stderr.write(
      `hookpanel: the history database ${path} is damaged (${(e as Error).message}); it was moved, untouched, to ${aside}, and a new one started\n`,
    );
    try {
      return open(path, opts);
    } catch (again) {
      throw describeDbError(path, again);
    }
  }
}

/** A database only read, never written (a damaged one being salvaged). */
export function openReadOnly(path: string): Db {
  return new (loadLibsql())(path, { readonly: true, timeout: BUSY_TIMEOUT_MS });
}

function open(path: string, opts: OpenOptions): Db {
  // Owner-only, like the rest of Hookpanel's home: payloads and outputs can hold secrets. SQLite gives
  // the WAL and shared-memory files the database file's mode.
  if (!existsSync(path)) writeFileSync(path, '', { mode: 0o600, flag: 'a' });
  const db = new (loadLibsql())(path, { timeout: BUSY_TIMEOUT_MS });
  try {
    // A newer Hookpanel's file is refused before anything here could write to it.
    const version = userVersion(db);
    if (!opts.readonly && version > SCHEMA_VERSION) throw newerSchema(path, version);
    // Lets retention give freed pages back to the disk. Set only on a new, empty file, where it takes
    // effect: on any other it rewrote page 1 at every open, even of a file that was only to be read.
    const pages = db.prepare('PRAGMA page_count').get() as { page_count: number };
    if (pages.page_count === 0) db.exec('PRAGMA auto_vacuum = INCREMENTAL');
    // WAL: readers never block the writer; a commit is one append to the WAL, durable against a killed
    // process (synchronous=NORMAL syncs at checkpoints; only power loss can take the last commits).
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.exec('PRAGMA temp_store = MEMORY');
    // Reads straight from the page cache of the OS rather than copied through SQLite's own, over the
    // whole file default retention keeps (MMAP_BYTES): a search's matches are spread through the file,
    // and past a 256 MiB map each read was a system call (bench: "failed with a word" at 1,000,000
    // records, 32.3 → 21.9 ms in one thread). Writes still go through write(), not the map.
    db.exec(`PRAGMA mmap_size = ${MMAP_BYTES}`);
    if (!opts.readonly) migrateSchema(db, path);
  } catch (e) {
    db.close();
    throw e;
  }
  return db;
}

function userVersion(db: Db): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number };
  return row.user_version;
}

function newerSchema(path: string, version: number): HistoryDbError {
  return new HistoryDbError(
    path,
    `the history database ${path} was written by a newer Hookpanel (schema ${version}; this one knows ${SCHEMA_VERSION} and older): it is left as it is. Run that Hookpanel, or move the file away to start a new history here`,
  );
}

/** Creates or upgrades the tables; concurrent openers serialize on the write lock. */
export function migrateSchema(db: Db, path = DB_FILE): void {
  const refuse = (version: number) => newerSchema(path, version);
  const before = userVersion(db);
  if (before === SCHEMA_VERSION) return;
  // Refused before any lock is taken: a newer file is only read.
  if (before > SCHEMA_VERSION) throw refuse(before);
  db.exec('BEGIN IMMEDIATE');
  try {
    // Another opener may have migrated it while this one waited for the lock.
    const now = userVersion(db);
    if (now > SCHEMA_VERSION) throw refuse(now);
    if (now < SCHEMA_VERSION) {
      db.exec(TABLES);
      // Version 3: sessions, counted from the events recorded before.
      db.exec(SESSION_TABLES);
      if (now < 3) backfillSessions(db);
      // Version 4: the search index's words cut by search-text.ts; a new file has nothing to index. The
      // records are taken a batch at a time after this transaction (backfill.ts), resumed after a crash.
      if (now > 0 && now < 4) scheduleBackfill(db, ['text:dispatches', 'text:events']);
      // Version 5: each record's machine in a column of its own, its cost under it (machine-columns.ts).
      if (now > 0 && now < 5 && addMachineColumns(db))
        scheduleBackfill(db, ['machine:dispatches', 'machine:events']);
      db.exec(MACHINE_INDEXES);
      db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    }
    db.exec('COMMIT');
  } catch (e) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw e;
  }
}
