import { useEffect } from 'react';
import { agentLive } from '../../../shared/agent-live.js';
import { AgentFacts, PresenceBadge } from '../components/AgentFacts.js';
import { AgentHelp, AgentStatus, useAgents } from '../components/AgentLive.js';
import { Badge, ErrorBox } from '../components/bits.js';
import { useConnectFlow } from '../components/connect-flow.js';
import { ConnectPreview } from '../components/ConnectPreview.js';
import { GuardedMode } from '../components/GuardedMode.js';
import { useNow } from '../components/names.js';
import { AskMeGapNotice } from '../components/AskMeGapNotice.js';
import { useAskMeStatus } from '../components/ask-me-status.js';

/** The agents found on this machine; Connect says what it changes, with the diff, before writing. */
export function AgentsPanel() {
  const [agents, load, loadError] = useAgents();
  const now = useNow();
  // Ask me's warnings beside each agent; an agent connected from Ask me's notice is read again here.
  const askMe = useAskMeStatus();
  const connections = askMe.connections;
  useEffect(() => {
    if (connections) load();
  }, [connections, load]);
  const { preview, note, error, busy, ask, apply, cancel } = useConnectFlow(() => {
    load();
    void askMe.load();
  });
  // App draws the views once the list or its error is known; a list once read is never taken away.
  if (!agents) return <ErrorBox message={`Could not read the agents: ${loadError ?? 'no answer yet'}`} />;
  return (
    <div aria-label="agents">
      {note && (
        <div className="note" role="status">
          {note}
        </div>
      )}
      {error && <ErrorBox message={error} />}
      <ul className="agents">
        {agents.map((a) => (
          <li key={a.id} className="agent" aria-label={`agent ${a.name}`}>
            <div className="agent-head">
              <strong>{a.name}</strong>
              <PresenceBadge agent={a} />
              {a.kind === 'hosted' && <Badge kind="layer">Hookpanel runs its hooks</Badge>}
              <AgentStatus agent={a} />
              {a.kind === 'own' && (a.connected || !a.guarded) && (
                <span className="actions">
                  {a.connected ? (
                    <button type="button" onClick={() => void ask(a.id, false)}>
                      Disconnect…
                    </button>
                  ) : (
                    <button type="button" className="primary" onClick={() => void ask(a.id, true)}>
                      Connect…
                    </button>
                  )}
                </span>
              )}
            </div>
            <AgentFacts agent={a} />
            <p className="muted">{a.what}</p>
            {a.guarded && (
              <p className="muted">
                {a.connected
                  ? `Guarded mode sends every ${a.name} event to Hookpanel whatever its settings file says: Disconnect takes the bridge out of that file only, and the events keep coming until guarded mode is off.`
                  : `Guarded mode sends every ${a.name} event to Hookpanel: there is nothing to connect while it is on.`}
              </p>
            )}
            {a.id === 'claude' && (
              <GuardedMode
                guarded={a.guarded}
                onChange={() => {
                  load();
                  void askMe.load();
                }}
              />
            )}
            <AgentHelp agent={a} live={agentLive(a, now)} />
            {askMe.list?.map((s) => s.agent === a.id && <AskMeGapNotice key={s.agent} status={s} compact />)}
            {preview?.agent === a.id && (
              <ConnectPreview
                plan={preview}
                agentName={a.name}
                apply={preview.connect ? 'Apply and connect' : 'Apply and disconnect'}
                busy={busy}
                onApply={() => void apply()}
                onCancel={cancel}
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
