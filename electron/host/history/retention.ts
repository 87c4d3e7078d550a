// Retention: records older than the age limit go, then the oldest go until the data fits the size limit.
// Deletes run in small transactions so writers (the host's inserts, `emit` fallbacks) wait milliseconds.
import type { Db } from './schema.js';
import { localDay } from './writer.js';

export interface Retention {
  maxBytes: number;
  maxAgeDays: number;
  now?: number;
}

export interface RetentionResult {
  deletedDispatches: number;
  deletedEvents: number;
  bytesBefore: number;
  bytesAfter: number;
}

const BATCH = 2000;

/** Bytes the records take: pages in use (free pages are reused before the file grows). */
export function usedBytes(db: Db): number {
  const one = (sql: string) => Object.values(db.prepare(sql).get() as Record<string, number>)[0]!;
  return (one('PRAGMA page_count') - one('PRAGMA freelist_count')) * one('PRAGMA page_size');
}

function deleteBefore(db: Db, table: 'dispatches' | 'events', time: number): number {
  let total = 0;
  for (;;) {
    const n = db
      .prepare(
        `DELETE FROM ${table} WHERE seq IN (SELECT seq FROM ${table} WHERE time < ? ORDER BY time LIMIT ${BATCH})`,
      )
      .run(time).changes;
    total += n;
    if (n < BATCH) return total;
  }
}

/** The time of the n-th oldest dispatch. */
function nthOldest(db: Db, n: number): number | null {
  const row = db
    .prepare('SELECT time FROM dispatches ORDER BY time LIMIT 1 OFFSET ?')
    .get(Math.max(0, n - 1)) as { time: number } | undefined;
  return row?.time ?? null;
}

/** Deleted rows leave tombstones in the full-text index until its segments merge: merge them now. */
function compactText(db: Db): void {
  db.exec("INSERT INTO dispatch_text (dispatch_text) VALUES ('optimize')");
  db.exec("INSERT INTO event_text (event_text) VALUES ('optimize')");
}

export function enforceRetention(db: Db, r: Retention): RetentionResult {
  const now = r.now ?? Date.now();
  const bytesBefore = usedBytes(db);
  const cutoff = now - r.maxAgeDays * 86_400_000;
  let deletedDispatches = deleteBefore(db, 'dispatches', cutoff);
  let deletedEvents = deleteBefore(db, 'events', cutoff);
  db.prepare('DELETE FROM cost_daily WHERE day < ?').run(localDay(cutoff));
  if (deletedDispatches || deletedEvents) compactText(db);
  // Over the size limit: the oldest records go in proportion to the excess, down to 90% of the limit so
  // this does not run again at the next insert; measured again after each round.
  for (let round = 0; round < 5; round++) {
    const used = usedBytes(db);
    if (used <= r.maxBytes) break;
    const total = (db.prepare('SELECT count(*) AS n FROM dispatches').get() as { n: number }).n;
    const share = Math.min(total, Math.max(1, Math.ceil(total * (1 - (0.9 * r.maxBytes) / used))));
    const until = total ? nthOldest(db, share) : null;
    const time = until === null ? Number.MAX_SAFE_INTEGER : until + 1;
    deletedDispatches += deleteBefore(db, 'dispatches', time);
    deletedEvents += deleteBefore(db, 'events', time);
    compactText(db);
    if (until === null) break;
  }
  if (deletedDispatches || deletedEvents) db.exec('PRAGMA incremental_vacuum');
  return { deletedDispatches, deletedEvents, bytesBefore, bytesAfter: usedBytes(db) };
}
