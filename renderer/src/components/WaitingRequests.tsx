// "Waiting for you": agents' permission requests the host holds for a person (Ask me), oldest first,
// each with Allow, "Always allow…" (the exact rule confirmed first), Deny and a reason the model is told
// on Deny. Shown above every view; nothing when none waits. An answer from anywhere (here, `hookpanel
// answer`) clears the card through the push.
import { useEffect, useState } from 'react';
import type { AlwaysChoice, WaitingRequest } from '../../../shared/permissions.js';
import { visibleText } from '../../../shared/visible-text.js';
import { api } from '../client.js';
import { AlwaysConfirm } from './AlwaysConfirm.js';
import { requestCardId } from '../notify/focus-request.js';
import { ErrorBox } from './bits.js';
import { agentLabel, PathText, useNow } from './names.js';

export function WaitingRequests() {
  const [requests, setRequests] = useState<WaitingRequest[]>([]);
  useEffect(() => {
    const off = api.on('requests', setRequests);
    void api.request('requests:list', {}).then(setRequests, () => {});
    return off;
  }, []);
  if (!requests.length) return null;
  return (
    <section className="waiting" aria-label="Waiting for you">
      <h2>Waiting for you</h2>
      {requests.map((r) => (
        <RequestCard key={r.id} request={r} />
      ))}
    </section>
  );
}

function RequestCard({ request: r }: { request: WaitingRequest }) {
  const now = useNow(1000);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const left = Math.max(0, Math.round((Date.parse(r.deadline) - now) / 1000));
  const offers = r.always?.offers ?? [];
  const answer = (behavior: 'allow' | 'deny', always?: AlwaysChoice) => {
    setBusy(true);
    setError(null);
    api
      .request('requests:answer', {
        id: r.id,
        behavior,
        reason: behavior === 'deny' && reason.trim() ? reason.trim() : null,
        ...(always && { always }),
      })
      .then(
        (res) => !res.ok && setError(res.message),
        (e: Error) => setError(e.message),
      )
      .finally(() => setBusy(false));
  };
  const reasonId = `reason-${r.id}`;
  return (
    <article
      className="waiting-card"
      // A notification click focuses the card by this id (renderer/src/notify/focus-request.ts).
      id={requestCardId(r.id)}
      tabIndex={-1}
      aria-label={`${agentLabel(r.agent)} asks to use ${r.tool ?? 'a tool'}`}
    >
      <p>
        <strong>{agentLabel(r.agent)}</strong> asks to use <strong>{r.tool ?? 'a tool'}</strong>
        {r.workspace && (
          <>
            {' '}
            in <PathText path={r.workspace} />
          </>
        )}
        <span className="muted"> · {left > 0 ? `${left}s left, then the agent decides` : 'expiring'}</span>
      </p>
      {r.subject && <pre className="waiting-subject">{visibleText(r.subject)}</pre>}
      {r.justification && <p className="muted">Why: {visibleText(r.justification)}</p>}
      {!offers.length && r.always?.whyNot && (
        <p className="muted">No &ldquo;Always allow&rdquo;: {r.always.whyNot}.</p>
      )}
      {confirming && offers.length > 0 ? (
        <AlwaysConfirm
          offers={offers}
          agent={agentLabel(r.agent)}
          busy={busy}
          onConfirm={(always) => answer('allow', always)}
          onBack={() => {
            setConfirming(false);
            setError(null);
          }}
        />
      ) : (
        <div className="waiting-actions">
          <button type="button" className="primary" disabled={busy} onClick={() => answer('allow')}>
            Allow
          </button>
          {offers.length > 0 && (
            <button type="button" disabled={busy} onClick={() => setConfirming(true)}>
              Always allow…
            </button>
          )}
          <button type="button" disabled={busy} onClick={() => answer('deny')}>
            Deny
          </button>
          <label htmlFor={reasonId}>Reason (told to the model on Deny)</label>
          <input
            id={reasonId}
            type="text"
            maxLength={2000}
            value={reason}
            placeholder="optional"
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
      )}
      {error && <ErrorBox message={error} />}
    </article>
  );
}
