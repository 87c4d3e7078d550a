// Schema 5's backfill of an older file's records (backfill.ts runs it a batch at a time): each record of
// another machine gets its machine column, and its share of the daily cost histograms, counted as this
// computer's when it was written, moves to its machine's rows, as the writer now counts it.
import { CostRows } from './cost-rows.js';
import { isPersonsWait } from './persons-wait.js';
import type { Db } from './schema.js';
import { eventCost } from './writer.js';

interface Found {
  seq: number;
  machine: string;
}

/** The records after `after` up to `upto` with a machine in their record and none in its column yet. */
function remote(db: Db, table: string, after: number, upto: number, rows: number) {
  const batch = db
    .prepare(
      `SELECT seq, machine IS NULL AND record ->> '$.machine' IS NOT NULL, record ->> '$.machine'
       FROM ${table} WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT ?`,
    )
    .raw()
    .all(after, upto, rows) as [number, number, string | null][];
  const found: Found[] = batch.filter((r) => r[1]).map(([seq, , machine]) => ({ seq, machine: machine! }));
  return { found, last: batch.length ? batch[batch.length - 1]![0] : null };
}

export function machineBatch(
  db: Db,
  table: 'dispatches' | 'events',
  after: number,
  upto: number,
  rows: number,
): number | null {
  const { found, last } = remote(db, table, after, upto, rows);
  if (!found.length) return last;
  const costs = new CostRows(db);
  const set = db.prepare(`UPDATE ${table} SET machine = ? WHERE seq = ?`);
  for (const f of found) {
    set.run(f.machine, f.seq);
    if (table === 'dispatches') moveDispatch(db, costs, f);
    else moveEvent(db, costs, f);
  }
  return last;
}

function moveDispatch(db: Db, costs: CostRows, { seq, machine }: Found): void {
  const d = db
    .prepare(
      `SELECT time, dialect, event, source, rule, outcome, duration_ms AS ms, awaited, record ->> '$.mode' AS mode
       FROM dispatches WHERE seq = ?`,
    )
    .get(seq) as {
    time: number;
    dialect: string;
    event: string;
    source: string;
    rule: string;
    outcome: string;
    ms: number;
    awaited: number;
    mode: string | null;
  };
  // As the writer counts them (writer.ts): skipped runs and a person's answers are no hook's cost.
  if (d.outcome === 'skipped' || isPersonsWait({ source: d.source, mode: d.mode ?? undefined })) return;
  costs.moved({
    time: d.time,
    machine,
    scope: 'rule',
    dialect: d.dialect,
    event: d.event,
    source: d.source,
    name: d.rule,
    awaited: !!d.awaited,
    ms: d.ms,
    outcome: d.outcome,
  });
}

function moveEvent(db: Db, costs: CostRows, { seq, machine }: Found): void {
  const e = db
    .prepare(
      `SELECT time, dialect, event, tool, duration_ms AS ms, turn_done, record ->> '$.dispatchCount' AS rules
       FROM events WHERE seq = ?`,
    )
    .get(seq) as {
    time: number;
    dialect: string;
    event: string;
    tool: string | null;
    ms: number;
    turn_done: number;
    rules: number | null;
  };
  const of = { dialect: e.dialect, event: e.event, machine };
  if (e.turn_done) {
    // The turn as the writer added it up: the session's events since its turn before, this one's own.
    const before = db
      .prepare(
        `SELECT coalesce(sum(o.duration_ms), 0) AS ms FROM events AS t JOIN events AS o ON o.session = t.session
         WHERE t.seq = ? AND o.turn_done = 0 AND o.seq < t.seq AND o.seq > (SELECT coalesce(max(p.seq), 0)
           FROM events AS p WHERE p.session = t.session AND p.turn_done = 1 AND p.seq < t.seq)`,
      )
      .get(seq) as { ms: number };
    costs.moved(eventCost(of, e.time, 'turn', '', before.ms + e.ms));
  }
  if (e.rules) costs.moved(eventCost(of, e.time, 'event', e.tool ?? '', e.ms));
}
