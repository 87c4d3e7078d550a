// The first screen: which agents are on this machine (program, settings, connection: each its own
// fact) and Connect… for each, through the same summary-then-confirm as Settings → Agents. Shown by
// itself on a first run (no agent connected and no hook anywhere) until the person leaves it or says
// "Skip for now"; always one click away in the sidebar.
import { useEffect, type ReactNode } from 'react';
import { create } from 'zustand';
import type { Agent } from '../../../shared/ipc.js';
import { AgentFacts, PresenceBadge } from '../components/AgentFacts.js';
import { AgentStatus, useAgents } from '../components/AgentLive.js';
import { ErrorBox } from '../components/bits.js';
import { useConnectFlow } from '../components/connect-flow.js';
import { ConnectPreview } from '../components/ConnectPreview.js';
import { HookFileLocations } from '../components/HookFileLocations.js';
import { saved, useStore } from '../store.js';

const DISMISSED = 'welcomeDismissed';

/** null: not decided yet (shown if this is a first run); true: shown; false: left. */
export const useWelcome = create<{ open: boolean | null }>(() => ({ open: null }));

// Going to any view leaves the first screen (a click on the view already chosen too: it sets a focus),
// and a view chosen before the first screen was decided keeps it away: it must not open over the view
// the person went to while the agents and hook files were still being read.
useStore.subscribe((s, prev) => {
  if ((s.view !== prev.view || s.focus !== prev.focus) && useWelcome.getState().open !== false)
    useWelcome.setState({ open: false });
});

export function showWelcome(): void {
  useWelcome.setState({ open: true });
}

/** A first run: nothing connected and no hook in any file Hookpanel found. */
function firstRun(agents: Agent[], hooks: number): boolean {
  return !agents.some((a) => a.kind === 'own' && (a.connected || a.guarded)) && hooks === 0;
}

/** The current view, or the first screen in its place while it is open. */
export function WelcomeGate({ children }: { children: ReactNode }) {
  const [agents, load] = useAgents();
  const open = useWelcome((s) => s.open);
  // Not before the hook files were listed once: until then "no hooks" only means "not asked yet".
  const loading = useStore((s) => s.loadingSources || !s.sourcesLoaded);
  const hooks = useStore((s) => s.sources.reduce((n, x) => n + x.rules.length, 0));
  const first = !!agents && !loading && firstRun(agents, hooks);
  // Decided once: connecting from the first screen must not make it vanish under the person's result.
  useEffect(() => {
    if (open === null && first && saved.get(DISMISSED) !== '1') useWelcome.setState({ open: true });
  }, [open, first]);
  if (!open || !agents) return <>{children}</>;
  return <Welcome agents={agents} reload={load} />;
}

function Welcome({ agents, reload }: { agents: Agent[]; reload: () => void }) {
  const flow = useConnectFlow(reload);
  const own = agents.filter((a) => a.kind === 'own');
  const hosted = agents.filter((a) => a.kind === 'hosted');
  const installed = own.filter((a) => a.program?.path);
  const connected = own.some((a) => a.connected || a.guarded);
  const leave = () => {
    saved.set(DISMISSED, '1');
    useWelcome.setState({ open: false });
  };
  return (
    <section className="welcome" aria-label="your agents on this machine">
      <p className="welcome-lead">
        Hookpanel shows what your coding agents' hooks do, runs your own rules when their events arrive, and
        tells you when a turn is done or a hook blocked something.{' '}
        {installed.length
          ? `Installed here: ${installed.map((a) => a.name).join(', ')}. Connect an agent so its events reach Hookpanel.`
          : 'None of the agents Hookpanel connects is installed here (none is on PATH).'}
      </p>
      {flow.note && (
        <div className="note" role="status">
          {flow.note}
        </div>
      )}
      {flow.error && <ErrorBox message={flow.error} />}
      <ul className="agents">
        {own.map((a) => (
          <li key={a.id} className="agent" aria-label={`agent ${a.name}`}>
            <div className="agent-head">
              <strong>{a.name}</strong>
              <PresenceBadge agent={a} />
              <AgentStatus agent={a} />
              {!a.connected && !a.guarded && (
                <span className="actions">
                  <button
                    type="button"
                    className={a.program?.path ? 'primary' : ''}
                    onClick={() => void flow.ask(a.id, true)}
                  >
                    Connect…
                  </button>
                </span>
              )}
            </div>
            <AgentFacts agent={a} />
            {!a.connected && !a.guarded && !a.program?.path && (
              <p className="muted">
                You can connect it before installing it: Connect writes its settings now, and its events
                arrive once it is installed.
              </p>
            )}
            {flow.preview?.agent === a.id && (
              <ConnectPreview
                plan={flow.preview}
                agentName={a.name}
                apply="Apply and connect"
                busy={flow.busy}
                onApply={() => void flow.apply()}
                onCancel={flow.cancel}
              />
            )}
          </li>
        ))}
      </ul>
      <h2 className="welcome-h">Harnesses whose hooks Hookpanel runs</h2>
      <ul className="harnesses" aria-label="harnesses">
        {hosted.map((h) => (
          <li key={h.id}>
            {h.name}: <PresenceBadge agent={h} />
          </li>
        ))}
      </ul>
      <HookFileLocations />
      <div className="toolbar welcome-end">
        <button type="button" className={connected ? 'primary' : ''} onClick={leave}>
          {connected ? 'Done' : 'Skip for now'}
        </button>
        <span className="muted">This page stays in the sidebar: Agents on this machine.</span>
      </div>
    </section>
  );
}
