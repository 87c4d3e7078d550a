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
}
