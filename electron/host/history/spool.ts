// The spool: where an in-process `hookpanel emit` (no host running) keeps its records, beside the
// database rather than in it, so that an emit, which an agent may run on every tool call, never loads
// SQLite (libsql's load and open were a fifth of such an emit). Each batch (an event's dispatches and
// its summary, or one background dispatch) is one write of one line; whoever next opens the database
// to read it (the host, at start and before every read; `hookpanel history`) moves the spool in
// (spool-import.ts).
//
// Lines are JSON text sequences (RFC 7464: a record separator, the JSON, a line feed), so a line torn by
// a writer killed mid-write cannot swallow the next writer's line, which starts with its own separator.
//
// An importer claims the spool by renaming it, then reads it, commits and deletes it. A writer looks,
// after its write, whether the spool's path still names the file it wrote to: if not, an importer
// claimed it before or while it wrote, perhaps already read it, and the line is written again to the
// spool now at the path. Record ids are unique in the database, so a line imported twice is kept once.
//
// When the disk holding the history is full, a batch goes to the overflow spool instead: the same file
// in a folder of this user's alone on another filesystem ($XDG_RUNTIME_DIR, else the temporary folder),
// taken in like the spool once the database can be written again.
import { createHash } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  statSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { HistoryRecord } from '../../../shared/dispatch.js';

export const SPOOL_FILE = 'spool.json-seq';
/** A spool an importer claimed: `spool-claimed-<uuid>.json-seq` (left behind if it died importing). */
export const CLAIMED = /^spool-claimed-[\w-]+\.json-seq$/;
export const RECORD_SEPARATOR = '\u001e';

/** Errors that say the disk (or the user's quota) is full. */
const FULL = new Set(['ENOSPC', 'EDQUOT']);

/**
 * Keeps a batch in the spool (or, when its disk is full, the overflow spool); it is as safe from a
 * killed process as a committed transaction once this returns.
 */
export function appendToSpool(dir: string, records: readonly HistoryRecord[]): void {
  if (!records.length) return;
  const line = Buffer.from(`${RECORD_SEPARATOR}${JSON.stringify(records)}\n`);
  try {
    return writeLine(dir, line);
  } catch (e) {
    if (!FULL.has((e as NodeJS.ErrnoException).code ?? '')) throw e;
  }
  const other = overflowDir(dir);
  mkdirSync(other, { recursive: true, mode: 0o700 });
  // In a shared temporary folder: only a folder this user made, and nobody else can enter, will do.
  const st = lstatSync(other);
  if (!st.isDirectory() || st.uid !== process.getuid?.() || (st.mode & 0o077) !== 0)
    throw new Error(`${other} is not a folder of this user's alone, so the spool does not go there`);
  writeLine(other, line);
}

/** The overflow spool's folder for a history folder (the same for every process of this user). */
export function overflowDir(dir: string): string {
  const base = process.env.XDG_RUNTIME_DIR || tmpdir();
  const id = createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 16);
  return join(base, `hookpanel-${process.getuid?.() ?? 'user'}-spool-${id}`);
}

function writeLine(dir: string, line: Buffer): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, SPOOL_FILE);
  for (let attempt = 0; attempt < 100; attempt++) {
    // O_APPEND: one write lands whole at the end of the file, never interleaved with another writer's.
    const fd = openSync(path, 'a', 0o600);
    try {
      const written = writeSync(fd, line);
      // A short write is a full disk: the torn line is skipped by the importer (no line feed).
      if (written !== line.length)
        throw Object.assign(new Error(`${path}: only ${written} of ${line.length} bytes written`), {
          code: 'ENOSPC',
        });
      const mine = fstatSync(fd);
      const now = statSync(path, { throwIfNoEntry: false });
      if (now && now.ino === mine.ino && now.dev === mine.dev) return;
    } finally {
      closeSync(fd);
    }
  }
  throw new Error(`${path}: claimed by an importer at every one of 100 attempts to write`);
}

/** Whether anything waits in the spool: the spool itself, or one an importer claimed and left. */
export function spoolPending(dir: string): boolean {
  return [dir, overflowDir(dir)].some((d) => {
    try {
      return readdirSync(d).some((n) => n === SPOOL_FILE || CLAIMED.test(n));
    } catch {
      return false;
    }
  });
}
