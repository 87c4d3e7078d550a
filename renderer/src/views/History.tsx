import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DIALECT_MANIFESTS } from '../../../shared/dialects.js';
import type { DispatchRecord, EventRecord } from '../../../shared/dispatch.js';
import type { DryRun, HistoryFilterInput, Res } from '../../../shared/ipc.js';
import { api } from '../client.js';
import { Badge, Empty, ErrorBox } from '../components/bits.js';
import { DryRunTable } from './TestFire.js';
import { useStore } from '../store.js';

const SPANS: Record<string, number | undefined> = {
  any: undefined,
  '15m': 15 * 60e3,
  '1h': 3600e3,
  '24h': 86400e3,
  '7d': 7 * 86400e3,
};
/** Dispatches per page: the newest first, older ones on request. */
const LIMIT = 1000;

function keep(r: DispatchRecord, f: HistoryFilterInput): boolean {
  if (f.dialect && r.dialect !== f.dialect) return false;
  if (f.event && r.event !== f.event) return false;
  if (f.rule && !r.rule.includes(f.rule)) return false;
  if (f.outcome && r.outcome !== f.outcome) return false;
  if (f.workspace && r.workspace !== f.workspace) return false;
  if (f.since && Date.parse(r.time) < f.since) return false;
  if (
    f.text &&
    ![r.rule, r.source, r.handler, r.reason ?? '', r.stdoutTail, r.stderrTail, r.event].some((s) =>
      s.toLowerCase().includes(f.text!.toLowerCase()),
    )
  )
    return false;
  return true;
}

export function HistoryView() {
  const { focus, liveDispatches, liveEvents, historyImport, info, settings } = useStore();
  const [recorded, setRecorded] = useState<string[]>([]);
  // Workspaces the history holds, asked again only when a live event comes from a new one.
  const unseen = liveEvents.find((e) => e.workspace && !recorded.includes(e.workspace))?.workspace;
  useEffect(() => {
    void api.request('history:status', {}).then(
      (s) => setRecorded(s.workspaces),
      () => {},
    );
  }, [unseen]);
  const workspaces = [
    ...new Set(
      [info?.workspace, ...(settings?.workspaces ?? []), ...recorded].filter((w): w is string => !!w),
    ),
  ];
  const [filter, setFilter] = useState<HistoryFilterInput & { span: string }>({ span: 'any', text: '' });
  const [rows, setRows] = useState<DispatchRecord[]>([]);
  const [events, setEvents] = useState<Map<string, EventRecord>>(new Map());
  const [more, setMore] = useState(false);
  /** The next page: dispatches older than the oldest shown (the same millisecond included, deduplicated). */
  const loadOlder = async () => {
    const last = rows[rows.length - 1];
    if (!last) return;
    try {
      const r = await api.request('history:query', {
        filter: { ...query, until: Date.parse(last.time) },
        limit: LIMIT,
      });
      const seen = new Set(rows.map((x) => x.id));
      const older = r.dispatches.filter((d) => !seen.has(d.id));
      setRows([...rows, ...older]);
      setEvents(new Map([...events, ...r.events.map((e) => [e.id, e] as const)]));
      setMore(older.length > 0 && r.dispatches.length >= LIMIT);
    } catch (e) {
      setError(`Could not read the history: ${(e as Error).message}`);
    }
  };
  const [loadedAt, setLoadedAt] = useState(0);
  const [selectedId, setSelectedId] = useState<string | null>(focus.dispatchId);
  const [stats, setStats] = useState<Res<'history:stats'>>([]);
  const [error, setError] = useState<string | null>(null);
  const [replay, setReplay] = useState<DryRun | null>(null);
  const [loading, setLoading] = useState(true);

  const query: HistoryFilterInput = useMemo(() => {
    const { span, ...rest } = filter;
    const q: HistoryFilterInput = {};
    for (const [k, v] of Object.entries(rest)) if (v) (q as Record<string, unknown>)[k] = v;
    if (SPANS[span]) q.since = Date.now() - SPANS[span]!;
    return q;
  }, [filter]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const r = await api.request('history:query', { filter: query, limit: LIMIT });
      setRows(r.dispatches);
      setEvents(new Map(r.events.map((e) => [e.id, e])));
      setMore(r.dispatches.length >= LIMIT);
      setLoadedAt(Date.now());
      setError(null);
    } catch (e) {
      setError(`Could not read the history: ${(e as Error).message}`);
    } finally {
      setLoading(false);
    }
  }, [query]);
  // Typing waits for a pause; a choice from a list applies at once.
  const typing = useRef(false);
  useEffect(() => {
    const t = setTimeout(() => void load(), typing.current ? 80 : 0);
    typing.current = false;
    return () => clearTimeout(t);
  }, [load]);
  const [statsOpen, setStatsOpen] = useState(false);
  // Stats read more of the history than the list: only when someone looks at them.
  useEffect(() => {
    if (statsOpen)
      void api.request('history:stats', { filter: query }).then(setStats, (e: Error) => setError(e.message));
  }, [statsOpen, query, loadedAt]);

  // Live: records pushed after the last query join the top of the list.
  const live = liveDispatches.filter(
    (r) => Date.parse(r.time) >= loadedAt - 1000 && !rows.some((x) => x.id === r.id) && keep(r, query),
  );
  const all = useMemo(() => [...live, ...rows], [live, rows]);
  const eventOf = (id: string) => events.get(id) ?? liveEvents.find((e) => e.id === id) ?? null;
  useEffect(() => {
    if (focus.eventId && !selectedId) {
      const first = all.find((r) => r.eventId === focus.eventId);
      if (first) setSelectedId(first.id);
    }
  }, [focus.eventId, all, selectedId]);
  const selected = all.find((r) => r.id === selectedId) ?? null;

  const parent = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: all.length,
    getScrollElement: () => parent.current,
    estimateSize: () => 34,
    overscan: 12,
  });

  const set = (patch: Partial<typeof filter>) => setFilter((f) => ({ ...f, ...patch }));
  const type = (patch: Partial<typeof filter>) => {
    typing.current = true;
    set(patch);
  };
  return (
    <div className="split">
      <section className="list" aria-label="dispatch history">
        <div className="toolbar wrap" role="search">
          <select
            aria-label="dialect"
            value={filter.dialect ?? ''}
            onChange={(e) => set({ dialect: (e.target.value || undefined) as HistoryFilterInput['dialect'] })}
          >
            <option value="">All dialects</option>
            {DIALECT_MANIFESTS.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </select>
          <input
            aria-label="event"
            placeholder="Event"
            value={filter.event ?? ''}
            onChange={(e) => type({ event: e.target.value })}
          />
          <input
            aria-label="rule"
            placeholder="Rule"
            value={filter.rule ?? ''}
            onChange={(e) => type({ rule: e.target.value })}
          />
          <select
            aria-label="outcome"
            value={filter.outcome ?? ''}
            onChange={(e) => set({ outcome: e.target.value })}
          >
            <option value="">Any outcome</option>
            {['ok', 'failed', 'timeout', 'blocked', 'skipped'].map((o) => (
              <option key={o}>{o}</option>
            ))}
          </select>
          <select
            className="workspace"
            aria-label="workspace"
            value={filter.workspace ?? ''}
            onChange={(e) => set({ workspace: e.target.value || undefined })}
          >
            <option value="">All workspaces</option>
            {workspaces.map((w) => (
              <option key={w} value={w}>
                {w}
              </option>
            ))}
          </select>
          <select aria-label="time" value={filter.span} onChange={(e) => set({ span: e.target.value })}>
            {Object.keys(SPANS).map((s) => (
              <option key={s} value={s}>
                {s === 'any' ? 'Any time' : `Last ${s}`}
              </option>
            ))}
          </select>
          <input
            type="search"
            aria-label="search text"
            placeholder="Search output, reasons, payloads…"
            value={filter.text ?? ''}
            onChange={(e) => type({ text: e.target.value })}
          />
        </div>
        {historyImport && historyImport.state !== 'done' && (
          <div className="note" role="status" aria-label="history import">
            {historyImport.message}
            {historyImport.state === 'importing' && historyImport.bytesTotal
              ? `: ${Math.floor((100 * historyImport.bytesDone) / historyImport.bytesTotal)}% (${historyImport.records.toLocaleString()} records)`
              : ''}
            {historyImport.state !== 'failed' && (
              <progress max={historyImport.bytesTotal} value={historyImport.bytesDone} />
            )}
          </div>
        )}
        {error && <ErrorBox message={error} />}
        <div className="history-head" aria-hidden="true">
          <span>time</span>
          <span>dialect</span>
          <span>event</span>
          <span>rule</span>
          <span>outcome</span>
          <span>ms</span>
        </div>
        {!all.length && !loading ? (
          <Empty title="No dispatches">
            Nothing has run{Object.keys(query).length ? ' that matches these filters' : ' yet'}. Fire an event
            from Test fire, or connect an agent with <code>hookpanel emit</code>.
          </Empty>
        ) : (
          <div
            ref={parent}
            className="virtual"
            role="table"
            aria-label="dispatches"
            aria-rowcount={all.length}
          >
            <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
              {virtual.getVirtualItems().map((v) => {
                const r = all[v.index]!;
                return (
                  <div
                    key={r.id}
                    role="row"
                    tabIndex={0}
                    aria-selected={r.id === selectedId}
                    className={`hrow ${r.id === selectedId ? 'selected' : ''} o-${r.outcome}`}
                    style={{ transform: `translateY(${v.start}px)`, height: v.size }}
                    onClick={() => setSelectedId(r.id)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') setSelectedId(r.id);
                      if (e.key === 'ArrowDown')
                        (e.currentTarget.nextElementSibling as HTMLElement | null)?.focus();
                      if (e.key === 'ArrowUp')
                        (e.currentTarget.previousElementSibling as HTMLElement | null)?.focus();
                    }}
                  >
                    <span role="cell">{new Date(r.time).toLocaleTimeString()}</span>
                    <span role="cell">{r.dialect}</span>
                    <span role="cell">{r.event}</span>
                    <span role="cell" className="ellipsis">
                      {r.rule}
                    </span>
                    <span role="cell">
                      <Badge kind={r.outcome}>{r.outcome}</Badge>
                    </span>
                    <span role="cell">{r.durationMs}</span>
                  </div>
                );
              })}
            </div>
          </div>
        )}
        {more && (
          <button type="button" className="more" onClick={() => void loadOlder()}>
            Load older dispatches
          </button>
        )}
        <details
          className="stats"
          onToggle={(e) => setStatsOpen((e.currentTarget as HTMLDetailsElement).open)}
        >
          <summary>Per-rule latency and failures{statsOpen ? ` (${stats.length} rules)` : ''}</summary>
          <table>
            <thead>
              <tr>
                <th>rule</th>
                <th>dialect</th>
                <th>runs</th>
                <th>failures</th>
                <th>median ms</th>
                <th>p95 ms</th>
              </tr>
            </thead>
            <tbody>
              {stats.map((s) => (
                <tr key={`${s.dialect}:${s.rule}`}>
                  <td>{s.rule}</td>
                  <td>{s.dialect}</td>
                  <td>{s.count}</td>
                  <td>{s.failures}</td>
                  <td>{s.medianMs}</td>
                  <td>{s.p95Ms}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </section>
      <aside className="pane" aria-label="dispatch detail">
        {selected ? (
          <DispatchDetail
            record={selected}
            event={eventOf(selected.eventId)}
            onReplay={async () => {
              try {
                setReplay(await api.request('history:replay', { eventId: selected.eventId }));
              } catch (e) {
                setError((e as Error).message);
              }
            }}
            replay={replay}
          />
        ) : (
          <Empty title="Pick a dispatch">
            Its payload, decision, exit code, output and timing show here.
          </Empty>
        )}
      </aside>
    </div>
  );
}

function DispatchDetail({
  record: r,
  event,
  onReplay,
  replay,
}: {
  record: DispatchRecord;
  event: EventRecord | null;
  onReplay: () => void;
  replay: DryRun | null;
}) {
  return (
    <div className="detail">
      <h3>
        {r.rule} <Badge kind={r.outcome}>{r.outcome}</Badge>
      </h3>
      <dl>
        <dt>Event</dt>
        <dd>
          {r.dialect} · {r.event} · {new Date(r.time).toLocaleString()}
        </dd>
        <dt>Decision</dt>
        <dd>
          {event ? <Badge kind={event.decision}>{event.decision}</Badge> : '—'}{' '}
          {r.decision ? <>this hook: {r.decision}</> : null}
        </dd>
        <dt>Reason</dt>
        <dd>{r.reason ?? event?.reason ?? '—'}</dd>
        <dt>Exit</dt>
        <dd>
          {r.timedOut
            ? 'timed out'
            : r.signal
              ? `signal ${r.signal}`
              : r.exitCode === null
                ? '—'
                : `exit ${r.exitCode}`}
          {r.groupKilled ? ' · process group killed' : ''}
        </dd>
        <dt>Duration</dt>
        <dd>
          {r.durationMs} ms{r.pid ? ` · pid ${r.pid}` : ''}
        </dd>
        <dt>Runs</dt>
        <dd>
          <code>{r.handler}</code>
        </dd>
        <dt>Source</dt>
        <dd>
          <code>{r.source}</code>
        </dd>
      </dl>
      <h4>stdout</h4>
      <pre className="out" aria-label="stdout">
        {r.stdoutTail || '(empty)'}
      </pre>
      <h4>stderr</h4>
      <pre className="out" aria-label="stderr">
        {r.stderrTail || '(empty)'}
      </pre>
      <h4>Payload</h4>
      <pre className="out" aria-label="payload">
        {event ? JSON.stringify(event.payload, null, 2) : '(not recorded)'}
      </pre>
      <button type="button" onClick={onReplay} disabled={!event}>
        Replay as dry run
      </button>
      {replay && <DryRunTable result={replay} />}
    </div>
  );
}
