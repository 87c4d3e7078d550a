// "Waiting for you": agents' permission requests the host holds for a person (Ask me), oldest first,
// each with Allow, "Always allow…" (the exact rule confirmed first), a reason the model is told on Deny
// (Enter sends it) and Deny. Shown above every view; nothing when none waits. A request Trust review's
// risk flags catch offers no answer as the obvious one and says why; Write and Edit show the file and
// what would be written. After an answer, focus goes to the next request, or back where it was. An
// answer from anywhere (here, `hookpanel answer`) clears the card through the push.
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import type { AlwaysChoice, FileChange, WaitingRequest } from '../../../shared/permissions.js';
import { visibleText } from '../../../shared/visible-text.js';
import { api } from '../client.js';
import { requestCardId } from '../notify/focus-request.js';
import { useStore } from '../store.js';
import { AlwaysConfirm } from './AlwaysConfirm.js';
import { ErrorBox, HunkDiff } from './bits.js';
import { agentLabel, PathText, useNow } from './names.js';

export function WaitingRequests() {
  const requests = useStore((s) => s.requests);
  const section = useRef<HTMLElement>(null);
  /** Where focus was before it came to the cards: it goes back there when none is left. */
  const returnTo = useRef<HTMLElement | null>(null);
  /** The request just answered here, and its place in the list: focus moves on once it is gone. */
  const [answered, setAnswered] = useState<{ id: string; index: number } | null>(null);
  useEffect(() => {
    if (!answered || requests.some((r) => r.id === answered.id)) return;
    setAnswered(null);
    // Only when focus was lost with the card: a person who has moved on keeps their place.
    const active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;
    const next = requests[Math.min(answered.index, requests.length - 1)];
    const target = next
      ? document.getElementById(requestCardId(next.id))
      : returnTo.current?.isConnected
        ? returnTo.current
        : document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    target?.focus();
  }, [requests, answered]);
  const onFocus = (e: FocusEvent<HTMLElement>) => {
    const from = e.relatedTarget as HTMLElement | null;
    if (from && !section.current?.contains(from)) returnTo.current = from;
  };
  if (!requests.length) return null;
  return (
    <section className="waiting" aria-label="Waiting for you" ref={section} onFocus={onFocus}>
      <h2>Waiting for you</h2>
      {requests.map((r, i) => (
        <RequestCard key={r.id} request={r} onAnswered={() => setAnswered({ id: r.id, index: i })} />
      ))}
    </section>
  );
}

function RequestCard({ request: r, onAnswered }: { request: WaitingRequest; onAnswered: () => void }) {
  const now = useNow(1000);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const left = Math.max(0, Math.round((Date.parse(r.deadline) - now) / 1000));
  const offers = r.always?.offers ?? [];
  const risks = r.risks ?? [];
  const answer = (behavior: 'allow' | 'deny', always?: AlwaysChoice) => {
    if (busy) return;
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
        (res) => (res.ok ? onAnswered() : setError(res.message)),
        (e: Error) => setError(e.message),
      )
      .finally(() => setBusy(false));
  };
  const reasonId = `reason-${r.id}`;
  // A flagged request: neither answer is the obvious one.
  const primary = risks.length ? undefined : 'primary';
  return (
    <article
      className={risks.length ? 'waiting-card flagged' : 'waiting-card'}
      // A notification click focuses the card by this id (renderer/src/notify/focus-request.ts).
      id={requestCardId(r.id)}
      tabIndex={-1}
      aria-label={`${agentLabel(r.agent)}${r.machine ? ` on ${r.machine}` : ''} asks to use ${r.tool ?? 'a tool'}`}
    >
      <p>
        <strong>{agentLabel(r.agent)}</strong>
        {r.machine && (
          <>
            {' '}
            on <strong className="request-machine">{r.machine}</strong>
          </>
        )}{' '}
        asks to use <strong>{r.tool ?? 'a tool'}</strong>
        {r.workspace && (
          <>
            {' '}
            in <PathText path={r.workspace} />
          </>
        )}
        <span className="muted"> · {left > 0 ? `${left}s left, then the agent decides` : 'expiring'}</span>
      </p>
      {r.change ? (
        <ChangeView change={r.change} />
      ) : (
        r.subject && <pre className="waiting-subject">{visibleText(r.subject)}</pre>
      )}
      {r.justification && <p className="muted">Why: {visibleText(r.justification)}</p>}
      {risks.length > 0 && (
        <div className="warn-box request-risks" role="note" aria-label="Look before you answer">
          <p>
            <strong>Look before you answer.</strong> Neither answer is picked for you: this request{' '}
            {risks.length === 1 ? 'has a flag' : `has ${risks.length} flags`} from Trust review.
          </p>
          <ul>
            {risks.map((k) => (
              <li key={k.kind}>
                <strong>{k.title}</strong>: <code>{k.because}</code>. {k.explain}
              </li>
            ))}
          </ul>
        </div>
      )}
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
          <button type="button" className={primary} disabled={busy} onClick={() => answer('allow')}>
            Allow
          </button>
          {offers.length > 0 && (
            <button type="button" disabled={busy} onClick={() => setConfirming(true)}>
              Always allow…
            </button>
          )}
          <span className="waiting-deny">
            <label htmlFor={reasonId}>Reason (told to the model on Deny)</label>
            <input
              id={reasonId}
              type="text"
              maxLength={2000}
              value={reason}
              placeholder="optional; Enter denies"
              onChange={(e) => setReason(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  answer('deny');
                }
              }}
            />
            <button type="button" disabled={busy} onClick={() => answer('deny')}>
              Deny
            </button>
          </span>
        </div>
      )}
      {error && <ErrorBox message={error} />}
    </article>
  );
}

const CHANGE_WORDS: Record<FileChange['kind'], string> = {
  create: 'Creates',
  replace: 'Replaces the whole of',
  edit: 'Edits',
};

/** Write and Edit: the file, then what would be in it (a new file) or the change (a diff). */
function ChangeView({ change: c }: { change: FileChange }) {
  return (
    <div className="waiting-change">
      <p>
        {CHANGE_WORDS[c.kind]} <PathText path={c.path} />
        {c.kind === 'create' && c.content !== null && (
          <span className="muted"> · {lineCount(c.content)}</span>
        )}
      </p>
      {c.note && <p className="muted">Note: {c.note}.</p>}
      {c.diff !== null ? (
        <HunkDiff diff={c.diff} label={`the change to ${c.path}`} />
      ) : (
        <pre className="waiting-content" tabIndex={0} aria-label={`what it would write to ${c.path}`}>
          {c.content || '(an empty file)'}
        </pre>
      )}
      {c.truncated && (
        <p className="muted">Only the first part is shown: the rest is longer than the card holds.</p>
      )}
    </div>
  );
}

function lineCount(text: string): string {
  const n = text ? text.split('\n').length - (text.endsWith('\n') ? 1 : 0) : 0;
  return n === 1 ? '1 line' : `${n} lines`;
}
