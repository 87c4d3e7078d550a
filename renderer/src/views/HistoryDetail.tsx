// History's detail: an event (its decision, the rules it ran, or that none matched; its payload; replay)
// or one rule's run of it (exit, output, timing), each a click away from the other.
import { useEffect, useState } from 'react';
import type { DispatchRecord, EventRecord } from '../../../shared/dispatch.js';
import { eventVerdict } from '../../../shared/event-verdict.js';
import { visibleText } from '../../../shared/visible-text.js';
import type { DryRun } from '../../../shared/ipc.js';
import { api } from '../client.js';
import { Badge, Empty, ErrorBox } from '../components/bits.js';
import { counted } from '../components/counted.js';
import { agentLabel, PathText, RuleName } from '../components/names.js';
import { useStore } from '../store.js';
import { DryRunTable } from './TestFire.js';

export type Selection = { eventId: string; dispatchId: string | null };

export const DECISION_WORD: Record<string, string> = {
  allow: 'allowed',
  block: 'blocked',
  cancel: 'cancelled',
  // A permission request held for a person (shared/event-verdict.ts).
  waiting: 'waiting for you',
  undecided: 'no decision: the agent decides',
};

/**
 * A row's time in a narrow column: the clock time, with the day over it when it is not today, so
 * "Nov 30 10:05:57 PM" never has to fit one line.
 */
export function RowTime({ time }: { time: string }) {
  const d = new Date(time);
  const today = d.toDateString() === new Date().toDateString();
  return (
    <span role="cell" className="row-time">
      {!today && (
        <span className="muted small">
          {d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}
        </span>
      )}
      <span>{d.toLocaleTimeString()}</span>
    </span>
  );
}

export function when(time: string): string {
  const d = new Date(time);
  return d.toDateString() === new Date().toDateString()
    ? d.toLocaleTimeString()
    : `${d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })} ${d.toLocaleTimeString()}`;
}

/** An event and the dispatches it made: read from the history, joined by live records as they come. */
function useEventRecords(eventId: string) {
  const liveEvents = useStore((s) => s.liveEvents);
  const liveDispatches = useStore((s) => s.liveDispatches);
  // What was read, and of which event: another event picked shows nothing of the last one's meanwhile
  // (its Replay would have replayed the event before).
  const [read, setRead] = useState<{
    eventId: string;
    event: EventRecord | null;
    dispatches: DispatchRecord[];
    error: string | null;
  } | null>(null);
  const liveOfIt = liveDispatches.filter((d) => d.eventId === eventId);
  const liveEvent = liveEvents.find((e) => e.id === eventId) ?? null;
  const arrived = liveOfIt.length + (liveEvent ? 1 : 0);
  useEffect(() => {
    let gone = false;
    Promise.all([
      api.request('history:events', { filter: { eventId }, limit: 1 }),
      api.request('history:query', { filter: { eventId }, limit: 1000 }),
    ]).then(
      ([e, d]) => {
        if (!gone) setRead({ eventId, event: e.events[0] ?? null, dispatches: d.dispatches, error: null });
      },
      (e: Error) => {
        if (!gone)
          setRead({
            eventId,
            event: null,
            dispatches: [],
            error: `Could not read the history: ${e.message}`,
          });
      },
    );
    return () => void (gone = true);
  }, [eventId, arrived]);
  const own = read?.eventId === eventId ? read : null;
  const event = own?.event ?? null;
  const dispatches = own?.dispatches ?? [];
  const error = own?.error ?? null;
  const seen = new Set(dispatches.map((d) => d.id));
  const all = [...dispatches, ...liveOfIt.filter((d) => !seen.has(d.id))].sort((a, b) =>
    a.time.localeCompare(b.time),
  );
  return { event: event ?? liveEvent, dispatches: all, error };
}

export function HistoryDetail({
  sel,
  onSelect,
  onSession,
}: {
  sel: Selection;
  onSelect: (s: Selection) => void;
  /** Shows the timeline of the event's session. */
  onSession?: (e: EventRecord) => void;
}) {
  const { event, dispatches, error } = useEventRecords(sel.eventId);
  const dispatch = sel.dispatchId ? dispatches.find((d) => d.id === sel.dispatchId) : null;
  if (error) return <ErrorBox message={error} />;
  if (sel.dispatchId && dispatch)
    return (
      <DispatchDetail
        record={dispatch}
        event={event}
        runs={dispatches.length}
        onSession={onSession}
        onEvent={() => onSelect({ eventId: sel.eventId, dispatchId: null })}
      />
    );
  if (!event) return <p className="muted">Loading…</p>;
  return (
    <EventDetail
      event={event}
      onSession={onSession}
      dispatches={dispatches}
      onDispatch={(id) => onSelect({ eventId: event.id, dispatchId: id })}
    />
  );
}

function EventDetail({
  event: e,
  dispatches,
  onDispatch,
  onSession,
}: {
  event: EventRecord;
  onSession?: (e: EventRecord) => void;
  dispatches: DispatchRecord[];
  onDispatch: (id: string) => void;
}) {
  const go = useStore((s) => s.go);
  return (
    <div className="detail" aria-label="event detail">
      <h3>
        {e.event} <Badge kind={eventVerdict(e)}>{DECISION_WORD[eventVerdict(e)]}</Badge>
      </h3>
      <p className="muted">
        {agentLabel(e.dialect)} · {new Date(e.time).toLocaleString()}
      </p>
      <dl>
        <dt>Decision</dt>
        <dd>
          {/* Nobody answered: the reason says it whole (why, and that the agent decided). */}
          {visibleText(
            e.held === 'unanswered' && e.reason
              ? e.reason
              : `${DECISION_WORD[eventVerdict(e)]}${e.reason ? `: ${e.reason}` : ''}`,
          )}
        </dd>
        <dt>Rules</dt>
        <dd>
          {e.dispatchCount === 0
            ? 'No rule matched this event, so nothing ran.'
            : `${counted(e.dispatchCount, 'rule')} matched`}
          {e.untrustedSkips > 0 && (
            <>
              {' '}
              ({e.untrustedSkips} not run: their file is not trusted yet.{' '}
              <button type="button" className="link" onClick={() => go('review')}>
                Review it
              </button>
              )
            </>
          )}
        </dd>
        <dt>Took</dt>
        <dd>{e.durationMs} ms</dd>
        {e.machine && (
          <>
            <dt>Machine</dt>
            <dd>{e.machine}</dd>
          </>
        )}
        <dt>Workspace</dt>
        <dd>{e.workspace ? <PathText path={e.workspace} /> : 'none'}</dd>
        <dt>Session</dt>
        <dd>
          {e.sessionId ? <code>{visibleText(e.sessionId)}</code> : <span className="muted">no id</span>}{' '}
          {onSession && (
            <button type="button" className="link" onClick={() => onSession(e)}>
              Show its timeline
            </button>
          )}
        </dd>
      </dl>
      {dispatches.length > 0 && (
        <>
          <h4>What ran</h4>
          <ul className="runs" aria-label="rules this event ran">
            {dispatches.map((d) => (
              <li key={d.id}>
                <button type="button" onClick={() => onDispatch(d.id)}>
                  <RuleName name={d.rule} handler={d.handler} index={d.ruleIndex} source={d.source} />
                  <Badge kind={d.outcome}>{d.outcome}</Badge>
                  <span className="muted">{d.durationMs} ms</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <Payload event={e} />
      <Replay key={e.id} event={e} />
    </div>
  );
}

function DispatchDetail({
  record: r,
  event,
  runs,
  onEvent,
  onSession,
}: {
  record: DispatchRecord;
  event: EventRecord | null;
  runs: number;
  onEvent: () => void;
  onSession?: (e: EventRecord) => void;
}) {
  const go = useStore((s) => s.go);
  return (
    <div className="detail" aria-label="dispatch detail">
      <button type="button" className="link back" onClick={onEvent}>
        ← The event: {r.event}, {event ? (DECISION_WORD[event.decision] ?? event.decision) : '…'}
        {runs > 1 ? `, ${counted(runs, 'rule')} ran` : ''}
      </button>
      {event && onSession && (
        <button type="button" className="link back" onClick={() => onSession(event)}>
          Its session's timeline
        </button>
      )}
      <h3>
        <RuleName name={r.rule} handler={r.handler} index={r.ruleIndex} detail={false} />{' '}
        <Badge kind={r.outcome}>{r.outcome}</Badge>
      </h3>
      <dl>
        <dt>Event</dt>
        <dd>
          {agentLabel(r.dialect)} · {r.event}
          {r.machine ? ` · on ${r.machine}` : ''} · {new Date(r.time).toLocaleString()}
        </dd>
        <dt>Decision</dt>
        <dd>
          {event ? <Badge kind={event.decision}>{DECISION_WORD[event.decision]}</Badge> : '—'}{' '}
          {r.decision ? <>this hook answered {r.decision}</> : null}
        </dd>
        <dt>Reason</dt>
        <dd>{visibleText(r.skipReason ? `not run: ${r.skipReason}` : (r.reason ?? event?.reason ?? '—'))}</dd>
        <dt>Exit</dt>
        <dd>
          {r.timedOut
            ? 'timed out'
            : r.signal
              ? `signal ${r.signal}`
              : r.exitCode === null
                ? '—'
                : `exit ${r.exitCode}`}
          {r.groupKilled ? ' · its processes were stopped' : ''}
        </dd>
        <dt>Took</dt>
        <dd>
          {r.durationMs} ms{r.pid ? ` · pid ${r.pid}` : ''}
        </dd>
        <dt>Runs</dt>
        <dd>
          <code className="chip">{r.handler}</code>
        </dd>
        <dt>Rule</dt>
        <dd>
          <RuleName name={r.rule} handler={r.handler} index={r.ruleIndex} /> in <PathText path={r.source} />{' '}
          <button
            type="button"
            className="link"
            onClick={() => go('rules', { path: r.source, ruleIndex: r.ruleIndex })}
          >
            Show in Rules
          </button>
        </dd>
      </dl>
      <h4>Output (stdout)</h4>
      <pre className="out" aria-label="stdout">
        {visibleText(r.stdoutTail, { lines: true }) || '(empty)'}
      </pre>
      <h4>Errors (stderr)</h4>
      <pre className="out" aria-label="stderr">
        {visibleText(r.stderrTail, { lines: true }) || '(empty)'}
      </pre>
      {event ? <Payload event={event} /> : null}
      {event ? <Replay key={event.id} event={event} /> : null}
    </div>
  );
}

/** The payload as recorded: JSON, or the first bytes of it (as text, marked) when it was too large. */
function Payload({ event }: { event: EventRecord }) {
  if (event.payloadTruncated)
    return (
      <>
        <h4>
          Payload <Badge kind="warn">truncated</Badge>
        </h4>
        <p className="muted">
          It was larger than the history keeps: these are its first{' '}
          {counted(String(event.payload).length, 'character')}, cut mid-way.
        </p>
        <pre className="out" aria-label="payload">
          {visibleText(String(event.payload), { lines: true })}
        </pre>
      </>
    );
  return (
    <>
      <h4>Payload</h4>
      <pre className="out" aria-label="payload">
        {visibleText(JSON.stringify(event.payload, null, 2), { lines: true })}
      </pre>
    </>
  );
}

/** Replay as a dry run: the result, or why it cannot run, right under the button. */
function Replay({ event }: { event: EventRecord }) {
  const [result, setResult] = useState<DryRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const replay = async () => {
    setBusy(true);
    try {
      setResult(await api.request('history:replay', { eventId: event.id }));
      setError(null);
    } catch (e) {
      setError(`Could not replay it: ${(e as Error).message}`);
      setResult(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="replay" role="group" aria-label="replay">
      <button type="button" onClick={() => void replay()} disabled={busy || event.payloadTruncated}>
        Replay as dry run
      </button>{' '}
      <span className="muted">
        {event.payloadTruncated
          ? 'Not possible: the payload was truncated when it was recorded, so it cannot be sent again as it was.'
          : 'Which rules the same event would run now, without running them.'}
      </span>
      {error && <ErrorBox message={error} />}
      {result && <DryRunTable result={result} />}
    </div>
  );
}

export function NoHistory({ mode, filtered }: { mode: 'events' | 'dispatches'; filtered: boolean }) {
  if (filtered)
    return (
      <Empty title={mode === 'events' ? 'No events match' : 'No rule runs match'}>
        Nothing recorded matches these filters. Clear one to see more.
      </Empty>
    );
  return mode === 'events' ? (
    <Empty title="No events yet">
      Events arrive when an agent calls <code>hookpanel emit</code>, or when you fire one from Test fire.
    </Empty>
  ) : (
    <Empty title="No rule has run yet">
      Rules run when an event they match arrives. Events that matched no rule are listed under Events.
    </Empty>
  );
}
