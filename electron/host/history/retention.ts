// Retention: records older than the age limit go, then the oldest go until the data fits the size limit.
// Deletes run in small transactions, yielding between them, so writers (the host's records on the same
// worker, `emit` fallbacks) and queries wait milliseconds, never for the whole trim.
import type { Db } from './schema.js';
import { recountSessions } from './sessions.js';
import { localDay } from './cost-rows.js';
import { totalChanges } from './index-merge.js';

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

const yieldNow = () => new Promise((resolve) => setImmediate(resolve));

async function deleteBefore(db: Db, table: 'dispatches' | 'events', time: number): Promise<number> {
  let total = 0;
  for (;;) {
    const n = db
      .prepare(
        `DELETE FROM ${table} WHERE seq IN (SELECT seq FROM ${table} WHERE time < ? ORDER BY time LIMIT ${BATCH})`,
      )
      .run(time).changes;
    total += n;
    if (n < BATCH) return total;
    await yieldNow();
  }
}

/** The time of the n-th oldest dispatch. */
function nthOldest(db: Db, n: number): number | null {
  const row = db
    .prepare('SELECT time FROM dispatches ORDER BY time LIMIT 1 OFFSET ?')
    .get(Math.max(0, n - 1)) as { time: number } | undefined;
  return row?.time ?? null;
}

/** Deleted rows leave tombstones in the full-text index until its segments merge: merge them, a step at a time. */
async function compactText(db: Db): Promise<void> {
  const changes = () => totalChanges(db);
  for (const table of ['dispatch_text', 'event_text']) {
    for (let step = 0; step < 10_000; step++) {
      const before = changes();
      db.exec(`INSERT INTO ${table} (${table}, rank) VALUES ('merge', 500)`);
      if (changes() === before) break; // nothing left to merge
      await yieldNow();
    }
  }
}

export async function enforceRetention(db: Db, r: Retention): Promise<RetentionResult> {
  const now = r.now ?? Date.now();
  const bytesBefore = usedBytes(db);
  const cutoff = now - r.maxAgeDays * 86_400_000;
  let deletedDispatches = await deleteBefore(db, 'dispatches', cutoff);
  let deletedEvents = await deleteBefore(db, 'events', cutoff);
  let deletedUntil = cutoff;
  db.prepare('DELETE FROM cost_daily WHERE day < ?').run(localDay(cutoff));
  if (deletedDispatches || deletedEvents) await compactText(db);
  // Over the size limit: the oldest records go in proportion to the excess, down to 90% of the limit so
  // this does not run again at the next insert; measured again after each round.
  for (let round = 0; round < 5; round++) {
    const used = usedBytes(db);
    if (used <= r.maxBytes) break;
    const total = (db.prepare('SELECT count(*) AS n FROM dispatches').get() as { n: number }).n;
    const share = Math.min(total, Math.max(1, Math.ceil(total * (1 - (0.9 * r.maxBytes) / used))));
    const until = total ? nthOldest(db, share) : null;
    const time = until === null ? Number.MAX_SAFE_INTEGER : until + 1;
    deletedDispatches += await deleteBefore(db, 'dispatches', time);
    deletedEvents += await deleteBefore(db, 'events', time);
    deletedUntil = Math.max(deletedUntil, time);
    await compactText(db);
    if (until === null) break;
  }
  if (deletedEvents) recountSessions(db, deletedUntil);
  if (deletedDispatches || deletedEvents) db.exec('PRAGMA incremental_vacuum');
  return { deletedDispatches, deletedEvents, bytesBefore, bytesAfter: usedBytes(db) };
}
