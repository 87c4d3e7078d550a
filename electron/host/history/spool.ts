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
 * killed process as a committed transaction once this returns. For one batch: a resident host keeps
 * its spool open instead (SpoolAppender).
 */
export function appendToSpool(dir: string, records: readonly HistoryRecord[]): void {
  const spool = new SpoolAppender(dir);
  try {
    spool.append(records);
  } finally {
    spool.close();
  }
}

/**
 * The spool held open for one writer's many batches (the resident host keeps every event's records
 * here before answering it): a batch costs a write and a stat, not an open, stat and close. The stat
 * stays: it is how a writer learns that an importer claimed the file (renamed it, maybe already read
 * and deleted it), and the batch is written again to the spool now at the path, as one writer does.
 * Opened with O_CLOEXEC (libuv's default), so no hook inherits it.
 */
export class SpoolAppender {
  private main: OpenSpool | null = null;
  private overflow: OpenSpool | null = null;

  constructor(private readonly dir: string) {}

  append(records: readonly HistoryRecord[]): void {
    if (!records.length) return;
    const line = Buffer.from(`${RECORD_SEPARATOR}${JSON.stringify(records)}\n`);
    try {
      return writeLine((this.main ??= new OpenSpool(this.dir)), line);
    } catch (e) {
      if (!FULL.has((e as NodeJS.ErrnoException).code ?? '')) throw e;
    }
    const other = overflowDir(this.dir);
    mkdirSync(other, { recursive: true, mode: 0o700 });
    // In a shared temporary folder: only a folder this user made, and nobody else can enter, will do.
    const st = lstatSync(other);
    if (!st.isDirectory() || st.uid !== process.getuid?.() || (st.mode & 0o077) !== 0)
      throw new Error(`${other} is not a folder of this user's alone, so the spool does not go there`);
    writeLine((this.overflow ??= new OpenSpool(other)), line);
  }

  close(): void {
    this.main?.close();
    this.overflow?.close();
  }
}

/** The overflow spool's folder for a history folder (the same for every process of this user). */
export function overflowDir(dir: string): string {
  const base = process.env.XDG_RUNTIME_DIR || tmpdir();
  const id = createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 16);
  return join(base, `hookpanel-${process.getuid?.() ?? 'user'}-spool-${id}`);
}

/** A spool file opened for appending, reopened whenever its path no longer names it. */
class OpenSpool {
  private fd: number | null = null;
  private ino = 0;
  private dev = 0;
  readonly path: string;

  constructor(private readonly dir: string) {
    this.path = join(dir, SPOOL_FILE);
  }

  /** The descriptor of the file at the path, opened (and its folder made) when none is held. */
  open(): number {
    if (this.fd !== null) return this.fd;
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    // O_APPEND: one write lands whole at the end of the file, never interleaved with another writer's.
    const fd = openSync(this.path, 'a', 0o600);
    const st = fstatSync(fd);
    [this.fd, this.ino, this.dev] = [fd, st.ino, st.dev];
    return fd;
  }

  /** Whether the path still names the file held open (an importer renames it to claim it). */
  stillAtPath(): boolean {
    const now = statSync(this.path, { throwIfNoEntry: false });
    return !!now && now.ino === this.ino && now.dev === this.dev;
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

function writeLine(spool: OpenSpool, line: Buffer): void {
  for (let attempt = 0; attempt < 100; attempt++) {
    const fd = spool.open();
    let written;
    try {
      written = writeSync(fd, line);
    } catch (e) {
      spool.close();
      throw e;
    }
    // A short write is a full disk: the torn line is skipped by the importer (no line feed).
    if (written !== line.length) {
      spool.close();
      throw Object.assign(new Error(`${spool.path}: only ${written} of ${line.length} bytes written`), {
        code: 'ENOSPC',
      });
    }
    if (spool.stillAtPath()) return;
    // Claimed before or while the line was written (perhaps already read): written again, to the new one.
    spool.close();
  }
  throw new Error(`${spool.path}: claimed by an importer at every one of 100 attempts to write`);
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
