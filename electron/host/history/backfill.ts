// The part of a migration that reads every record (schema 4's search index written again, schema 5's
// machine columns) runs after the migration's own short transaction, a batch at a time, each batch its
// own transaction: records are taken, and queries answered, between any two, and a process killed
// midway leaves the work where its last batch committed, for the next opener to go on with. How far each
// task got is kept in `meta`, written in the same transaction as the batch it describes.
import { machineBatch } from './machine-backfill.js';
import type { Db } from './schema.js';
import { reindexBatch } from './text-reindex.js';

const TASKS = {
  'text:dispatches': (db: Db, after: number, upto: number, rows: number) =>
    reindexBatch(db, 'dispatches', after, upto, rows),
  'text:events': (db: Db, after: number, upto: number, rows: number) =>
    reindexBatch(db, 'events', after, upto, rows),
  'machine:dispatches': (db: Db, after: number, upto: number, rows: number) =>
    machineBatch(db, 'dispatches', after, upto, rows),
  'machine:events': (db: Db, after: number, upto: number, rows: number) =>
    machineBatch(db, 'events', after, upto, rows),
} as const;
export type BackfillTask = keyof typeof TASKS;

/**
 * Records per batch: at 1,000,000 records a batch took 37 ms at the median on a machine at a load of 25
 * (test/bench/history.ts), and the longest, one in which FTS5 merged segments as it wrote, 28 s. With
 * FTS5's automerge off in the index's batches (text-reindex.ts): 63 ms at the median, the longest 3.8 s,
 * at a load of 4–16 (FTS5 still merges a level of 16 segments as it writes, its crisismerge).
 */
export const BATCH_ROWS = 1000;

const PREFIX = 'backfill:';

/** Where a task has got to: row ids after `after`, up to `upto` (the last row when it was scheduled). */
interface Cursor {
  after: number;
  upto: number;
}

/**
 * Schedules tasks over the records there now, inside the migration's transaction (records written after
 * it are written whole by the writer of the new schema).
 */
export function scheduleBackfill(db: Db, tasks: BackfillTask[]): void {
  for (const task of tasks) {
    const table = task.endsWith('dispatches') ? 'dispatches' : 'events';
    const { upto } = db.prepare(`SELECT coalesce(max(seq), 0) AS upto FROM ${table}`).get() as {
      upto: number;
    };
    if (upto)
      db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(
        PREFIX + task,
        JSON.stringify({ after: 0, upto } satisfies Cursor),
      );
  }
}

function next(db: Db): { task: BackfillTask; cursor: Cursor } | null {
  const rows = db
    .prepare("SELECT key, value FROM meta WHERE key >= ? AND key < ? || '~'")
    .raw()
    .all(PREFIX, PREFIX) as [string, string][];
  const pending = new Map(rows.map(([k, v]) => [k.slice(PREFIX.length), JSON.parse(v) as Cursor]));
  for (const task of Object.keys(TASKS) as BackfillTask[]) {
    const cursor = pending.get(task);
    if (cursor) return { task, cursor };
  }
  return null;
}

/** Whether a migration's backfill is still to be done. */
export function backfillPending(db: Db): boolean {
  return next(db) !== null;
}

/**
 * One batch of the first task left, in its own transaction: whether any work is left after it. Two
 * processes may run batches of one file at once: each reads the task's cursor under the write lock.
 */
export function backfillStep(db: Db, rows = BATCH_ROWS): boolean {
  db.exec('BEGIN IMMEDIATE');
  try {
    const todo = next(db);
    if (todo) {
      const { task, cursor } = todo;
      const last = TASKS[task](db, cursor.after, cursor.upto, rows);
      if (last === null || last >= cursor.upto)
        db.prepare('DELETE FROM meta WHERE key = ?').run(PREFIX + task);
      else
        db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(
          JSON.stringify({ after: last, upto: cursor.upto } satisfies Cursor),
          PREFIX + task,
        );
    }
    const more = next(db) !== null;
    db.exec('COMMIT');
    return more;
  } catch (e) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw e;
  }
}

/** Every batch left, one transaction each (a process that reads the history at once: the CLI). */
export function finishBackfill(db: Db, rows = BATCH_ROWS): void {
  while (backfillStep(db, rows));
}
