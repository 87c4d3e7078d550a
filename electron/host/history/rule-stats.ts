// Time and failures per rule (History's "Time and failures per rule"), over the newest hook runs that
// match a filter. A window, not the whole history: counting every run exactly is a scan of the table
// (1–2 s at 1,000,000 records), so the report says how many runs it counted and since when, and the
// panel says so too. Read here, beside the database, so the worker sends the host a row per rule, not
// the runs.
import { ASK_ME_SOURCE } from '../../../shared/ask-me-source.js';
import { exactQuantile } from './cost-buckets.js';
import { matchingDispatches, type HistoryFilter } from './queries.js';
import type { Db } from './schema.js';

/** How many of the newest matching runs are counted. */
export const RULE_STATS_RUNS = 20_000;

export interface RuleStat {
  rule: string;
  dialect: string;
  /** The rule's file: same-named rules of two files differ. */
  source: string;
  /** What the rule's newest run ran, and where the rule was in its file then. */
  handler: string;
  ruleIndex: number;
  count: number;
  failures: number;
  medianMs: number;
  p95Ms: number;
}

export interface RuleStatsReport {
  /** Most runs first. */
  rules: RuleStat[];
  /** The runs counted. */
  runs: number;
  /** When the oldest run counted started (ISO 8601); null when none was. */
  since: string | null;
  /** True when every matching run was counted; false when older ones were left out. */
  complete: boolean;
}

type RunRow = [
  seq: number,
  dialect: string,
  source: string,
  rule: string,
  outcome: string,
  ms: number,
  time: number,
];

/**
 * The newest `limit` hook runs matching `filter`, per rule of each file: how many, how many failed or
 * timed out, and their median and 95th-percentile durations. Runs that were skipped are no cost of a
 * rule, and Ask me rows time a person (persons-wait.ts): neither is counted.
 */
export function ruleStatsOf(db: Db, filter: HistoryFilter, limit = RULE_STATS_RUNS): RuleStatsReport {
  const where = matchingDispatches(db, filter);
  // A held row is always Ask me's (permissions/record.ts); its mode is tested too, as isPersonsWait does.
  const hookRuns = `outcome != 'skipped' AND source != ? AND (record ->> '$.mode') IS NOT 'held'`;
  const rows = db
    .prepare(
      `SELECT seq, dialect, source, rule, outcome, duration_ms, time FROM dispatches
       ${where.sql ? `${where.sql} AND` : 'WHERE'} ${hookRuns} ORDER BY time DESC, seq DESC LIMIT ?`,
    )
    .raw()
    .all(...where.params, ASK_ME_SOURCE, limit + 1) as RunRow[];
  const complete = rows.length <= limit;
  if (!complete) rows.length = limit;

  const byRule = new Map<string, { newest: RunRow; durations: number[]; failures: number }>();
  for (const row of rows) {
    const [, dialect, source, rule, outcome, ms] = row;
    const key = `${dialect}\u0000${source}\u0000${rule}`;
    let s = byRule.get(key);
    // Rows come newest first: a rule's first row is its newest run.
    if (!s) byRule.set(key, (s = { newest: row, durations: [], failures: 0 }));
    s.durations.push(ms);
    if (outcome === 'failed' || outcome === 'timeout') s.failures++;
  }
  const shown = newestRunsShown(
    db,
    [...byRule.values()].map((s) => s.newest[0]),
  );
  const rules = [...byRule.values()]
    .map(({ newest, durations, failures }): RuleStat => {
      const [seq, dialect, source, rule] = newest;
      return {
        rule,
        dialect,
        source,
        handler: shown.get(seq)?.handler ?? '',
        ruleIndex: shown.get(seq)?.ruleIndex ?? 0,
        count: durations.length,
        failures,
        // Each rule has a run at least (it is keyed by one), so each quantile is a number.
        medianMs: exactQuantile(durations, 0.5)!,
        p95Ms: exactQuantile(durations, 0.95)!,
      };
    })
    .sort((a, b) => b.count - a.count);
  const oldest = rows.at(-1);
  return {
    rules,
    runs: rows.length,
    since: oldest ? new Date(oldest[6]).toISOString() : null,
    complete,
  };
}

/** What each of these runs ran and where its rule was, read from their records (one per rule). */
function newestRunsShown(db: Db, seqs: number[]): Map<number, { handler: string; ruleIndex: number }> {
  const rows = db
    .prepare(
      `SELECT seq, record ->> '$.handler', record ->> '$.ruleIndex' FROM dispatches
       WHERE seq IN (SELECT value FROM json_each(?))`,
    )
    .raw()
    .all(JSON.stringify(seqs)) as [number, unknown, unknown][];
  const out = new Map<number, { handler: string; ruleIndex: number }>();
  for (const [seq, handler, ruleIndex] of rows)
    out.set(seq, {
      handler: typeof handler === 'string' ? handler : '',
      ruleIndex: Number.isInteger(ruleIndex) ? (ruleIndex as number) : 0,
    });
  return out;
}
