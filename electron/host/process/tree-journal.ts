// The watchdog's journal: every tree tracked and released, as lines in a file the host writes and its
// watchdog reads only once the host is gone. Writing a file wakes no one, where a line on a pipe woke
// the watchdog twice per hook on the path of its answer; the bytes are in the page cache as soon as
// write() returns, so a host SIGKILLed a moment later has still told it.
import {
  closeSync,
  fstatSync,
  ftruncateSync,
  mkdtempSync,
  openSync,
  readSync,
  rmdirSync,
  rmSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { HookTree } from './groups.js';

/** Past this size the journal is written again as the trees tracked now. */
const COMPACT_BYTES = 256 * 1024;

export type JournalLine = { track: HookTree } | { untrack: string };

export class TreeJournal {
  /** Where the next line goes: lines are written at positions this process keeps, never appended. */
  private size = 0;

  private constructor(readonly fd: number) {}

  /**
   * A new journal: an owner-only file in a folder of its own, both unlinked at once (the watchdog
   * inherits the descriptor), so nothing is left behind by either process. The folder goes too because
   * Linux tells a file's writes to the watchers of the folder it was made in, unlinked or not: made
   * straight in the temporary folder, every hook's lines woke whatever watched it (a file manager, a
   * host started there) some six times a hook.
   */
  static create(): TreeJournal {
    // Windows removes no folder while a file in it is open, and keeps an open file's name until it is
    // closed: there the file goes straight in the temporary folder, and is gone once closed.
    if (process.platform === 'win32') {
      const path = join(tmpdir(), `hookpanel-trees-${process.pid}-${randomUUID()}`);
      const fd = openSync(path, 'wx+', 0o600);
      try {
        unlinkSync(path);
      } catch {
        // Left named: it goes with the temporary folder.
      }
      return new TreeJournal(fd);
    }
    const folder = journalFolder();
    let fd: number | null = null;
    try {
      const path = join(folder, 'journal');
      fd = openSync(path, 'wx+', 0o600);
      unlinkSync(path);
      rmdirSync(folder);
      return new TreeJournal(fd);
    } catch (e) {
      if (fd !== null) closeSync(fd);
      rmSync(folder, { recursive: true, force: true });
      throw e;
    }
  }

  /** Adds one line; with no tree left tracked (`live` empty), or the file grown large, starts afresh. */
  write(line: JournalLine, live: readonly HookTree[]): void {
    if (!live.length) return this.rewrite([]);
    if (this.size > COMPACT_BYTES) return this.rewrite(live);
    this.size += this.put(`${JSON.stringify(line)}\n`, this.size);
  }

  /**
   * The trees tracked now, written over the start of the file, then the rest cut. A host killed in
   * between leaves these lines followed by the end of the older ones: replayed in order, each tag's
   * last line is the same in both, so the trees read back are still the ones tracked.
   */
  private rewrite(live: readonly HookTree[]): void {
    const text = live.map((track) => `${JSON.stringify({ track })}\n`).join('');
    const written = text ? this.put(text, 0) : 0;
    ftruncateSync(this.fd, written);
    this.size = written;
  }

  private put(text: string, at: number): number {
    const bytes = Buffer.from(text);
    let done = 0;
    while (done < bytes.length) done += writeSync(this.fd, bytes, done, bytes.length - done, at + done);
    return bytes.length;
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** Every line of the journal open on `fd`, in order, read from its start (its offset is shared). */
export function readJournal(fd: number): string[] {
  const size = fstatSync(fd).size;
  const buf = Buffer.alloc(size);
  let done = 0;
  while (done < size) {
    const n = readSync(fd, buf, done, size - done, done);
    if (n <= 0) break;
    done += n;
  }
  return buf.subarray(0, done).toString('utf8').split('\n');
}

/** A new owner-only folder for the journal: in XDG_RUNTIME_DIR where it exists, else the temporary folder. */
function journalFolder(): string {
  const runtime = process.env.XDG_RUNTIME_DIR;
  if (runtime)
    try {
      return mkdtempSync(join(runtime, 'hookpanel-trees-'));
    } catch {
      // Inherited where it does not exist (su, a service): the temporary folder.
    }
  return mkdtempSync(join(tmpdir(), 'hookpanel-trees-'));
}
