// The warning when Ask me is on for an agent whose requests cannot reach Hookpanel (not connected, or
// connected without its PermissionRequest hook), with the one button that fixes it: the Connect path,
// which keeps what is there, adds what is missing and backs the file up first. Like Connect…, it says
// what it would change (the diff behind "Show the change") and writes only once confirmed.
import { useState } from 'react';
import type { AskMeStatus } from '../../../shared/ipc.js';
import { api } from '../client.js';
import { HunkDiff } from './bits.js';
import { useAskMeStatus } from './ask-me-status.js';
import { ConnectPreview, type ConnectPlanView } from './ConnectPreview.js';

/** `compact`: the agents list's one line (the Ask me section below gives the whole message). */
export function AskMeGapNotice({ status, compact = false }: { status: AskMeStatus; compact?: boolean }) {
  const connected = useAskMeStatus((s) => s.connected);
  const [busy, setBusy] = useState(false);
  const [plan, setPlan] = useState<ConnectPlanView | null>(null);
  const [done, setDone] = useState<{ ok: boolean; message: string; diff: string } | null>(null);
  const gap = status.gap;
  if (!gap && !done) return null;
  const fail = (e: unknown) => setDone({ ok: false, message: (e as Error).message, diff: '' });
  // First what it would change; nothing is written until Apply.
  const preview = async () => {
    if (busy) return;
    setDone(null);
    try {
      const p = await api.request('agents:preview', { agent: status.agent, connect: true });
      if (p.changed) setPlan({ agent: status.agent, connect: true, ...p });
      else setDone({ ok: true, message: 'Already connected: nothing to change.', diff: '' });
    } catch (e) {
      fail(e);
    }
  };
  const apply = async () => {
    if (busy || !plan) return;
    setBusy(true);
    try {
      const r = await api.request('agents:connect', { agent: status.agent, diff: plan.diff });
      setDone({ ...r, diff: plan.diff });
      setPlan(null);
    } catch (e) {
      fail(e);
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
          {plan ? (
            <ConnectPreview
              plan={plan}
              agentName={status.label}
              apply={gap.kind === 'no-bridge' ? 'Apply and update' : 'Apply and connect'}
              busy={busy}
              onApply={() => void apply()}
              onCancel={() => setPlan(null)}
            />
          ) : (
            <button type="button" className="primary" onClick={() => void preview()}>
              {gap.kind === 'no-bridge' ? `Update ${status.label}'s connection…` : `Connect ${status.label}…`}
            </button>
          )}
        </>
      )}
      {done && (
        <div className={done.ok ? '' : 'field-problem'} role={done.ok ? 'status' : 'alert'}>
          <p>{done.message}</p>
          {done.diff && (
            <details>
              <summary>The change made</summary>
              <HunkDiff diff={done.diff} label={`the change to ${gap?.path ?? 'the settings file'}`} />
            </details>
          )}
        </div>
      )}
    </div>
  );
}
