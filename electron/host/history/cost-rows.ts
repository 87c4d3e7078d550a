// The rows of the daily cost histograms (cost_daily, read by cost.ts): one per local day, machine, scope,
// agent, event, source, name, whether the agent waited, and duration bucket. The writer adds each record
// to its row; the schema-5 backfill moves an older record of another machine from this computer's row to
// its machine's.
import { bucketOf } from './cost-buckets.js';
import type { Db, Statement } from './schema.js';

/** The local calendar day of a time, `YYYY-MM-DD`: cost is charted per day as the user lives it. */
export function localDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function costDailyTable(name: string): string {
  return `CREATE TABLE IF NOT EXISTS ${name} (
  day TEXT NOT NULL,
  machine TEXT NOT NULL DEFAULT '',
  scope TEXT NOT NULL,
  dialect TEXT NOT NULL,
  event TEXT NOT NULL,
  source TEXT NOT NULL,
  name TEXT NOT NULL,
  awaited INTEGER NOT NULL,
  bucket INTEGER NOT NULL,
  n INTEGER NOT NULL,
  failures INTEGER NOT NULL,
  timeouts INTEGER NOT NULL,
  total_ms REAL NOT NULL,
  PRIMARY KEY (day, machine, scope, dialect, event, source, name, awaited, bucket)
) WITHOUT ROWID;`;
}

/** One record's share of a row: 'rule' (one rule's run), 'event' (by tool), 'turn' (a turn added up). */
export interface CostShare {
  time: number;
  /** user@host, or null for this computer. */
  machine: string | null;
  scope: 'rule' | 'event' | 'turn';
  dialect: string;
  event: string;
  source: string;
  name: string;
  awaited: boolean;
  ms: number;
  outcome: string;
}

const KEY = 'day, machine, scope, dialect, event, source, name, awaited, bucket';

function keyOf(s: CostShare, machine: string | null): unknown[] {
  return [
    localDay(s.time),
    machine ?? '',
    s.scope,
    s.dialect,
    s.event,
    s.source,
    s.name,
    s.awaited ? 1 : 0,
    bucketOf(s.ms),
  ];
}

const tallies = (s: CostShare) => [s.outcome === 'failed' ? 1 : 0, s.outcome === 'timeout' ? 1 : 0, s.ms];

export class CostRows {
  private readonly add: Statement;
  private readonly take: Statement;
  private readonly dropEmpty: Statement;
  constructor(db: Db) {
    this.add = db.prepare(
      `INSERT INTO cost_daily (${KEY}, n, failures, timeouts, total_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)
       ON CONFLICT DO UPDATE SET n = n + 1, failures = failures + excluded.failures,
         timeouts = timeouts + excluded.timeouts, total_ms = total_ms + excluded.total_ms`,
    );
    this.take = db.prepare(
      `UPDATE cost_daily SET n = n - 1, failures = max(0, failures - ?), timeouts = max(0, timeouts - ?),
         total_ms = max(0, total_ms - ?)
       WHERE (${KEY}) = (?, ?, ?, ?, ?, ?, ?, ?, ?) AND n > 0`,
    );
    this.dropEmpty = db.prepare(
      `DELETE FROM cost_daily WHERE (${KEY}) = (?, ?, ?, ?, ?, ?, ?, ?, ?) AND n <= 0`,
    );
  }

  /** Adds a record's share to its machine's row. */
  added(s: CostShare): void {
    this.add.run(...keyOf(s, s.machine), ...tallies(s));
  }

  /**
   * Moves a record counted as this computer's to its machine's row. A share that is not there (its day
   * gone with retention) is not moved: the rows stay as retention left them.
   */
  moved(s: CostShare): void {
    const from = keyOf(s, null);
    if (!this.take.run(...tallies(s), ...from).changes) return;
    this.dropEmpty.run(...from);
    this.added(s);
  }
}
