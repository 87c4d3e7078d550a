// Latency budgets: each rule's recent awaited runs (per event) against its budget. A rule whose p95
// goes over is flagged and announced once; it is announced again only after it recovered and regressed.
import { basename } from 'node:path';
import type { BudgetFlag } from './budget-flags.js';
import { exactQuantile } from './cost-buckets.js';
import { isPersonsWait } from './persons-wait.js';
import { eventKind, type EventKind } from './event-kind.js';
import type { HistoryStore } from './store.js';
import type { CostSample } from './writer.js';
import { inBackground } from '../background.js';
import { ruleLabel } from '../../../shared/rule-name.js';

/** Runs looked at per rule and event, and how many are needed before judging. */
export const BUDGET_WINDOW = 20;
export const BUDGET_MIN_SAMPLES = 10;

export interface BudgetSettings {
  defaults: Record<EventKind, number | null>;
  rules: Record<string, number | null>;
}

export interface OverBudgetSignal {
  kind: 'overBudget';
  dialect: string;
  workspace: null;
  flag: BudgetFlag;
  title: string;
  body: string;
}

export const ruleBudgetKey = (source: string, rule: string) => `${source}#${rule}`;

/** The budget for a rule's runs on an event: its own (null turns it off), else its event kind's default. */
export function budgetFor(b: BudgetSettings, source: string, rule: string, dialect: string, event: string) {
  const key = ruleBudgetKey(source, rule);
  if (Object.hasOwn(b.rules, key)) return b.rules[key] ?? null;
  return b.defaults[eventKind(dialect, event)] ?? null;
}

export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/** "every Bash call", "every tool call", "every turn", "every SessionStart event". */
function whatItSlows(dialect: string, event: string, tools: (string | null)[]): string {
  const kind = eventKind(dialect, event);
  if (kind === 'turn') return 'every turn';
  if (kind === 'tool') {
    const first = tools[0];
    return first && tools.every((t) => t === first) ? `every ${first} call` : 'every tool call';
  }
  return `every ${event} event`;
}

interface Window {
  /** The rule and event these runs are of. */
  sample: CostSample;
  durations: number[];
  tools: (string | null)[];
}

export class BudgetWatcher {
  private readonly windows = new Map<string, Window>();
  private flags = new Map<string, BudgetFlag>();
  private readonly ready: Promise<void>;
  private readonly onSamples = (samples: CostSample[]) => inBackground(this.take(samples), 'budgets');

  constructor(
    private readonly history: HistoryStore,
    private readonly budgets: () => BudgetSettings,
    private readonly notify: (s: OverBudgetSignal) => void,
    private readonly changed: (flags: BudgetFlag[]) => void,
  ) {
    // Flags survive restarts: a rule still over its budget is not announced again.
    this.ready = history.budgetFlags().then(
      (flags) => void (this.flags = new Map(flags.map((f) => [this.key(f), f]))),
      () => {},
    );
    history.on('samples', this.onSamples);
  }

  private key(f: { dialect: string; source: string; rule: string; event: string }): string {
    return `${f.dialect}\u0000${f.source}\u0000${f.rule}\u0000${f.event}`;
  }

  list(): BudgetFlag[] {
    return [...this.flags.values()];
  }

  /** Settles once every sample handed over so far has been judged (tests, shutdown). */
  idle = Promise.resolve();

  private take(samples: CostSample[]): Promise<void> {
    this.idle = this.idle.then(() => this.judge(samples)).catch(() => {});
    return this.idle;
  }

  /** Judges every rule again with the budgets as they are now (after a change in Settings). */
  rejudge(): Promise<void> {
    this.idle = this.idle.then(() => this.judge([])).catch(() => {});
    return this.idle;
  }

  private async judge(samples: CostSample[]): Promise<void> {
    await this.ready;
    const touched = new Set<string>();
    for (const s of samples) {
      if (isPersonsWait(s)) continue; // a person's answer has no latency budget
      const key = this.key(s);
      let w = this.windows.get(key);
      if (!w) this.windows.set(key, (w = { sample: s, durations: [], tools: [] }));
      w.durations.push(s.durationMs);
      w.tools.push(s.tool);
      if (w.durations.length > BUDGET_WINDOW) {
        w.durations.shift();
        w.tools.shift();
      }
      touched.add(key);
    }
    const keys = samples.length ? touched : new Set(this.windows.keys());
    let changed = false;
    for (const key of keys) if (await this.evaluate(key, this.windows.get(key)!)) changed = true;
    if (changed) this.changed(this.list());
  }

  /** Flags, announces or clears one rule's runs on one event; true when its flag changed. */
  private async evaluate(key: string, w: Window): Promise<boolean> {
    if (w.durations.length < BUDGET_MIN_SAMPLES) return false;
    const s = w.sample;
    const budget = budgetFor(this.budgets(), s.source, s.rule, s.dialect, s.event);
    const p95 = exactQuantile(w.durations, 0.95)!;
    const flagged = this.flags.get(key);
    if (budget !== null && p95 > budget) {
      if (flagged) {
        flagged.p95Ms = p95;
        return false;
      }
      const flag: BudgetFlag = {
        dialect: s.dialect,
        source: s.source,
        rule: s.rule,
        event: s.event,
        tool: w.tools.every((t) => t === w.tools[0]) ? (w.tools[0] ?? null) : null,
        p95Ms: p95,
        budgetMs: budget,
        samples: w.durations.length,
        since: new Date().toISOString(),
      };
      this.flags.set(key, flag);
      await this.history.setBudgetFlag(flag);
      const title = ruleLabel({ name: s.rule, handler: s.handler ?? s.rule });
      this.notify({
        kind: 'overBudget',
        dialect: s.dialect,
        workspace: null,
        flag,
        title: `Hook “${title.title}” now adds ${formatMs(p95)} to ${whatItSlows(s.dialect, s.event, w.tools)}`,
        body: `p95 of its last ${w.durations.length} runs on ${s.event}; its budget is ${formatMs(budget)} (${[title.position, basename(s.source)].filter(Boolean).join(' in ')})`,
      });
      return true;
    }
    if (!flagged) return false;
    // Recovered (or its budget was raised or removed): the next regression is announced again.
    this.flags.delete(key);
    await this.history.clearBudgetFlag(flagged);
    return true;
  }

  close(): void {
    this.history.off('samples', this.onSamples);
  }
}
