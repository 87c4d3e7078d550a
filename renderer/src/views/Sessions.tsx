// History by session: every agent session (agent, workspace, start, length, events, blocks), the most
// recently active first, a page at a time; and one session's timeline: each event in order with its
// tool call, the hooks that ran with their time and answer, requests and the person's answers, and
// where each turn ended. Both lists are virtualized: 10,000 sessions, 1,000 events in one.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DIALECT_MANIFESTS } from '../../../shared/dialects.js';
import type { SessionInfo } from '../../../shared/history-sessions.js';
import { visibleText } from '../../../shared/visible-text.js';
import { api } from '../client.js';
import { Empty, ErrorBox } from '../components/bits.js';
import { agentLabel } from '../components/names.js';
import { RowTime } from './HistoryDetail.js';
import { SessionTimeline, spanWords } from './SessionTimeline.js';
import { useLatestRead } from '../components/latest-read.js';

/** Sessions per page. */
const PAGE = 200;

/** The last folder of a workspace: the whole path is its title. */
function folder(path: string | null): string {
  return path ? (path.split(/[\\/]/).filter(Boolean).pop() ?? path) : 'no workspace';
}

function useSessions(filter: { dialect?: string; workspace?: string }) {
  const [rows, setRows] = useState<SessionInfo[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const ask = useCallback(
    (before?: number) =>
      api.request('history:sessions', {
        ...(filter.dialect ? { dialect: filter.dialect as SessionInfo['dialect'] } : {}),
        ...(filter.workspace ? { workspace: filter.workspace } : {}),
        ...(before !== undefined ? { before } : {}),
        limit: PAGE,
      }),
    [filter.dialect, filter.workspace],
  );
  // A next page asked for before the filter changed is not added to the new filter's sessions.
  const latest = useLatestRead();
  useEffect(() => {
    let gone = false;
    latest.begin();
    setLoading(true);
    ask().then(
      (r) => {
        if (gone) return;
        setRows(r);
        setMore(r.length >= PAGE);
        setError(null);
        setLoading(false);
      },
      (e: Error) => {
        if (gone) return;
        setError(`Could not read the sessions: ${e.message}`);
        setLoading(false);
      },
    );
    return () => void (gone = true);
  }, [ask, latest]);
  const loadOlder = async () => {
    const last = rows[rows.length - 1];
    if (!last) return;
    const read = latest.last();
    try {
      const next = await ask(last.last);
      if (!latest.isLatest(read)) return;
      setRows([...rows, ...next]);
      setMore(next.length >= PAGE);
    } catch (e) {
      if (latest.isLatest(read)) setError(`Could not read the sessions: ${(e as Error).message}`);
    }
  };
  return { rows, more, loading, error, loadOlder };
}

function SessionList({ onOpen, workspaces }: { onOpen: (s: SessionInfo) => void; workspaces: string[] }) {
  const [filter, setFilter] = useState<{ dialect?: string; workspace?: string }>({});
  const { rows, more, loading, error, loadOlder } = useSessions(filter);
  const parent = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: () => 46,
    overscan: 12,
  });
  return (
    <>
      <div className="toolbar wrap filters" role="search" aria-label="session filters">
        <select
          aria-label="agent"
          value={filter.dialect ?? ''}
          onChange={(e) => setFilter((f) => ({ ...f, dialect: e.target.value || undefined }))}
        >
          <option value="">All agents</option>
          {DIALECT_MANIFESTS.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </select>
        <select
          className="workspace"
          aria-label="workspace"
          value={filter.workspace ?? ''}
          onChange={(e) => setFilter((f) => ({ ...f, workspace: e.target.value || undefined }))}
        >
          <option value="">All workspaces</option>
          {workspaces.map((w) => (
            <option key={w} value={w}>
              {w}
            </option>
          ))}
        </select>
      </div>
      {error && <ErrorBox message={error} />}
      {!rows.length && !loading ? (
        <Empty title="No sessions yet">
          {filter.dialect || filter.workspace
            ? 'No session matches these filters.'
            : 'A session shows here once an agent sends its first event.'}
        </Empty>
      ) : (
        <div
          ref={parent}
          className="virtual"
          role="table"
          aria-label="sessions"
          aria-rowcount={rows.length + 1}
        >
          <div role="rowgroup" className="history-head">
            <div role="row" className="hrow head sessions" aria-rowindex={1}>
              <span role="columnheader">started</span>
              <span role="columnheader">agent and workspace</span>
              <span role="columnheader">length</span>
              <span role="columnheader" className="num">
                events
              </span>
              <span role="columnheader" className="num">
                blocks
              </span>
            </div>
          </div>
          <div role="rowgroup" style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((v) => {
              const s = rows[v.index]!;
              return (
                <div
                  key={s.key}
                  role="row"
                  tabIndex={0}
                  aria-rowindex={v.index + 2}
                  className="hrow sessions"
                  style={{ transform: `translateY(${v.start}px)`, height: v.size }}
                  onClick={() => onOpen(s)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') onOpen(s);
                    if (e.key === 'ArrowDown')
                      (e.currentTarget.nextElementSibling as HTMLElement | null)?.focus();
                    if (e.key === 'ArrowUp')
                      (e.currentTarget.previousElementSibling as HTMLElement | null)?.focus();
                  }}
                >
                  <RowTime time={new Date(s.first).toISOString()} />
                  <span role="cell" className="what">
                    <span className="ellipsis">
                      <strong>{agentLabel(s.dialect)}</strong> in{' '}
                      <span title={s.workspace ?? undefined}>{visibleText(folder(s.workspace))}</span>
                    </span>
                    <span className="ellipsis muted small">
                      {s.sessionId ? `session ${visibleText(s.sessionId)}` : 'no session id'}
                    </span>
                  </span>
                  <span role="cell">{spanWords(s.last - s.first)}</span>
                  <span role="cell" className="num">
                    {s.events.toLocaleString()}
                  </span>
                  <span role="cell" className={s.blocks ? 'num blocks' : 'num muted'}>
                    {s.blocks.toLocaleString()}
                  </span>
                </div>
              );
            })}
          </div>
        </div>
      )}
      {more && (
        <button type="button" className="more" onClick={() => void loadOlder()}>
          Load older sessions
        </button>
      )}
    </>
  );
}

/** Sessions, or one session's timeline once one is picked (from the list, an event, a notification). */
export function SessionsPane({
  open,
  onOpen,
  selectedEvent,
  onSelectEvent,
  workspaces,
}: {
  open: { key: string; eventId: string | null } | null;
  onOpen: (open: { key: string; eventId: string | null } | null) => void;
  selectedEvent: string | null;
  onSelectEvent: (eventId: string) => void;
  workspaces: string[];
}) {
  if (open)
    return (
      <SessionTimeline
        sessionKey={open.key}
        scrollTo={open.eventId}
        selectedEvent={selectedEvent}
        onSelectEvent={onSelectEvent}
        onBack={() => onOpen(null)}
      />
    );
  return <SessionList workspaces={workspaces} onOpen={(s) => onOpen({ key: s.key, eventId: null })} />;
}
