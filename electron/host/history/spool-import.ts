// Moves the spool (spool.ts) into the database: claims it by renaming it, writes its batches, many to
// a transaction, and deletes it once they are committed. Spools that an importer claimed and left (it
// died) are imported first. Two importers at once, or one after another died midway, write nothing
// twice: record ids are unique, and a line already in the database is skipped.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { HistoryRecordSchema, type HistoryRecord } from '../../../shared/dispatch.js';
import { CLAIMED, overflowDir, RECORD_SEPARATOR, SPOOL_FILE } from './spool.js';
import type { CostSample, HistoryWriter } from './writer.js';

export interface SpoolImport {
  records: number;
  /** Lines that were not a batch of records (torn by a writer killed mid-write): skipped. */
  unreadable: number;
  /** Awaited rule runs among them, for latency budgets, as an append reports them. */
  samples: CostSample[];
}

/** Batches written per transaction: each commit is one WAL append, so a long spool goes in quickly. */
const BATCHES_PER_TRANSACTION = 500;

/** Takes in the spool of a history folder, then its overflow spool (spool.ts). */
export function importSpool(dir: string, writer: HistoryWriter): SpoolImport {
  const result: SpoolImport = { records: 0, unreadable: 0, samples: [] };
  for (const d of [dir, overflowDir(dir)]) importFrom(d, writer, result);
  return result;
}

function importFrom(dir: string, writer: HistoryWriter, result: SpoolImport): void {
  const files = leftovers(dir);
  const claimed = `spool-claimed-${randomUUID()}.json-seq`;
  try {
    renameSync(join(dir, SPOOL_FILE), join(dir, claimed));
    files.push(claimed);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  for (const name of files) {
    const path = join(dir, name);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue; // another importer took it in
      throw e;
    }
    const { batches, unreadable } = parseSpool(text);
    for (let i = 0; i < batches.length; i += BATCHES_PER_TRANSACTION) {
      const group = batches.slice(i, i + BATCHES_PER_TRANSACTION);
      // Each line as its append would have written it (a dispatch with its event's summary ran while
      // the agent waited).
      result.samples.push(...writer.appendBatches(group).flat());
      result.records += group.reduce((n, batch) => n + batch.length, 0);
    }
    result.unreadable += unreadable;
    rmSync(path, { force: true });
  }
}

/** Spools claimed by importers that did not finish, oldest first. */
function leftovers(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => CLAIMED.test(n));
  } catch {
    return [];
  }
  const age = (n: string) => statSync(join(dir, n), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return names
    .map((n) => ({ n, t: age(n) }))
    .sort((a, b) => a.t - b.t)
    .map((x) => x.n);
}

/** The batches of a spool, in the order they were written, and how many lines were not one. */
export function parseSpool(text: string): { batches: HistoryRecord[][]; unreadable: number } {
  const batches: HistoryRecord[][] = [];
  let unreadable = 0;
  for (const part of text.split(RECORD_SEPARATOR)) {
    if (!part) continue;
    // A line ends with a line feed; one without was cut short (or is still being written, and its
    // writer will write it again to the next spool).
    const batch = part.endsWith('\n') ? readBatch(part) : null;
    if (batch) batches.push(batch);
    else unreadable++;
  }
  return { batches, unreadable };
}

function readBatch(line: string): HistoryRecord[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const records: HistoryRecord[] = [];
  for (const item of parsed) {
    // Kept as written (a parse would drop fields this version does not know), once it checks out.
    if (!HistoryRecordSchema.safeParse(item).success) return null;
    records.push(item as HistoryRecord);
  }
  return records;
}
