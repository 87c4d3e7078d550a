import { useCallback, useEffect, useState } from 'react';
import type { Agent } from '../../../shared/ipc.js';
import { api } from '../client.js';
import { Badge, Diff, ErrorBox } from '../components/bits.js';
import { useStore } from '../store.js';

function ago(time: string): string {
  const s = Math.max(0, Math.round((Date.now() - Date.parse(time)) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} minute${Math.round(s / 60) === 1 ? '' : 's'} ago`;
  return `on ${new Date(time).toLocaleString()}`;
}

/** The agents found on this machine; Connect shows the exact change as a diff before writing. */
export function AgentsPanel() {
  const liveEvents = useStore((s) => s.liveEvents);
  const [agents, setAgents] = useState<Agent[] | null>(null);
  const [preview, setPreview] = useState<{
    agent: string;
    connect: boolean;
    diff: string;
    path: string;
  } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  // One change per approval: Apply is off while the change is being made (a double click is one backup).
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(
    () => void api.request('agents:list', {}).then(setAgents, (e: Error) => setError(e.message)),
    [],
  );
  useEffect(load, [load, liveEvents.length]);
  const ask = async (agent: string, connect: boolean) => {
    setNote(null);
    setError(null);
    try {
      const p = await api.request('agents:preview', { agent, connect });
      if (!p.changed)
        setNote(connect ? 'Already connected: nothing to change.' : 'Not connected: nothing to change.');
      else setPreview({ agent, connect, diff: p.diff, path: p.path });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const apply = async () => {
    if (!preview || applying) return;
    setApplying(true);
    try {
      const r = preview.connect
        ? await api.request('agents:connect', { agent: preview.agent, diff: preview.diff })
        : await api.request('agents:disconnect', { agent: preview.agent, diff: preview.diff });
      if (r.ok) setNote(r.message);
      else setError(r.message);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setApplying(false);
      setPreview(null);
      load();
    }
  };
  if (!agents) return <p className="muted">Looking for agents…</p>;
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
              {a.detected ? <Badge kind="active">found</Badge> : <Badge kind="skipped">not found</Badge>}
              {a.kind === 'own' ? (
                a.connected ? (
                  <Badge kind="active">connected</Badge>
                ) : (
                  <Badge kind="warn">not connected</Badge>
                )
              ) : (
                <Badge kind="layer">hosted by Hookpanel</Badge>
              )}
              {a.lastEventAt && (!a.connectedAt || a.lastEventAt >= a.connectedAt) ? (
                <Badge kind="ok">live · last event {ago(a.lastEventAt)}</Badge>
              ) : a.connected ? (
                <span className="muted" role="status">
                  {a.connectedAt
                    ? `waiting for its first event since you connected it ${ago(a.connectedAt)}`
                    : 'waiting for its first event'}
                </span>
              ) : null}
              {a.kind === 'own' && (
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
            <p className="muted">{a.what}</p>
            {preview?.agent === a.id && (
              <div
                className="preview"
                role="dialog"
                aria-label={`${preview.connect ? 'connect' : 'disconnect'} ${a.name}`}
              >
                <p>
                  This is the exact change to <code>{preview.path}</code> (a backup is kept in Hookpanel's
                  home):
                </p>
                <Diff text={preview.diff} label="the change to the settings file" />
                <div className="toolbar">
                  <button type="button" className="primary" disabled={applying} onClick={() => void apply()}>
                    {applying ? 'Applying…' : preview.connect ? 'Apply and connect' : 'Apply and disconnect'}
                  </button>
                  <button type="button" onClick={() => setPreview(null)}>
                    Cancel
                  </button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
