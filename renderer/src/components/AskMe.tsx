// Ask me, per agent: its permission requests wait for your answer in the "Waiting for you" card. Per
// agent that can be asked: the switch, which tools and how long (AskMeForm), and a warning when its
// requests cannot arrive (AskMeGapNotice). The others are named with why not.
import { useEffect } from 'react';
import { DIALECT_MANIFESTS } from '../../../shared/dialects.js';
import type { PanelSettings, PanelSettingsUpdate } from '../../../shared/ipc.js';
import { useStore } from '../store.js';
import { AskMeForm } from './AskMeForm.js';
import { AskMeGapNotice } from './AskMeGapNotice.js';
import { useAskMeStatus } from './ask-me-status.js';
import { ErrorBox } from './bits.js';
import { agentLabel } from './names.js';

export function AskMeSwitches({
  settings,
  save,
}: {
  settings: PanelSettings;
  save: (patch: PanelSettingsUpdate) => Promise<unknown>;
}) {
  const { list, error, load } = useAskMeStatus();
  // The form says itself whether a save failed, beside its fields: the store's own update, not `save`.
  const update = useStore((s) => s.updateSettings);
  // Read again when the setting changes and when a request arrives (a tool asked about for the first time).
  // The newest event's id, not how many: the live list stops growing at its cap.
  const newest = useStore((s) => s.liveEvents[0]?.id);
  useEffect(() => void load(), [load, settings.askMe, newest]);
  const cannot = DIALECT_MANIFESTS.filter((m) => m.kind === 'agent' && !(m.id in settings.askMe));
  return (
    <section className="ask-me" aria-labelledby="ask-me-title">
      <h3 id="ask-me-title">Ask me</h3>
      <p className="muted">
        An agent's permission request waits for your answer in the “Waiting for you” card (and on the command
        line: hookpanel requests). With no answer in time, the agent asks you itself.
      </p>
      {error && <ErrorBox message={`Could not read Ask me's state: ${error}`} />}
      {Object.entries(settings.askMe).map(([agent, ask]) => {
        const status = list?.find((s) => s.agent === agent) ?? null;
        return (
          <div key={agent} className="ask-me-agent" aria-label={`Ask me: ${agentLabel(agent)}`} role="group">
            <label className="toggle">
              <input
                type="checkbox"
                checked={ask.on}
                onChange={(e) =>
                  void save({ askMe: { ...settings.askMe, [agent]: { ...ask, on: e.target.checked } } })
                }
              />{' '}
              Ask me: {agentLabel(agent)}'s permission requests wait for my answer here
              {ask.tools.length ? ` (${ask.tools.join(', ')} only)` : ''} for up to {ask.waitSeconds}s, then{' '}
              {agentLabel(agent)} decides
            </label>
            {status && <AskMeGapNotice status={status} />}
            <AskMeForm
              agent={agent}
              ask={ask}
              status={status}
              // Every agent's, so the store's optimistic copy keeps the others (it replaces askMe whole).
              save={(next) => update({ askMe: { ...settings.askMe, [agent]: next } })}
            />
          </div>
        );
      })}
      {cannot.map((m) => (
        <p key={m.id} className="muted">
          {m.label} cannot be asked: {m.label} has no permission-request event (its hooks can deny a tool or
          leave it to its own prompt, not answer that prompt), so its prompt cannot be answered from here.
        </p>
      ))}
    </section>
  );
}
