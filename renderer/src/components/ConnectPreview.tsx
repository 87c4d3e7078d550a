// Every write to an agent's own settings file, shown the same way before it is made: what it does in a
// person's words first (which file, how many hooks it adds or takes out, that nothing else changes),
// the exact diff behind "Show the change", then Apply or Cancel. Used by Connect…, Disconnect… and
// Ask me's "Update … connection".
import { useState } from 'react';
import { summaryClauses, type ConnectSummary } from '../../../shared/connect-summary.js';
import { HunkDiff } from './bits.js';
import { useTilde } from './names.js';

export interface ConnectPlanView {
  agent: string;
  connect: boolean;
  diff: string;
  path: string;
  summary: ConnectSummary;
}

export function ConnectPreview({
  plan,
  agentName,
  apply,
  busy,
  onApply,
  onCancel,
}: {
  plan: ConnectPlanView;
  agentName: string;
  /** The Apply button's words. */
  apply: string;
  busy: boolean;
  onApply: () => void;
  onCancel: () => void;
}) {
  const tilde = useTilde();
  const [shown, setShown] = useState(false);
  const clauses = summaryClauses(plan.summary, tilde(plan.path));
  const [first, ...rest] = clauses;
  return (
    <div
      className="preview"
      role="dialog"
      aria-label={`${plan.connect ? 'connect' : 'disconnect'} ${agentName}`}
    >
      <p className="preview-lead">
        {first!.charAt(0).toUpperCase()}
        {first!.slice(1)}:
      </p>
      <ul className="preview-summary" aria-label="what this changes">
        {rest.map((c) => (
          <li key={c}>{c.charAt(0).toUpperCase() + c.slice(1)}.</li>
        ))}
      </ul>
      {!plan.summary.creates && !plan.summary.removesFile && (
        <p className="muted">A copy of the file as it is now is kept in Hookpanel's home first.</p>
      )}
      <button type="button" className="show-change" aria-expanded={shown} onClick={() => setShown(!shown)}>
        {shown ? 'Hide the change' : 'Show the change'}
      </button>
      {shown && <HunkDiff diff={plan.diff} label="the change to the settings file" />}
      <div className="toolbar">
        <button type="button" className="primary" disabled={busy} onClick={onApply}>
          {busy ? 'Applying…' : apply}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
