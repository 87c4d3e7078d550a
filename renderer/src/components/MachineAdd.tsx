// Adding a machine (or changing its choice for when this computer cannot be reached): first ssh reaches
// it and the panel shows what will be installed there and where; only the person's click installs it.
import { useEffect, useState } from 'react';
import type { MachinePlan, WhenUnreachable } from '../../../shared/machines.js';
import { api } from '../client.js';
import { ErrorBox } from './bits.js';
import { UNREACHABLE_WORDS } from './machine-words.js';

type Step =
  | { kind: 'form' }
  | { kind: 'reaching'; target: string }
  | { kind: 'plan'; plan: MachinePlan }
  | { kind: 'installing'; plan: MachinePlan };

export function MachineAdd({
  target: given,
  whenUnreachable: givenChoice,
  onDone,
}: {
  /** An added machine whose choice changes: no form, straight to what changes there. */
  target?: string;
  whenUnreachable?: WhenUnreachable;
  onDone: (message: string | null) => void;
}) {
  const [target, setTarget] = useState(given ?? '');
  const [choice, setChoice] = useState<WhenUnreachable>(givenChoice ?? 'go-on');
  const [step, setStep] = useState<Step>(given ? { kind: 'reaching', target: given } : { kind: 'form' });
  const [error, setError] = useState<string | null>(null);
  const reach = (t: string, c: WhenUnreachable) => {
    setError(null);
    setStep({ kind: 'reaching', target: t });
    api.request('machines:plan', { target: t, whenUnreachable: c }).then(
      (plan) => setStep({ kind: 'plan', plan }),
      (e: Error) => {
        setError(e.message);
        setStep({ kind: 'form' });
        if (given) onDone(`Nothing changed on ${t}: ${e.message}`);
      },
    );
  };
  // A machine already added: what changes there is looked up at once.
  useEffect(() => {
    if (given) reach(given, givenChoice ?? 'go-on');
  }, []);
  const install = (plan: MachinePlan) => {
    setStep({ kind: 'installing', plan });
    api.request('machines:add', { target: plan.target, whenUnreachable: plan.whenUnreachable }).then(
      (r) => onDone(r.message),
      (e: Error) => {
        setError(`Nothing more was done: ${e.message}`);
        setStep({ kind: 'plan', plan });
      },
    );
  };
  if (step.kind === 'reaching' || step.kind === 'installing')
    return (
      <div className="note" role="status">
        <progress aria-label="working" />{' '}
        {step.kind === 'reaching'
          ? `Reaching ${step.target} over ssh to see what it has (nothing is written yet)…`
          : `${step.plan.update ? 'Updating' : 'Installing'} on ${step.plan.target}…`}
      </div>
    );
  if (step.kind === 'plan') {
    const { plan } = step;
    return (
      <div className="preview" role="dialog" aria-label={`add ${plan.target}`}>
        <p className="preview-lead">
          {plan.update ? 'Hookpanel will update' : 'Hookpanel will install'} on <strong>{plan.target}</strong>
          , in <code>{plan.dir}</code> (a folder only that user can open):
        </p>
        <ul className="preview-summary" aria-label="what it installs there">
          {plan.files.map((f) => (
            <li key={f.name}>
              <code>{f.name}</code>: {f.what}
            </li>
          ))}
        </ul>
        <p>{plan.tools}</p>
        <p>When this computer cannot be reached: {UNREACHABLE_WORDS[plan.whenUnreachable]}.</p>
        <p className="muted">Nothing outside that folder is changed; Remove takes it back.</p>
        {error && <ErrorBox message={error} />}
        <div className="toolbar">
          <button type="button" className="primary" onClick={() => install(plan)}>
            {plan.update ? `Update ${plan.target}` : `Install on ${plan.target}`}
          </button>
          <button type="button" onClick={() => onDone(null)}>
            Cancel
          </button>
        </div>
      </div>
    );
  }
  return (
    <form
      className="machine-add"
      aria-label="add a machine"
      onSubmit={(e) => {
        e.preventDefault();
        reach(target.trim(), choice);
      }}
    >
      <label>
        Machine (as you reach it with ssh){' '}
        <input
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          placeholder="me@devbox"
          spellCheck={false}
          autoCapitalize="off"
          required
        />
      </label>
      <fieldset className="choice">
        <legend>When this computer cannot be reached (asleep, offline), tool calls there:</legend>
        {(['go-on', 'block'] as const).map((c) => (
          <label key={c}>
            <input
              type="radio"
              name="when-unreachable"
              checked={choice === c}
              onChange={() => setChoice(c)}
            />{' '}
            {c === 'go-on'
              ? 'go on (the agent asks its own questions there)'
              : 'are blocked until this computer answers'}
          </label>
        ))}
      </fieldset>
      {error && <ErrorBox message={error} />}
      <div className="toolbar">
        <button type="submit" className="primary">
          Show what it installs there
        </button>
        <button type="button" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
