// Latency budgets in the panel: a rule's own budget (in Rules and Hook cost), the flag of a rule
// whose p95 went over it, and the defaults per event kind (Settings).
import type { BudgetFlag } from '../../../shared/ipc.js';
import { Badge } from '../components/bits.js';
import { NumberField } from '../components/NumberField.js';
import { useStore, useStoreParts } from '../store.js';

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
  label,
}: {
  source: string;
  rule: string;
  fallback: number | null;
  /** How the rule is named to a person. */
  label?: string;
}) {
  const { settings, updateSettings } = useStoreParts('settings', 'updateSettings');
  const key = budgetKey(source, rule);
  if (!settings) return null;
  const own = settings.ruleBudgets[key] ?? null;
  return (
    <NumberField
      className="budget"
      label={`latency budget of ${label ?? rule} (ms)`}
      unit="ms"
      value={own}
      emptyMeans={fallback !== null ? `the default, ${fallback}` : 'the default'}
      onSave={(v) => {
        const next = { ...settings.ruleBudgets };
        if (v === null) delete next[key];
        else next[key] = v;
        return updateSettings({ ruleBudgets: next });
      }}
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
        <BudgetInput source={source} rule={rule} fallback={null} />
        <div className="muted">Empty: the default for its kind of event, in Settings.</div>
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
  const { settings, updateSettings } = useStoreParts('settings', 'updateSettings');
  if (!settings) return null;
  return (
    <fieldset>
      <legend>Latency budgets</legend>
      <p className="muted">
        How long a hook may keep an agent waiting. A rule whose p95 over its last 20 runs (the time 95% of
        them stay under) goes over its budget is flagged in Rules and announced once. Each rule can have its
        own budget (in Rules, or in Hook cost); these apply to the rest. Empty: no budget.
      </p>
      {KINDS.map(([kind, label]) => (
        <label key={kind}>
          {label}{' '}
          <NumberField
            label={`default latency budget for ${kind} events (ms)`}
            unit="ms"
            value={settings.budgetDefaults[kind]}
            emptyMeans="no budget"
            onSave={(v) => updateSettings({ budgetDefaults: { ...settings.budgetDefaults, [kind]: v } })}
          />
        </label>
      ))}
    </fieldset>
  );
}
