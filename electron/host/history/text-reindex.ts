// Schema 4: the full-text index written again from the records, its text cut into words as search-text.ts
// cuts it now (before, SQLite's tokenizer alone cut the raw text, and letters of two scripts side by
// side made one word). The records are the truth; the index is contentless and only points at rows.
// Done a batch at a time by backfill.ts: each row's old entry is replaced, so until the last batch a
// search finds every record, the ones not yet reached by their words as cut before.
import type { DispatchRecord, EventRecord } from '../../../shared/dispatch.js';
import type { Db } from './schema.js';
import { dispatchSearchText, eventSearchText } from './search-text.js';

const KINDS = {
  dispatches: {
    index: 'dispatch_text',
    columns: ['rule', 'source', 'handler', 'event', 'reason', 'stdout', 'stderr'],
    text: (r: string) => dispatchSearchText(JSON.parse(r) as DispatchRecord),
  },
  events: {
    index: 'event_text',
    columns: ['event', 'reason', 'payload'],
    text: (r: string) => eventSearchText(JSON.parse(r) as EventRecord),
  },
} as const;

/** Indexes the records after `after` up to `upto` (row ids), at most `rows`: the last one done, or null. */
export function reindexBatch(
  db: Db,
  records: keyof typeof KINDS,
  after: number,
  upto: number,
  rows: number,
): number | null {
  const { index, columns, text } = KINDS[records];
  return withoutAutomerge(db, index, () => {
    const batch = db
      .prepare(`SELECT seq, record FROM ${records} WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT ?`)
      .raw()
      .all(after, upto, rows) as [number, string][];
    // A contentless table with contentless_delete = 1 takes a delete by row id
    // (https://sqlite.org/fts5.html#contentless_delete_tables).
    const remove = db.prepare(`DELETE FROM ${index} WHERE rowid = ?`);
    const insert = db.prepare(
      `INSERT INTO ${index} (rowid, ${columns.join(', ')}) VALUES (?${', ?'.repeat(columns.length)})`,
    );
    for (const [seq, record] of batch) {
      remove.run(seq);
      insert.run(seq, ...text(record));
    }
    return batch.length ? batch[batch.length - 1]![0] : null;
  });
}

/** FTS5's automerge when a table's configuration does not set it (https://sqlite.org/fts5.html). */
const FTS5_AUTOMERGE = 4;

/**
 * `work` on an FTS5 index with its automerge off, then the setting as it was, all in the caller's
 * transaction. FTS5 merges segments as it writes them, and a batch that happened on a merge of the
 * index's large segments held the write lock for 28 s at 1,000,000 records; with it off a batch writes its
 * own rows (and merges a level only once it holds 16 segments, FTS5's crisismerge), and the idle-time
 * merge (index-merge.ts) does the rest a step at a time.
 * Setting a value writes the rows held in memory first (fts5SpecialInsert), so they are written with
 * automerge off, and the setting is put back before the commit: no commit, and so no kill, ever leaves
 * it off (a killed batch rolls back whole).
 */
function withoutAutomerge<T>(db: Db, index: string, work: () => T): T {
  const row = db.prepare(`SELECT v FROM ${index}_config WHERE k = 'automerge'`).raw().get() as
    [number] | undefined;
  const setAutomerge = db.prepare(
    `INSERT INTO ${index} (${index}, rank) VALUES ('automerge', CAST(? AS INTEGER))`,
  );
  setAutomerge.run(0);
  const result = work();
  setAutomerge.run(row?.[0] ?? FTS5_AUTOMERGE);
  return result;
}
