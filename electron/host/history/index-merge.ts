// The full-text indexes merged while the host's history worker is idle. FTS5 writes each transaction's
// words as a new b-tree (a segment) and merges segments only in groups, as it writes
// (https://sqlite.org/fts5.html#the_automerge_configuration_option), so a large history's index sits in a
// dozen of them, and a prefix query looks the word up in each: at 1,000,000 records in 12 segments a
// lookup took 7.07 ms, 1.36 ms once merged. Merging all at once (FTS5's 'optimize') takes seconds at that
// size; the 'merge' command (https://sqlite.org/fts5.html#the_merge_command) does the same work a few
// pages at a time, each step its own short transaction, so whatever the worker is asked meanwhile (a
// hook's record, a query) waits for one step at most. A step ends only between two words, so a word that
// is in every record (a source path's) is merged in one step: at 1,000,000 records, up to 0.45 s under load.
import type { Db } from './schema.js';

/** Pages of merged index written per table and step (FTS5 pages are about 4 KB). */
export const STEP_PAGES = 32;
/** Quiet time after the worker's last operation before merging starts. */
const IDLE_MS = 1000;

/**
 * The leaf pages of each segment of an index, the largest first. A leaf's row in the index's data table
 * (`<name>_data`, https://sqlite.org/fts5.html#fts5_shadow_tables) has the id `segid << 37` plus its page
 * number, counted from 1 (FTS5_SEGMENT_ROWID in https://sqlite.org/src/file?name=ext/fts5/fts5_index.c),
 * so a segment's last leaf is one lookup away; its segment ids are those of its `<name>_idx` rows.
 */
function segmentPages(db: Db, table: Table): number[] {
  return (
    db
      .prepare(
        `SELECT (SELECT max(id) FROM ${table}_data WHERE id > s.segid << 37 AND id < (s.segid << 37) + (1 << 31))
           - (s.segid << 37) AS pages
         FROM (SELECT DISTINCT segid FROM ${table}_idx) AS s ORDER BY pages DESC`,
      )
      .raw()
      .all() as [number | null][]
  ).map((r) => r[0] ?? 0);
}

/** How many segments an index is in. */
export function segmentCount(db: Db, table: Table): number {
  return segmentPages(db, table).length;
}

/**
 * A merge of every segment into one is started once the segments besides the largest hold this share of
 * its pages: a merge rewrites the largest, so new records pay for it with about eight times their own
 * pages, while the small segments they leave meanwhile cost a lookup little.
 */
const MERGE_SHARE = 1 / 8;

function worthMerging(db: Db, table: Table): boolean {
  const [largest = 0, ...rest] = segmentPages(db, table);
  return rest.length > 0 && rest.reduce((a, b) => a + b, 0) >= largest * MERGE_SHARE;
}

const TABLES = ['dispatch_text', 'event_text'] as const;
type Table = (typeof TABLES)[number];

/**
 * Merges the indexes a step at a time. A step that finds an index worth merging starts a merge of all
 * its segments into one (a negative page count); the steps after it carry that merge on to its end with
 * positive ones, which do not take in the segments written meanwhile, as the FTS5 documentation advises
 * (a negative one would start over). A step wrote something when SQLite's change count grew by 2 or more
 * (ibid.).
 */
export class IndexMerge {
  private readonly underWay = new Set<Table>();

  /** One step on each index, `pages` pages each: whether there is more to do. */
  step(db: Db, pages = STEP_PAGES): boolean {
    let more = false;
    for (const table of TABLES) {
      const start = !this.underWay.has(table) && worthMerging(db, table);
      const before = totalChanges(db);
      db.prepare(`INSERT INTO ${table} (${table}, rank) VALUES ('merge', ?)`).run(start ? -pages : pages);
      if (totalChanges(db) - before >= 2) {
        this.underWay.add(table);
        more = true;
      } else this.underWay.delete(table);
    }
    return more;
  }
}

/** Rows changed by this connection since it opened (SQLite's `total_changes()`). */
export function totalChanges(db: Db): number {
  return (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
}

/**
 * Runs merge steps while the worker has nothing else to do: `begin` and `end` bracket each operation; once
 * none has run for IDLE_MS, steps run one per turn of the event loop until there is nothing left to merge
 * or an operation arrives (it runs before the next step, which then waits for the next quiet time).
 */
export class IdleMerge {
  private timer: NodeJS.Timeout | null = null;
  private next: NodeJS.Immediate | null = null;
  private running = 0;
  private stopped = false;
  private told = false;
  private readonly merge = new IndexMerge();
  /** What had been written (writes()) when the indexes were last merged as far as they go. */
  private mergedAt: string | null = null;

  constructor(
    private readonly db: () => Db,
    /**
     * Called when the indexes are merged as far as they go; `looked`: whether their segments were looked
     * at (not when nothing was written since they last were).
     */
    private readonly merged: (how: { looked: boolean }) => void,
    private readonly idleMs = IDLE_MS,
  ) {}

  begin(): void {
    this.running++;
    this.cancel();
  }

  end(): void {
    this.running--;
    if (this.running || this.stopped) return;
    this.timer = setTimeout(() => this.step(), this.idleMs);
  }

  stop(): void {
    this.stopped = true;
    this.cancel();
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.next) clearImmediate(this.next);
    this.timer = null;
    this.next = null;
  }

  private step(): void {
    this.timer = null;
    this.next = null;
    if (this.running || this.stopped) return;
    let more: boolean;
    try {
      // Nothing written since the indexes were last merged as far as they go: nothing to look at.
      if (this.mergedAt !== null && writes(this.db()) === this.mergedAt)
        return this.merged({ looked: false });
      more = withoutWaiting(this.db(), (db) => this.merge.step(db));
    } catch (e) {
      // Busy (another process writes) or anything else: tried again at the next quiet time. Said once.
      if (this.told || (e as { code?: unknown }).code === 'SQLITE_BUSY') return;
      this.told = true;
      process.stderr.write(`hookpanel: merging the history's search index: ${(e as Error).message}\n`);
      return;
    }
    if (more) this.next = setImmediate(() => this.step());
    else {
      this.mergedAt = writes(this.db());
      this.merged({ looked: true });
    }
  }
}

/**
 * What has been written to the database: this connection's changes (SQLite's total_changes()) and
 * others' commits (PRAGMA data_version, https://sqlite.org/pragma.html#pragma_data_version). Equal
 * twice: nothing was written in between.
 */
function writes(db: Db): string {
  const { v } = db.prepare('SELECT data_version AS v FROM pragma_data_version').get() as { v: number };
  return `${totalChanges(db)}:${v}`;
}

/**
 * Runs `work` with no wait for another process's write lock: a step that would wait is skipped (the
 * connection's usual busy timeout is 10 s, a time this thread's next record must not wait).
 */
export function withoutWaiting<T>(db: Db, work: (db: Db) => T): T {
  const row = db.prepare('PRAGMA busy_timeout').get() as { timeout: number };
  db.exec('PRAGMA busy_timeout = 0');
  try {
    return work(db);
  } finally {
    db.exec(`PRAGMA busy_timeout = ${row.timeout}`);
  }
}
