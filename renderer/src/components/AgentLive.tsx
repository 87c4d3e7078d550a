// Whether each agent's events arrive, for every agent in the list: connected and waiting for its first
// event, live, or silent since it was connected, with what to do about it.
import { useState } from 'react';
import { agentLive, bridgeCommand, type AgentLive } from '../../../shared/agent-live.js';
import type { Agent } from '../../../shared/ipc.js';
import { saved, useStore } from '../store.js';
import { loadAgents, useAgentsList } from './agents-list.js';
import { Badge } from './bits.js';
import { ago, useNow } from './names.js';

/** The agents list (agents-list.ts keeps it current), a way to read it again, and why the last read failed. */
export function useAgents(): [Agent[] | null, () => void, string | null] {
  const { agents, error } = useAgentsList();
  return [agents, loadAgents, error];
}

/** The connection and live state of one agent, as badges that never contradict each other. */
export function AgentStatus({ agent }: { agent: Agent }) {
  const now = useNow();
  const live = agentLive(agent, now);
  switch (live.state) {
    case 'unconnected':
      return <Badge kind="warn">not connected</Badge>;
    case 'unconnected-events':
      return (
        <>
          <Badge kind="warn">not connected by Hookpanel</Badge>
          <span className="muted">its last event arrived {ago(live.lastEventAt, now)}</span>
        </>
      );
    case 'waiting':
      return (
        <>
          <ConnectedBadge agent={agent} />
          <span className="muted">waiting for its first event</span>
        </>
      );
    case 'not-arriving':
      return (
        <>
          <ConnectedBadge agent={agent} />
          <Badge kind="error">no event since {ago(live.since, now).replace(/ ago$/, '')}</Badge>
        </>
      );
    case 'live':
      return (
        <>
          {agent.kind === 'own' ? <ConnectedBadge agent={agent} /> : null}
          <Badge kind="ok">live · last event {ago(live.lastEventAt, now)}</Badge>
        </>
      );
    case 'no-events':
      return <span className="muted">no event yet</span>;
  }
}

/** How its events reach Hookpanel: guarded mode's file when that is on, else its connected settings. */
function ConnectedBadge({ agent }: { agent: Agent }) {
  return agent.guarded ? (
    <Badge kind="active">guarded: every event comes to Hookpanel</Badge>
  ) : (
    <Badge kind="active">connected</Badge>
  );
}

/** What to do while an agent's events do not arrive; null when they do (or it is not connected). */
export function AgentHelp({ agent, live }: { agent: Agent; live: AgentLive }) {
  const sources = useStore((s) => s.sources);
  const now = useNow();
  if (live.state === 'waiting')
    return (
      <p className="agent-help">
        Waiting for {agent.name}'s first event. {agent.name} reads its hooks when a session starts: start a
        new {agent.name} session and its events show up here.
      </p>
    );
  if (live.state !== 'not-arriving') return null;
  const command = bridgeCommand(agent, sources);
  return (
    <div className="agent-help warn-box" role="alert">
      <p>
        <strong>
          {agent.name} has not sent an event since you connected it {ago(live.since, now)}.
        </strong>
      </p>
      <ol>
        <li>
          Start a new {agent.name} session: it reads its hooks when a session starts, so sessions that were
          already running never call Hookpanel.
        </li>
        <li>
          Check that the bridge command runs: in a terminal,{' '}
          {command ? (
            <>
              <code className="chip">
                echo '{'{}'}' | {command}
              </code>{' '}
              should finish without an error (then the event shows in History).
            </>
          ) : (
            <>
              run the <code>hookpanel emit {agent.id} …</code> command from{' '}
              <code>{agent.files[0] ?? 'its settings file'}</code>: it should finish without an error.
            </>
          )}
        </li>
        <li>
          Check that Hookpanel is the one running here: events reach this Hookpanel only while it runs (the
          desktop app, or <code>hookpanel serve</code>).
        </li>
      </ol>
    </div>
  );
}

/**
 * Across the panel: an agent found but not connected (until dismissed), or connected and its events
 * not arriving (until they do).
 */
export function AgentNotice() {
  const go = useStore((s) => s.go);
  const view = useStore((s) => s.view);
  const [agents] = useAgents();
  const now = useNow();
  const [dismissed, setDismissed] = useState(() => saved.get('firstRunDismissed') === '1');
  if (!agents || view === 'settings') return null;
  const silent = agents.find((a) => agentLive(a, now).state === 'not-arriving');
  if (silent)
    return (
      <div className="note notice-bar warn-bar" role="status">
        <span>
          {silent.name} has not sent an event since you connected it{' '}
          {ago((agentLive(silent, now) as { since: string }).since, now)}.
        </span>
        <button type="button" onClick={() => go('settings')}>
          What to do…
        </button>
      </div>
    );
  const waiting = agents.find((a) => a.kind === 'own' && agentLive(a, now).state === 'waiting');
  if (waiting)
    return (
      <div className="note notice-bar" role="status">
        Waiting for {waiting.name}'s first event: start a new {waiting.name} session (it reads its hooks when
        a session starts).
      </div>
    );
  const unconnected = agents.find((a) => a.kind === 'own' && a.detected && !a.connected && !a.guarded);
  if (!unconnected || dismissed) return null;
  return (
    <div className="note notice-bar" role="status">
      <span>
        {unconnected.name} is on this machine but not connected: connect it to be notified when a turn is done
        and to run your hosted rules.
      </span>
      <button type="button" className="primary" onClick={() => go('settings')}>
        Connect…
      </button>
      <button
        type="button"
        onClick={() => {
          saved.set('firstRunDismissed', '1');
          setDismissed(true);
        }}
      >
        Not now
      </button>
    </div>
  );
}
