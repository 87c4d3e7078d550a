// What hooks cost, read from the daily histograms: per agent and per rule, the time they add to each
// tool call and each turn (p50/p95, per day and over the range), and their failures and timeouts.
import { quantile } from './cost-buckets.js';
import { eventKind } from './event-kind.js';
import { ASK_ME_SOURCE } from '../../../shared/ask-me-source.js';
import type { Db } from './schema.js';
import { THIS_COMPUTER } from '../../../shared/history-keys.js';

export interface CostRequest {
  /** First and last local day, `YYYY-MM-DD`, both included. */
  since: string;
  until: string;
  dialect?: string;
  /** One machine's (user@host), or THIS_COMPUTER's (shared/machines.ts). */
  machine?: string;
}

export interface Distribution {
  count: number;
  p50Ms: number | null;
  p95Ms: number | null;
  totalMs: number;
}

export interface CostReport {
  days: string[];
  /** Per machine (null: this computer), the most costly first; empty while every figure is this computer's. */
  machines: {
    machine: string | null;
    tool: Distribution;
    turn: Distribution;
    runs: number;
    failures: number;
    timeouts: number;
  }[];
  agents: {
    dialect: string;
    tool: Distribution;
    turn: Distribution;
    runs: number;
    failures: number;
    timeouts: number;
  }[];
  daily: {
    day: string;
    tool: Distribution;
    turn: Distribution;
    runs: number;
    failures: number;
    timeouts: number;
  }[];
  events: { dialect: string; event: string; tool: string | null; kind: string; cost: Distribution }[];
  rules: {
    dialect: string;
    source: string;
    rule: string;
    events: string[];
    runs: number;
    failures: number;
    timeouts: number;
    /** The runs the agent waited on (background runs add no time). */
    added: Distribution;
  }[];
}

interface Row {
  day: string;
  machine: string;
  scope: string;
  dialect: string;
  event: string;
  source: string;
  name: string;
  awaited: number;
  bucket: number;
  n: number;
  failures: number;
  timeouts: number;
  total_ms: number;
}

class Histogram {
  readonly counts = new Map<number, number>();
  count = 0;
  totalMs = 0;
  add(r: Row): void {
    this.counts.set(r.bucket, (this.counts.get(r.bucket) ?? 0) + r.n);
    this.count += r.n;
    this.totalMs += r.total_ms;
  }
  get distribution(): Distribution {
    return {
      count: this.count,
      p50Ms: quantile(this.counts, 0.5),
      p95Ms: quantile(this.counts, 0.95),
      totalMs: Math.round(this.totalMs),
    };
  }
}

function daysBetween(since: string, until: string): string[] {
  const out: string[] = [];
  const [y, m, d] = since.split('-').map(Number) as [number, number, number];
  for (let t = new Date(y, m - 1, d); out.length < 400; t.setDate(t.getDate() + 1)) {
    const day = `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
    if (day > until) break;
    out.push(day);
  }
  return out;
}

function getOr<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let v = map.get(key);
  if (v === undefined) map.set(key, (v = make()));
  return v;
}

export function costReport(db: Db, req: CostRequest): CostReport {
  // Ask me rows written before the writer left them out: a person's wait, not a hook's cost.
  const params: unknown[] = [req.since, req.until, ASK_ME_SOURCE];
  let sql = `SELECT day, machine, scope, dialect, event, source, name, awaited, bucket, n, failures, timeouts,
               total_ms
             FROM cost_daily WHERE day >= ? AND day <= ? AND source != ?`;
  if (req.dialect) {
    sql += ' AND dialect = ?';
    params.push(req.dialect);
  }
  if (req.machine) {
    sql += ' AND machine = ?';
    params.push(req.machine === THIS_COMPUTER ? '' : req.machine);
  }
  const rows = db.prepare(sql).all(...params) as Row[];
  const agents = new Map<
    string,
    { tool: Histogram; turn: Histogram; runs: number; failures: number; timeouts: number }
  >();
  const daily = new Map<
    string,
    { tool: Histogram; turn: Histogram; runs: number; failures: number; timeouts: number }
  >();
  const machines = new Map<
    string,
    { tool: Histogram; turn: Histogram; runs: number; failures: number; timeouts: number }
  >();
  const events = new Map<string, { dialect: string; event: string; tool: string | null; h: Histogram }>();
  const rules = new Map<
    string,
    {
      dialect: string;
      source: string;
      rule: string;
      events: Set<string>;
      runs: number;
      failures: number;
      timeouts: number;
      added: Histogram;
    }
  >();
  const tally = () => ({ tool: new Histogram(), turn: new Histogram(), runs: 0, failures: 0, timeouts: 0 });
  for (const r of rows) {
    const agent = getOr(agents, r.dialect, tally);
    const day = getOr(daily, r.day, tally);
    const machine = getOr(machines, r.machine, tally);
    if (r.scope === 'rule') {
      const rule = getOr(rules, `${r.dialect}\u0000${r.source}\u0000${r.name}`, () => ({
        dialect: r.dialect,
        source: r.source,
        rule: r.name,
        events: new Set<string>(),
        runs: 0,
        failures: 0,
        timeouts: 0,
        added: new Histogram(),
      }));
      rule.events.add(r.event);
      for (const t of [rule, agent, day, machine]) {
        t.runs += r.n;
        t.failures += r.failures;
        t.timeouts += r.timeouts;
      }
      if (r.awaited) rule.added.add(r);
    } else if (r.scope === 'event') {
      const kind = eventKind(r.dialect, r.event);
      getOr(events, `${r.dialect}\u0000${r.event}\u0000${r.name}`, () => ({
        dialect: r.dialect,
        event: r.event,
        tool: r.name || null,
        h: new Histogram(),
      })).h.add(r);
      if (kind === 'tool') for (const t of [agent, day, machine]) t.tool.add(r);
    } else if (r.scope === 'turn') for (const t of [agent, day, machine]) t.turn.add(r);
  }
  const days = daysBetween(req.since, req.until);
  const totals = (t: ReturnType<typeof tally>) => ({
    tool: t.tool.distribution,
    turn: t.turn.distribution,
    runs: t.runs,
    failures: t.failures,
    timeouts: t.timeouts,
  });
  const costliest = (a: { tool: Distribution; turn: Distribution }, b: typeof a) =>
    b.tool.totalMs + b.turn.totalMs - (a.tool.totalMs + a.turn.totalMs);
  return {
    days,
    machines:
      [...machines.keys()].some(Boolean) || req.machine
        ? [...machines.entries()].map(([m, t]) => ({ machine: m || null, ...totals(t) })).sort(costliest)
        : [],
    agents: [...agents.entries()].map(([dialect, a]) => ({ dialect, ...totals(a) })).sort(costliest),
    daily: days.map((d) => ({ day: d, ...totals(daily.get(d) ?? tally()) })),
    events: [...events.values()]
      .map((e) => ({
        dialect: e.dialect,
        event: e.event,
        tool: e.tool,
        kind: eventKind(e.dialect, e.event),
        cost: e.h.distribution,
      }))
      .sort((a, b) => b.cost.totalMs - a.cost.totalMs),
    rules: [...rules.values()]
      .map((r) => ({
        dialect: r.dialect,
        source: r.source,
        rule: r.rule,
        events: [...r.events].sort(),
        runs: r.runs,
        failures: r.failures,
        timeouts: r.timeouts,
        added: r.added.distribution,
      }))
      .sort((a, b) => (b.added.p95Ms ?? 0) - (a.added.p95Ms ?? 0) || b.runs - a.runs),
  };
}
