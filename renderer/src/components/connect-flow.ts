// Connect… and Disconnect… as every agent list offers them (Settings → Agents, the first screen): the
// plan asked of the host first, shown as a summary with the diff behind it, written only on Apply.
import { useState } from 'react';
import { api } from '../client.js';
import { useLatestRead } from './latest-read.js';
import type { ConnectPlanView } from './ConnectPreview.js';

export interface ConnectFlow {
  preview: ConnectPlanView | null;
  note: string | null;
  error: string | null;
  busy: boolean;
  ask(agent: string, connect: boolean): Promise<void>;
  apply(): Promise<void>;
  cancel(): void;
}

/** `after` runs once a change was applied or refused: the lists read the agents again. */
export function useConnectFlow(after: () => void): ConnectFlow {
  const [preview, setPreview] = useState<ConnectPlanView | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One change at a time: a double click must not write (and back up) twice.
  const [busy, setBusy] = useState(false);
  // The last Connect…/Disconnect… clicked is the one shown, whichever preview the host answers first.
  const asked = useLatestRead();
  const ask = async (agent: string, connect: boolean) => {
    const read = asked.begin();
    setNote(null);
    setError(null);
    try {
      const p = await api.request('agents:preview', { agent, connect });
      if (!asked.isLatest(read)) return;
      if (!p.changed)
        setNote(connect ? 'Already connected: nothing to change.' : 'Not connected: nothing to change.');
      else setPreview({ agent, connect, diff: p.diff, path: p.path, summary: p.summary });
    } catch (e) {
      if (asked.isLatest(read)) setError((e as Error).message);
    }
  };
  const apply = async () => {
    if (!preview || busy) return;
    const applied = preview;
    setBusy(true);
    try {
      const r = applied.connect
        ? await api.request('agents:connect', { agent: applied.agent, diff: applied.diff })
        : await api.request('agents:disconnect', { agent: applied.agent, diff: applied.diff });
      if (r.ok) setNote(r.message);
      else setError(r.message);
      // Another agent's preview, asked for while this one was written, stays.
      setPreview((shown) => (shown === applied ? null : shown));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
      after();
    }
  };
  return { preview, note, error, busy, ask, apply, cancel: () => setPreview(null) };
}
