// Schema 4: the full-text index written again from the records, its text cut into words as search-text.ts
// cuts it now (before, SQLite's tokenizer alone cut the raw text, and letters of two scripts side by
// side made one word). The records are the truth; the index is contentless and only points at rows.
import type { DispatchRecord, EventRecord } from '../../../shared/dispatch.js';
import type { Db } from './schema.js';
import { dispatchSearchText, eventSearchText } from './search-text.js';

/** Rows read at a time: a million records are never held at once. */
const PAGE = 1000;

export function reindexText(db: Db): void {
  reindex(
    db,
    'dispatches',
    'dispatch_text',
    ['rule', 'source', 'handler', 'event', 'reason', 'stdout', 'stderr'],
    (r) => dispatchSearchText(JSON.parse(r) as DispatchRecord),
  );
  reindex(db, 'events', 'event_text', ['event', 'reason', 'payload'], (r) =>
    eventSearchText(JSON.parse(r) as EventRecord),
  );
}

function reindex(
  db: Db,
  records: string,
  index: string,
  columns: string[],
  text: (record: string) => string[],
): void {
  // 'delete-all' empties a contentless table's index (https://sqlite.org/fts5.html#the_delete_all_command).
  db.exec(`INSERT INTO ${index} (${index}) VALUES ('delete-all')`);
  const insert = db.prepare(
    `INSERT INTO ${index} (rowid, ${columns.join(', ')}) VALUES (?${', ?'.repeat(columns.length)})`,
  );
  const page = db
    .prepare(`SELECT seq, record FROM ${records} WHERE seq > ? ORDER BY seq LIMIT ${PAGE}`)
    .raw();
  for (let after = 0; ;) {
    const rows = page.all(after) as [number, string][];
    for (const [seq, record] of rows) insert.run(seq, ...text(record));
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]![0];
  }
}
