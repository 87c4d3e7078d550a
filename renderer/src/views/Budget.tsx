// Latency budgets in the panel: a rule's own budget (in Rules and Hook cost), the flag of a rule
// whose p95 went over it, and the defaults per event kind (Settings).
import { useEffect, useState } from 'react';
import type { BudgetFlag } from '../../../shared/ipc.js';
import { Badge } from '../components/bits.js';
import { useStore } from '../store.js';

export const budgetKey = (source: string, rule: string) => `${source}#${rule}`;

export function flagOf(flags: readonly BudgetFlag[], source: string, rule: string): BudgetFlag | null {
  return flags.find((f) => f.source === source && f.rule === rule) ?? null;
}

function formatMs(value: number): string {
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`;
}

/** A badge on a rule whose recent p95 is over its budget. */
export function OverBudgetMark({ source, rule }: { source: string; rule: string }) {
  const flag = flagOf(
    useStore((s) => s.budgetFlags),
    source,
    rule,
  );
  if (!flag) return null;
  return (
    <Badge
      kind="error"
      title={`p95 ${formatMs(flag.p95Ms)} on ${flag.event}; budget ${formatMs(flag.budgetMs)}`}
    >
      over budget
    </Badge>
  );
}

/** Edits a rule's own budget; empty falls back to the default of its event kind. */
export function BudgetInput({
  source,
  rule,
  fallback,
}: {
  source: string;
  rule: string;
  fallback: number | null;
}) {
  const { settings, updateSettings, setError } = useStore();
  const key = budgetKey(source, rule);
  const own = settings?.ruleBudgets[key];
  const [text, setText] = useState(own ? String(own) : '');
  useEffect(() => setText(own ? String(own) : ''), [own]);
  if (!settings) return null;
  const save = () => {
    const value = text.trim() === '' ? undefined : Math.round(Number(text));
    if (value !== undefined && !(value > 0)) return setText(own ? String(own) : '');
    const next = { ...settings.ruleBudgets };
    if (value === undefined) delete next[key];
    else next[key] = value;
    if (JSON.stringify(next) !== JSON.stringify(settings.ruleBudgets))
      void updateSettings({ ruleBudgets: next }).catch((e: Error) => setError(e.message));
  };
  return (
    <input
      className="budget"
      type="number"
      min={1}
      aria-label={`latency budget of ${rule} (ms)`}
      placeholder={fallback !== null ? `${fallback} (default)` : 'default'}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={save}
      onKeyDown={(e) => e.key === 'Enter' && save()}
    />
  );
}

/** The budget lines of a rule's detail in Rules. */
export function RuleBudget({ source, rule }: { source: string; rule: string }) {
  const flag = flagOf(
    useStore((s) => s.budgetFlags),
    source,
    rule,
  );
  return (
    <>
      <dt>Latency budget</dt>
      <dd>
        <BudgetInput source={source} rule={rule} fallback={null} /> ms (empty: the default of its event kind,
        in Settings)
        {flag && (
          <div role="status">
            <Badge kind="error">over budget</Badge> p95 {formatMs(flag.p95Ms)} over its last {flag.samples}{' '}
            runs on {flag.event}
            {flag.tool ? ` (${flag.tool})` : ''}, budget {formatMs(flag.budgetMs)}
          </div>
        )}
      </dd>
    </>
  );
}

const KINDS = [
  ['tool', 'Tool calls (before and after a tool runs)'],
  ['turn', 'End of a turn'],
  ['other', 'Other events'],
] as const;

/** Settings: the default budget per event kind. */
export function BudgetDefaults() {
  const { settings, updateSettings, setError } = useStore();
  if (!settings) return null;
  return (
    <fieldset>
      <legend>Latency budgets</legend>
      <p className="muted">
        A rule whose p95 over its last 20 runs goes over its budget is flagged in Rules and announced once.
        Each rule can have its own budget (in Rules, or in Hook cost); these apply to the rest. Empty: no
        budget.
      </p>
      {KINDS.map(([kind, label]) => (
        <label key={kind}>
          {label} (ms){' '}
          <input
            type="number"
            min={1}
            aria-label={`default latency budget for ${kind} events (ms)`}
            defaultValue={settings.budgetDefaults[kind] ?? ''}
            onBlur={(e) => {
              const v = e.target.value.trim() === '' ? null : Math.round(Number(e.target.value));
              if (v !== null && !(v > 0)) return;
              if (v === settings.budgetDefaults[kind]) return;
              void updateSettings({ budgetDefaults: { ...settings.budgetDefaults, [kind]: v } }).catch(
                (err: Error) => setError(err.message),
              );
            }}
          />
        </label>
      ))}
    </fieldset>
  );
}
