// Rules flagged over their latency budget, kept in the database so a restart neither forgets a flag nor
// notifies about it again.
import type { Db } from './schema.js';

export interface BudgetFlag {
  dialect: string;
  source: string;
  rule: string;
  event: string;
  tool: string | null;
  p95Ms: number;
  budgetMs: number;
  samples: number;
  since: string;
}

export function budgetFlags(db: Db): BudgetFlag[] {
  return (
    db
      .prepare(
        `SELECT dialect, source, rule, event, tool, p95_ms AS p95Ms, budget_ms AS budgetMs, samples, since
         FROM budget_flags ORDER BY since DESC`,
      )
      .all() as (BudgetFlag & { _metadata?: unknown })[]
  ).map(({ _metadata: _m, ...f }) => f);
}

export function setBudgetFlag(db: Db, f: BudgetFlag): null {
  db.prepare(
    `INSERT INTO budget_flags (dialect, source, rule, event, tool, p95_ms, budget_ms, samples, since)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET tool = excluded.tool, p95_ms = excluded.p95_ms, budget_ms = excluded.budget_ms,
       samples = excluded.samples`,
  ).run(f.dialect, f.source, f.rule, f.event, f.tool, f.p95Ms, f.budgetMs, f.samples, f.since);
  return null;
}

export function clearBudgetFlag(db: Db, f: Pick<BudgetFlag, 'dialect' | 'source' | 'rule' | 'event'>): null {
  db.prepare('DELETE FROM budget_flags WHERE dialect = ? AND source = ? AND rule = ? AND event = ?').run(
    f.dialect,
    f.source,
    f.rule,
    f.event,
  );
  return null;
}
