// The warning when Ask me is on for an agent whose requests cannot reach Hookpanel (not connected, or
// connected without its PermissionRequest hook), with the one button that fixes it: the Connect path,
// which keeps what is there, adds what is missing and backs the file up first.
import { useState } from 'react';
import type { AskMeStatus } from '../../../shared/ipc.js';
import { api } from '../client.js';
import { Diff } from './bits.js';
import { useAskMeStatus } from './ask-me-status.js';

/** `compact`: the agents list's one line (the Ask me section below gives the whole message). */
export function AskMeGapNotice({ status, compact = false }: { status: AskMeStatus; compact?: boolean }) {
  const connected = useAskMeStatus((s) => s.connected);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ ok: boolean; message: string; diff: string } | null>(null);
  const gap = status.gap;
  if (!gap && !done) return null;
  const fix = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const plan = await api.request('agents:preview', { agent: status.agent, connect: true });
      const r = await api.request('agents:connect', { agent: status.agent, diff: plan.diff });
      setDone({ ...r, diff: plan.diff });
    } catch (e) {
      setDone({ ok: false, message: (e as Error).message, diff: '' });
    } finally {
      setBusy(false);
      connected();
    }
  };
  return (
    <div
      className={gap ? 'warn-box ask-me-gap' : 'note'}
      role={gap ? 'alert' : 'status'}
      aria-label={`Ask me for ${status.label}`}
    >
      {gap && (
        <>
          {compact ? (
            <p>
              <strong>Ask me is on</strong>, but {status.label}'s permission requests cannot reach Hookpanel:{' '}
              {gap.kind === 'no-bridge' ? 'its PermissionRequest hook is missing.' : 'it is not connected.'}
            </p>
          ) : (
            <p>{gap.message}</p>
          )}
          <button type="button" className="primary" disabled={busy} onClick={() => void fix()}>
            {busy
              ? 'Updating…'
              : gap.kind === 'no-bridge'
                ? `Update ${status.label}'s connection`
                : `Connect ${status.label}`}
          </button>
        </>
      )}
      {done && (
        <div className={done.ok ? '' : 'field-problem'} role={done.ok ? 'status' : 'alert'}>
          <p>{done.message}</p>
          {done.diff && (
            <details>
              <summary>The change made</summary>
              <Diff text={done.diff} label={`the change to ${gap?.path ?? 'the settings file'}`} />
            </details>
          )}
        </div>
      )}
    </div>
  );
}
