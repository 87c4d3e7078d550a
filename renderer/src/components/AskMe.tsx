// Ask me, per agent: its permission requests wait for your answer in the "Waiting for you" card. Only
// agents with a permission-request event can be asked; the others are named with why not.
import { DIALECT_MANIFESTS } from '../../../shared/dialects.js';
import type { PanelSettings, PanelSettingsUpdate } from '../../../shared/ipc.js';
import { agentLabel } from './names.js';

export function AskMeSwitches({
  settings,
  save,
}: {
  settings: PanelSettings;
  save: (patch: PanelSettingsUpdate) => unknown;
}) {
  const cannot = DIALECT_MANIFESTS.filter((m) => m.kind === 'agent' && !(m.id in settings.askMe));
  return (
    <div className="ask-me">
      {Object.entries(settings.askMe).map(([agent, ask]) => (
        <label key={agent} className="toggle">
          <input
            type="checkbox"
            checked={ask.on}
            onChange={(e) => void save({ askMe: { [agent]: { ...ask, on: e.target.checked } } })}
          />{' '}
          Ask me: {agentLabel(agent)}'s permission requests wait for my answer here
          {ask.tools.length ? ` (${ask.tools.join(', ')} only)` : ''} for up to {ask.waitSeconds}s, then{' '}
          {agentLabel(agent)} decides
        </label>
      ))}
      {cannot.map((m) => (
        <p key={m.id} className="muted">
          {m.label} has no permission-request event: its own prompt cannot be answered from here.
        </p>
      ))}
    </div>
  );
}
