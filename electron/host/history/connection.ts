// One process's (or thread's) connection to the history database, with what to do when it turns out
// damaged: the file is set aside, named, never written again (damage.ts); a new database takes its place,
// the readable records of the damaged one are salvaged into it, and the work that met the damage runs
// again on the new one. A file another process set aside meanwhile is noticed (its inode changed) and
// the connection moves to the new database.
import { statSync } from 'node:fs';
import { asideFiles, describeDbError, isDamaged, salvage, setAside } from './damage.js';
import { finishBackfill } from './backfill.js';
import { openHistoryDb, openReadOnly, type Db } from './schema.js';
import { HistoryWriter } from './writer.js';

/** An error of SQLite or of the file system, said with the database's name; any other as it is. */
function named(path: string, e: unknown): unknown {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(SQLITE_|E[A-Z]+$)/.test(code)
    ? describeDbError(path, e, 'failed')
    : e;
}

export class HistoryConnection {
  private current: Db | null = null;
  private currentWriter: HistoryWriter | null = null;
  private opened: { dev: number; ino: number } | null = null;
  constructor(
    readonly path: string,
    /**
     * A migration's backfill (backfill.ts): `now`, every batch as the database is opened (a process
     * that reads the history at once, the CLI); `later`, left to the caller (the host's worker, which
     * runs it between its operations).
     */
    private readonly backfill: 'now' | 'later' = 'now',
  ) {}

  get db(): Db {
    if (!this.current) {
      const db = openHistoryDb(this.path);
      this.current = db;
      const st = statSync(this.path);
      this.opened = { dev: st.dev, ino: st.ino };
      if (this.backfill === 'now') finishBackfill(db);
      try {
        this.salvageAsides();
      } catch (e) {
        process.stderr.write(
          `hookpanel: ${describeDbError(this.path, e, 'could not take in a damaged history').message}\n`,
        );
      }
    }
    return this.current;
  }

  writer(): HistoryWriter {
    return (this.currentWriter ??= new HistoryWriter(this.db));
  }

  /** Whether the file at the path is still the one this connection opened (not set aside by another process). */
  private current_(): boolean {
    if (!this.current || !this.opened) return true;
    const st = statSync(this.path, { throwIfNoEntry: false });
    return !!st && st.dev === this.opened.dev && st.ino === this.opened.ino;
  }

  /**
   * Runs work on the database. Damage met on the way sets the file aside and salvages it, then the work
   * runs once more on the new database; any other error is said with the file's name.
   */
  async guard<T>(work: () => T | Promise<T>): Promise<T> {
    if (!this.current_()) this.reopen();
    try {
      return await work();
    } catch (e) {
      if (!isDamaged(e)) throw named(this.path, e);
      this.recover(e);
      try {
        return await work();
      } catch (again) {
        throw named(this.path, again);
      }
    }
  }

  /** The damaged file goes aside (unless another process already moved it), and a new one is opened. */
  recover(e: unknown): void {
    const aside = setAside(this.path, this.opened ?? undefined);
    if (aside)
      process.stderr.write(
        `hookpanel: the history database ${this.path} is damaged (${(e as Error).message}); it is not written again: it was moved, as it is, to ${aside}, and a new one started with every record that can still be read from it\n`,
      );
    this.reopen();
  }

  private reopen(): void {
    this.close();
    void this.db;
  }

  /** Salvages every damaged database set aside beside this one into it (resuming, or catching up). */
  private salvageAsides(): void {
    for (const aside of asideFiles(this.path)) {
      const db = this.current!;
      const s = salvage(db, this.writer(), aside, openReadOnly);
      if (!s.added && !s.first) continue;
      if (s.unopenable)
        process.stderr.write(
          `hookpanel: nothing could be read from the damaged history ${aside}: ${s.unopenable}\n`,
        );
      else if (s.records || s.unreadable)
        process.stderr.write(
          `hookpanel: ${s.records} records read from the damaged history ${aside} are in ${this.path}${s.unreadable ? `; ${s.unreadable} could not be read` : ''}\n`,
        );
    }
  }

  close(): void {
    const db = this.current;
    this.current = null;
    this.currentWriter = null;
    this.opened = null;
    db?.close();
  }
}
