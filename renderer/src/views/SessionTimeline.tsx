// One session's timeline: every event in order with its tool call, the hooks that ran (their time and
// answer), permission requests and the person's answers, and where each turn ended; read a page at a
// time, shown virtualized, filterable by what happened and by text.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { eventVerdict } from '../../../shared/event-verdict.js';
import type { SessionInfo, TimelineEntry } from '../../../shared/history-sessions.js';
import { visibleText } from '../../../shared/visible-text.js';
import type { Res } from '../../../shared/ipc.js';
import { ASK_ME_SOURCE } from '../../../shared/ask-me-source.js';
import type { DispatchRecord } from '../../../shared/dispatch.js';
import { api } from '../client.js';
import { Badge, ErrorBox } from '../components/bits.js';
import { CallLine, Highlight } from '../components/CallLine.js';
import { counted } from '../components/counted.js';
import { agentLabel, RuleName } from '../components/names.js';
import { DECISION_WORD, when } from './HistoryDetail.js';

/** Events per request: a 1,000-event session arrives in two. */
const PAGE = 500;

const SHOW: Record<string, { word: string; keep: (t: TimelineEntry) => boolean }> = {
  all: { word: 'Every event', keep: () => true },
  tools: { word: 'Tool calls', keep: (t) => !!t.event.call.tool },
  blocked: { word: 'Blocked', keep: (t) => t.event.decision !== 'allow' },
  requests: { word: 'Permission requests', keep: (t) => !!t.event.held },
  failed: {
    word: 'Hooks that failed',
    keep: (t) => t.dispatches.some((d) => d.outcome === 'failed' || d.outcome === 'timeout'),
  },
  turns: { word: 'Turn ends', keep: (t) => t.turnEnd },
};

function matches(t: TimelineEntry, text: string): boolean {
  const e = t.event;
  const hay = [
    e.event,
    e.call.tool,
    e.call.subject,
    e.reason,
    ...t.dispatches.flatMap((d) => [d.rule, d.handler, d.reason]),
  ]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w));
}

/** Every event of the session, page after page (pages keep each answer small). */
function useTimeline(key: string) {
  const [entries, setEntries] = useState<TimelineEntry[]>([]);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let gone = false;
    setEntries([]);
    setDone(false);
    void (async () => {
      let after: { time: number; seq: number } | null = null;
      try {
        do {
          const page: Res<'history:timeline'> = await api.request('history:timeline', {
            key,
            after,
            limit: PAGE,
          });
          if (gone) return;
          setEntries((all) => [...all, ...page.entries]);
          after = page.next;
        } while (after);
        setDone(true);
      } catch (e) {
        if (!gone) setError(`Could not read this session: ${(e as Error).message}`);
      }
    })();
    return () => void (gone = true);
  }, [key]);
  return { entries, done, error };
}

/** The session's summary, read by its key; `known` once that read answered (or failed). */
function useSessionInfo(key: string): { info: SessionInfo | null; known: boolean } {
  const [read, setRead] = useState<{ key: string; info: SessionInfo | null } | null>(null);
  useEffect(() => {
    let gone = false;
    void api.request('history:sessions', { key, limit: 1 }).then(
      (one) => !gone && setRead({ key, info: one[0] ?? null }),
      // Without the summary the timeline still shows every event; its own read says what failed.
      () => !gone && setRead({ key, info: null }),
    );
    return () => void (gone = true);
  }, [key]);
  return read?.key === key ? { info: read.info, known: true } : { info: null, known: false };
}

export function SessionTimeline({
  sessionKey,
  scrollTo,
  selectedEvent,
  onSelectEvent,
  onBack,
}: {
  sessionKey: string;
  scrollTo: string | null;
  selectedEvent: string | null;
  onSelectEvent: (eventId: string) => void;
  onBack: () => void;
}) {
  const { entries, done, error } = useTimeline(sessionKey);
  const { info, known: infoKnown } = useSessionInfo(sessionKey);
  const [show, setShow] = useState('all');
  const [text, setText] = useState('');
  const shown = useMemo(
    () => entries.filter((t) => SHOW[show]!.keep(t) && (!text.trim() || matches(t, text))),
    [entries, show, text],
  );
  const parent = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: shown.length,
    getScrollElement: () => parent.current,
    estimateSize: () => 64,
    overscan: 8,
  });
  // Opened on an event (from History or a notification): scrolled to it once it is read.
  const target = scrollTo ? shown.findIndex((t) => t.event.id === scrollTo) : -1;
  // (The list is drawn once the summary is known: scrolled then, not before.)
  useEffect(() => {
    if (infoKnown && target >= 0) virtual.scrollToIndex(target, { align: 'center' });
  }, [infoKnown, target, virtual]);
  const first = entries[0]?.event;
  const dialect = info?.dialect ?? first?.dialect;
  return (
    <section className="timeline" aria-label="session timeline">
      <div className="toolbar">
        <button type="button" onClick={onBack}>
          ← All sessions
        </button>
      </div>
      {/* The summary line comes with its own read, above the filters: drawn with the rest so it does not
          push them down under a click. */}
      {!infoKnown ? (
        <p className="muted" role="status">
          Reading this session…
        </p>
      ) : (
        <>
          <header className="session-head">
            <h3>
              {dialect ? agentLabel(dialect) : 'Session'}
              {info?.workspace || first?.workspace
                ? ` in ${visibleText(info?.workspace ?? first?.workspace ?? '')}`
                : ''}
            </h3>
            {info && (
              <p className="muted" aria-label="session summary">
                Started {when(new Date(info.first).toISOString())} · lasted{' '}
                {spanWords(info.last - info.first)} · {counted(info.events, 'event')} ·{' '}
                {counted(info.blocks, 'block')}
                {info.sessionId ? ` · session ${visibleText(info.sessionId)}` : ''}
              </p>
            )}
          </header>
          <div className="toolbar wrap filters" role="search" aria-label="timeline filters">
            <select aria-label="show in this session" value={show} onChange={(e) => setShow(e.target.value)}>
              {Object.entries(SHOW).map(([k, v]) => (
                <option key={k} value={k}>
                  {v.word}
                </option>
              ))}
            </select>
            <input
              type="search"
              aria-label="search this session"
              placeholder="Search commands, files, rules…"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <span className="muted match-count" role="status">
              {show === 'all' && !text.trim()
                ? `${counted(entries.length, 'event')}${done ? '' : ' so far…'}`
                : `${shown.length.toLocaleString()} of ${counted(entries.length, 'event')}`}
            </span>
          </div>
          {error && <ErrorBox message={error} />}
          <div ref={parent} className="virtual timeline-list" role="list" aria-label="events of this session">
            <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
              {virtual.getVirtualItems().map((v) => {
                const t = shown[v.index]!;
                return (
                  <div
                    key={t.event.id}
                    ref={virtual.measureElement}
                    data-index={v.index}
                    role="listitem"
                    className={`tl-entry ${t.event.id === selectedEvent ? 'selected' : ''}`}
                    style={{ transform: `translateY(${v.start}px)` }}
                  >
                    <Entry entry={t} query={text} onSelect={() => onSelectEvent(t.event.id)} />
                  </div>
                );
              })}
            </div>
          </div>
        </>
      )}
    </section>
  );
}

/** A length of time as a person says it: "42 s", "3 min", "2 h 5 min". */
export function spanWords(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.round(s / 60);
  return m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** A person's answer to a permission request (Ask me), recorded as a rule run. */
function isPersonsAnswer(d: DispatchRecord): boolean {
  return d.source === ASK_ME_SOURCE || d.mode === 'held';
}

function Entry({ entry: t, query, onSelect }: { entry: TimelineEntry; query: string; onSelect: () => void }) {
  const e = t.event;
  const verdict = eventVerdict(e);
  const hooks = t.dispatches.filter((d) => !isPersonsAnswer(d));
  const answers = t.dispatches.filter((d) => isPersonsAnswer(d));
  return (
    <>
      <button type="button" className="tl-event" onClick={onSelect} title="Show its details">
        <span className="tl-time">{when(e.time)}</span>
        <span className="what">
          <span className="ellipsis">
            {e.call.tool || e.call.subject ? (
              <CallLine call={e.call} query={query} />
            ) : (
              <Highlight text={e.event} query={query} />
            )}
          </span>
          <span className="ellipsis muted small">
            {e.event}
            {e.held ? ' · permission request' : ''}
          </span>
        </span>
        <Badge kind={verdict}>{DECISION_WORD[verdict] ?? verdict}</Badge>
        <span className="num small">{Math.round(e.durationMs)} ms</span>
      </button>
      {(hooks.length > 0 || answers.length > 0 || (e.reason && e.decision !== 'allow')) && (
        <ul className="tl-runs" aria-label="what ran">
          {hooks.map((d) => (
            <li key={d.id}>
              <RuleName
                name={d.rule}
                handler={d.handler}
                index={d.ruleIndex}
                source={d.source}
                cut="middle"
              />
              <Badge kind={d.outcome}>{d.outcome}</Badge>
              <span className="num small">{Math.round(d.durationMs)} ms</span>
              {d.decision && d.decision !== 'allow' ? (
                <span className="small tl-said">
                  {DECISION_WORD[d.decision] ?? d.decision}
                  {d.reason ? `: ${visibleText(d.reason)}` : ''}
                </span>
              ) : null}
            </li>
          ))}
          {answers.map((d) => (
            <li key={d.id} className="tl-answer">
              <strong>You answered</strong>{' '}
              {d.decision ? (DECISION_WORD[d.decision] ?? d.decision) : 'nothing (the agent decided)'}
              {d.reason ? `: ${visibleText(d.reason)}` : ''}
              <span className="muted small"> after {Math.round(d.durationMs / 1000)} s</span>
            </li>
          ))}
          {e.held === 'unanswered' && e.reason && <li className="muted">{visibleText(e.reason)}</li>}
        </ul>
      )}
      {t.turnEnd && (
        <div className="tl-turn" role="separator" aria-label="turn ended">
          Turn ended
        </div>
      )}
    </>
  );
}
