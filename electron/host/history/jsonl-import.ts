// The one-time import of the JSON-lines history (history/*.jsonl, written by Hookpanel before the
// database). Each batch is one transaction that also records how far its file got, so a crash resumes
// where the last commit ended, and two importers at once (the host and `hookpanel history`) take turns
// without writing anything twice. The files are deleted only once every record in them is found in the
// database by id.
import { closeSync, existsSync, fstatSync, openSync, readdirSync, readSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { HistoryRecordSchema, type HistoryRecord } from '../../../shared/dispatch.js';
import type { Db } from './schema.js';
import { HistoryWriter } from './writer.js';

export interface ImportProgress {
  state: 'importing' | 'verifying' | 'done' | 'failed';
  files: number;
  bytesDone: number;
  bytesTotal: number;
  records: number;
  /** Lines that were not a readable record (a torn last line after a crash, say): counted, not imported. */
  unreadable: number;
  message: string;
}

export interface ImportResult extends ImportProgress {
  state: 'done' | 'failed';
}

const CHUNK = 1024 * 1024;
const CURRENT = 'current.jsonl';

/** The JSON-lines files still to import, oldest first (rotated files by name, then the current one). */
export function jsonlFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.jsonl'));
  } catch {
    return [];
  }
  const rotated = names.filter((n) => n !== CURRENT).sort();
  return [...rotated, ...names.filter((n) => n === CURRENT)];
}

interface FileState {
  offset: number;
  records: number;
  unreadable: number;
}

function fileState(db: Db, file: string): FileState {
  const row = db.prepare('SELECT offset, records, unreadable FROM jsonl_import WHERE file = ?').get(file) as
    FileState | undefined;
  return row
    ? { offset: row.offset, records: row.records, unreadable: row.unreadable }
    : { offset: 0, records: 0, unreadable: 0 };
}

interface Batch {
  records: HistoryRecord[];
  awaited: Set<string>;
  unreadable: number;
  /** Offset just past the last line taken. */
  end: number;
}

function parseLine(line: string): HistoryRecord | null {
  try {
    const parsed = HistoryRecordSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Reads whole lines from `offset`: up to about a chunk, cut just after an event summary when there is one. */
function readBatch(fd: number, offset: number, size: number): Batch | null {
  if (offset >= size) return null;
  let length = Math.min(CHUNK, size - offset);
  let buf = Buffer.alloc(length);
  readSync(fd, buf, 0, length, offset);
  let lastNewline = buf.lastIndexOf(10);
  // A line longer than the chunk: read on until it ends (or the file does).
  while (lastNewline < 0 && offset + length < size) {
    const more = Math.min(CHUNK, size - offset - length);
    const next = Buffer.alloc(length + more);
    buf.copy(next);
    readSync(fd, next, length, more, offset + length);
    buf = next;
    length += more;
    lastNewline = buf.lastIndexOf(10);
  }
  const atEnd = offset + length >= size;
  const usable = lastNewline >= 0 ? lastNewline + 1 : 0;
  // At the end of the file a last line without its newline is taken too (parsed if whole, counted if torn).
  const text = buf.subarray(0, atEnd ? length : usable).toString('utf8');
  const lines = text.split('\n');
  const parsed: { record: HistoryRecord | null; end: number }[] = [];
  let position = offset;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const isLast = i === lines.length - 1;
    position += Buffer.byteLength(line) + (isLast ? 0 : 1);
    if (!line.trim()) continue;
    parsed.push({ record: parseLine(line), end: position });
  }
  // Cut after the last event summary, so an event's dispatches and its summary land in one batch.
  let cut = parsed.length;
  if (!atEnd) {
    for (let i = parsed.length - 1; i >= 0; i--)
      if (parsed[i]!.record?.type === 'event') {
        cut = i + 1;
        break;
      }
  }
  const taken = parsed.slice(0, cut);
  const records: HistoryRecord[] = [];
  let unreadable = 0;
  for (const p of taken) {
    if (p.record) records.push(p.record);
    else unreadable++;
  }
  // A dispatch written just before its event's summary ran while the agent waited; one written after
  // (a background hook) did not.
  const awaited = new Set<string>();
  let next: string | null = null;
  for (let i = records.length - 1; i >= 0; i--) {
    const r = records[i]!;
    if (r.type === 'event') next = r.id;
    else if (r.eventId === next) awaited.add(r.id);
  }
  const end = taken.length ? taken[taken.length - 1]!.end : atEnd ? size : offset + usable;
  return { records, awaited, unreadable, end: Math.max(end, offset + 1) };
}

async function importFile(
  db: Db,
  writer: HistoryWriter,
  dir: string,
  file: string,
  onBatch: (bytes: number, records: number, unreadable: number) => void,
  stopped: () => boolean,
): Promise<void> {
  const path = join(dir, file);
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const save = db.prepare(
      `INSERT INTO jsonl_import (file, size, offset, records, unreadable) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET size = excluded.size, offset = excluded.offset, records = excluded.records,
         unreadable = excluded.unreadable`,
    );
    for (;;) {
      const state = fileState(db, file);
      const batch = readBatch(fd, state.offset, size);
      if (!batch) return;
      let raced = false;
      writer.append(batch.records, {
        awaited: (d) => batch.awaited.has(d.id),
        // Inside the transaction: another importer may have taken this batch meanwhile; then start over.
        before: () => {
          raced = fileState(db, file).offset !== state.offset;
          return !raced;
        },
        after: () =>
          void save.run(
            file,
            size,
            batch.end,
            state.records + batch.records.length,
            state.unreadable + batch.unreadable,
          ),
      });
      if (!raced) onBatch(batch.end - state.offset, batch.records.length, batch.unreadable);
      // Let other work on this thread (the host's own records) run between batches.
      await new Promise((resolve) => setImmediate(resolve));
      if (stopped()) throw new Error('stopped before it was done; it resumes at the next start');
    }
  } finally {
    closeSync(fd);
  }
}

/** Every record id in a file, and whether the database holds each one. */
function verifyFile(db: Db, path: string): { expected: number; found: number } {
  const fd = openSync(path, 'r');
  const size = fstatSync(fd).size;
  const dispatchIds: string[] = [];
  const eventIds: string[] = [];
  try {
    let offset = 0;
    for (let batch = readBatch(fd, offset, size); batch; batch = readBatch(fd, offset, size)) {
      for (const r of batch.records) (r.type === 'event' ? eventIds : dispatchIds).push(r.id);
      offset = batch.end;
    }
  } finally {
    closeSync(fd);
  }
  let found = 0;
  const present = (table: string, ids: string[]) => {
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += 500) {
      const chunk = unique.slice(i, i + 500);
      found += (
        db
          .prepare(`SELECT count(*) AS n FROM ${table} WHERE id IN (${chunk.map(() => '?').join(',')})`)
          .get(...chunk) as { n: number }
      ).n;
    }
    return unique.length;
  };
  const expected = present('dispatches', dispatchIds) + present('events', eventIds);
  return { expected, found };
}

/** Imports every JSON-lines file, verifies it by id, then removes it. Nothing to do returns null. */
export async function importJsonl(
  db: Db,
  dir: string,
  progress: (p: ImportProgress) => void,
  stopped: () => boolean = () => false,
): Promise<ImportResult | null> {
  const files = jsonlFiles(dir);
  if (!files.length) return null;
  const writer = new HistoryWriter(db);
  const sizes = files.map((f) => statSync(join(dir, f), { throwIfNoEntry: false })?.size ?? 0);
  const p: ImportProgress = {
    state: 'importing',
    files: files.length,
    bytesDone: files.reduce((n, f, i) => n + Math.min(sizes[i]!, fileState(db, f).offset), 0),
    bytesTotal: sizes.reduce((a, b) => a + b, 0),
    records: files.reduce((n, f) => n + fileState(db, f).records, 0),
    unreadable: files.reduce((n, f) => n + fileState(db, f).unreadable, 0),
    message: '',
  };
  const say = (message: string) => progress({ ...p, message });
  say(`Importing the JSON-lines history (${files.length} file${files.length === 1 ? '' : 's'})`);
  let lastReport = 0;
  try {
    for (const file of files) {
      if (!existsSync(join(dir, file))) continue; // another importer finished it
      await importFile(
        db,
        writer,
        dir,
        file,
        (bytes, records, unreadable) => {
          p.bytesDone += bytes;
          p.records += records;
          p.unreadable += unreadable;
          if (Date.now() - lastReport > 200) {
            lastReport = Date.now();
            say(`Importing ${file}`);
          }
        },
        stopped,
      );
    }
    p.state = 'verifying';
    say('Verifying the import');
    for (const file of files) {
      const path = join(dir, file);
      if (!existsSync(path)) continue;
      const { expected, found } = verifyFile(db, path);
      if (found !== expected)
        throw new Error(
          `${path}: ${expected - found} of its ${expected} records are not in the database; the file is kept`,
        );
    }
    for (const file of files) rmSync(join(dir, file), { force: true });
    db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(
      'jsonl.imported',
      JSON.stringify({ at: new Date().toISOString(), files, records: p.records, unreadable: p.unreadable }),
    );
    p.state = 'done';
    p.bytesDone = p.bytesTotal;
    const result: ImportResult = {
      ...p,
      state: 'done',
      message: `Imported ${p.records} records from ${files.length} JSON-lines file(s)${p.unreadable ? ` (${p.unreadable} unreadable line(s) skipped)` : ''}; verified by id, and the files were removed`,
    };
    progress(result);
    return result;
  } catch (e) {
    const result: ImportResult = {
      ...p,
      state: 'failed',
      message: `History import failed: ${(e as Error).message}`,
    };
    progress(result);
    return result;
  }
}
