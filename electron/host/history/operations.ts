// Everything the history does besides appending, by name: run on the caller's thread (the CLI, tests)
// or in the history worker (the host), with the same code and the same answers.
import { costReport, type CostRequest } from './cost.js';
import type { ImportProgress } from './jsonl-import.js';
import {
  countMatches,
  counts,
  eventsByIds,
  queryDispatches,
  queryEvents,
  workspaces,
  type HistoryFilter,
} from './queries.js';
import { enforceRetention, type Retention } from './retention.js';
import { ruleStatsOf } from './rule-stats.js';
import { lastEventTimes } from './last-events.js';
import { querySessions, sessionTimeline, type SessionFilter } from './sessions.js';
import type { DispatchRecord, EventRecord, HistoryRecord } from '../../../shared/dispatch.js';
import type { Db } from './schema.js';
import type { HistoryWriter } from './writer.js';
import { budgetFlags, clearBudgetFlag, setBudgetFlag, type BudgetFlag } from './budget-flags.js';

export interface OperationContext {
  db: Db;
  writer: () => HistoryWriter;
  dir: string;
  progress: (p: ImportProgress) => void;
  /** True once the database is closing: a running import stops at its next batch. */
  stopped?: () => boolean;
}

export const OPERATIONS = {
  append: (c: OperationContext, a: { records: HistoryRecord[] }) => c.writer().append(a.records),
  appendBatches: (c: OperationContext, a: { batches: HistoryRecord[][] }) =>
    c.writer().appendBatches(a.batches),
  settle: (c: OperationContext, a: { event: EventRecord; dispatches: DispatchRecord[] }) =>
    c.writer().settle(a.event, a.dispatches),
  settleStale: (c: OperationContext, a: { before: number; reason: string }) =>
    c.writer().settleStale(a.before, a.reason),
  query: (c: OperationContext, a: { filter: HistoryFilter; limit: number }) =>
    queryDispatches(c.db, a.filter, a.limit),
  events: (c: OperationContext, a: { filter: HistoryFilter; limit: number }) =>
    queryEvents(c.db, a.filter, a.limit),
  eventsByIds: (c: OperationContext, a: { ids: string[] }) => eventsByIds(c.db, a.ids),
  count: (c: OperationContext, a: { kind: 'dispatches' | 'events'; filter: HistoryFilter }) =>
    countMatches(c.db, a.kind, a.filter),
  sessions: (c: OperationContext, a: { filter: SessionFilter; limit: number }) =>
    querySessions(c.db, a.filter, a.limit),
  timeline: (
    c: OperationContext,
    a: { key: string; after: { time: number; seq: number } | null; limit: number },
  ) => sessionTimeline(c.db, a.key, a.after, a.limit),
  ruleStats: (c: OperationContext, a: { filter: HistoryFilter }) => ruleStatsOf(c.db, a.filter),
  lastEvents: (c: OperationContext, a: { dialects: string[]; leaveOut: string[] }) =>
    lastEventTimes(c.db, a.dialects, a.leaveOut),
  counts: (c: OperationContext) => counts(c.db),
  workspaces: (c: OperationContext) => workspaces(c.db),
  cost: (c: OperationContext, a: CostRequest) => costReport(c.db, a),
  // Loaded when needed: it validates with the record schemas, which the worker otherwise never loads.
  importJsonl: async (c: OperationContext) =>
    (await import('./jsonl-import.js')).importJsonl(c.db, c.dir, c.progress, c.stopped),
  // Loaded when there is a spool, for the same reason.
  importSpool: async (c: OperationContext) =>
    (await import('./spool-import.js')).importSpool(c.dir, c.writer()),
  retention: (c: OperationContext, a: Retention) => enforceRetention(c.db, a),
  budgetFlags: (c: OperationContext) => budgetFlags(c.db),
  setBudgetFlag: (c: OperationContext, a: BudgetFlag) => setBudgetFlag(c.db, a),
  clearBudgetFlag: (c: OperationContext, a: Pick<BudgetFlag, 'dialect' | 'source' | 'rule' | 'event'>) =>
    clearBudgetFlag(c.db, a),
} as const;

export type OperationName = keyof typeof OPERATIONS;
export type OperationArgs<K extends OperationName> = Parameters<(typeof OPERATIONS)[K]>[1];
export type OperationResult<K extends OperationName> = Awaited<ReturnType<(typeof OPERATIONS)[K]>>;

export async function runOperation<K extends OperationName>(
  c: OperationContext,
  name: K,
  args: OperationArgs<K>,
): Promise<OperationResult<K>> {
  const op = OPERATIONS[name] as (c: OperationContext, a: unknown) => OperationResult<K>;
  return op(c, args);
}
