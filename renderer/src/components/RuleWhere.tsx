// Where a hosted rule runs: everywhere (this computer and every machine, also ones added later), or only
// on the places chosen. Each machine says what happens to its tool calls while this computer cannot be
// reached, since a guard chosen for it answers only while it can (docs/remote.md, "Rules for one
// machine"). Saved in settings.json's `ruleMachines`; a rule with no entry runs everywhere.
import { useState } from 'react';
import type { Rule, Source } from '../../../shared/model.js';
import { ruleMachinesKey, whereInWords, type RuleMachines } from '../../../shared/rule-machines.js';
import { ruleLabel } from '../../../shared/rule-name.js';
import { useStore, useStoreParts } from '../store.js';
import { Badge } from './bits.js';
import { UNREACHABLE_WORDS } from './machine-words.js';
import { useMachines } from './use-machines.js';

/** On a rule's row in Rules: where it runs, when that is not everywhere. */
export function RuleWhereMark({ source, rule }: { source: string; rule: string }) {
  const where = useStore((s) => s.settings?.ruleMachines[ruleMachinesKey(source, rule)]);
  if (!where) return null;
  return (
    <Badge kind="where" title="where this rule runs (Rules → the rule → Runs for)">
      {whereInWords(where)}
    </Badge>
  );
}

/** The "Runs for" lines of a hosted rule's detail; nothing while no machine was ever added or chosen. */
export function RuleWhere({ source, rule }: { source: Source; rule: Rule }) {
  const { settings, updateSettings } = useStoreParts('settings', 'updateSettings');
  const { machines } = useMachines();
  const [problem, setProblem] = useState<string | null>(null);
  if (!settings || !machines || source.role !== 'hosted') return null;
  const key = ruleMachinesKey(source.path, rule.name);
  const where: RuleMachines | undefined = settings.ruleMachines[key];
  if (!machines.length && !where) return null;
  const label = ruleLabel(rule).title;
  const save = (next: RuleMachines | undefined) => {
    if (next && !next.thisComputer && !next.machines.length) {
      setProblem('Choose at least one place. To stop the rule everywhere, turn it off in its own file.');
      return;
    }
    setProblem(null);
    const all = { ...settings.ruleMachines };
    if (next) all[key] = next;
    else delete all[key];
    void updateSettings({ ruleMachines: all });
  };
  const toggle = (target: string, on: boolean) =>
    where &&
    save({
      ...where,
      machines: on ? [...where.machines, target] : where.machines.filter((m) => m !== target),
    });
  // A machine chosen here and removed since is still named, so the choice can be undone.
  const gone = (where?.machines ?? []).filter((t) => !machines.some((m) => m.target === t));
  return (
    <>
      <dt>Runs for</dt>
      <dd>
        <fieldset className="rule-where" aria-label={`where ${label} runs`}>
          <label>
            <input type="radio" name={`where-${key}`} checked={!where} onChange={() => save(undefined)} />{' '}
            Everywhere: this computer and every machine, also ones added later
          </label>
          <label>
            <input
              type="radio"
              name={`where-${key}`}
              checked={!!where}
              onChange={() => save({ thisComputer: true, machines: [] })}
            />{' '}
            Only where chosen:
          </label>
          <ul>
            <li>
              <label>
                <input
                  type="checkbox"
                  disabled={!where}
                  checked={where ? where.thisComputer : true}
                  onChange={(e) => where && save({ ...where, thisComputer: e.target.checked })}
                />{' '}
                This computer
              </label>
            </li>
            {machines.map((m) => (
              <li key={m.target}>
                <label>
                  <input
                    type="checkbox"
                    disabled={!where}
                    checked={where ? where.machines.includes(m.target) : true}
                    onChange={(e) => toggle(m.target, e.target.checked)}
                  />{' '}
                  {m.target}
                </label>
                <div className="muted">
                  While this computer cannot be reached, {UNREACHABLE_WORDS[m.whenUnreachable]}. Settings →
                  Machines changes that.
                </div>
              </li>
            ))}
            {gone.map((t) => (
              <li key={t}>
                <label>
                  <input type="checkbox" checked onChange={() => toggle(t, false)} /> {t}{' '}
                  <span className="muted">(not added now)</span>
                </label>
              </li>
            ))}
          </ul>
          {problem && (
            <p className="note" role="alert">
              {problem}
            </p>
          )}
        </fieldset>
      </dd>
    </>
  );
}
