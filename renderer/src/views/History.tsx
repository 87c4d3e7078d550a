// History: every event (with its decision and how many rules it ran, none included) or every rule run,
// live, filterable, paged, with a detail that leads from an event to its rule runs and back.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DIALECT_MANIFESTS } from '../../../shared/dialects.js';
import type { DispatchRecord, EventRecord } from '../../../shared/dispatch.js';
import { eventVerdict } from '../../../shared/event-verdict.js';
import type { HistoryFilterInput, Res } from '../../../shared/ipc.js';
import type { CallSummary } from '../../../shared/call-summary.js';
import { api } from '../client.js';
import { CallLine, Highlight } from '../components/CallLine.js';
import { Badge, Empty, ErrorBox } from '../components/bits.js';
import { counted } from '../components/counted.js';
import { agentLabel, RuleName } from '../components/names.js';
import { RuleRow, ruleRowKey } from '../components/RuleRow.js';
import { arrivalOf, arrivedSoFar, saved, useStore, useStoreParts } from '../store.js';
import { DECISION_WORD, HistoryDetail, NoHistory, RowTime, when, type Selection } from './HistoryDetail.js';
import { SessionsPane } from './Sessions.js';
import { duration } from '../components/duration.js';
import { sessionKey, THIS_COMPUTER } from '../../../shared/history-keys.js';
import { useMachines } from '../components/use-machines.js';
import { MachineSelect } from '../components/MachineSelect.js';
import { useLatestRead } from '../components/latest-read.js';

const SPANS: Record<string, number | undefined> = {
  any: undefined,
  '15m': 15 * 60e3,
  '1h': 3600e3,
  '24h': 86400e3,
  '7d': 7 * 86400e3,
};
const SPAN_WORD: Record<string, string> = {
  any: 'Any time',
  '15m': 'Last 15 minutes',
  '1h': 'Last hour',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
};
/**
 * Records per page: the newest first, older ones on request. Each page is read, checked and sent whole,
 * and each filter reads one: at 1,000,000 records a page of 1,000 rule runs took the host 150–350 ms
 * (`npm run bench -- panel`), one of 500 about half.
 */
const LIMIT = 500;
const NO_ROWS: never[] = [];

type Mode = 'events' | 'dispatches' | 'sessions';
/** A rule run listed with what its event was about. */
type RunRow = DispatchRecord & { call?: CallSummary };
type Row = RunRow | EventRecord;

function keepDispatch(r: DispatchRecord, f: HistoryFilterInput): boolean {
  if (f.dialect && r.dialect !== f.dialect) return false;
  if (f.event && r.event !== f.event) return false;
  if (f.rule && !r.rule.includes(f.rule)) return false;
  if (f.outcome && r.outcome !== f.outcome) return false;
  if (f.workspace && r.workspace !== f.workspace) return false;
  if (f.machine && (r.machine ?? THIS_COMPUTER) !== f.machine) return false;
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

function keepEvent(e: EventRecord, f: HistoryFilterInput, live: readonly DispatchRecord[]): boolean {
  if (f.dialect && e.dialect !== f.dialect) return false;
  if (f.event && e.event !== f.event) return false;
  if (f.workspace && e.workspace !== f.workspace) return false;
  if (f.machine && (e.machine ?? THIS_COMPUTER) !== f.machine) return false;
  if (f.since && Date.parse(e.time) < f.since) return false;
  if (f.text && !JSON.stringify([e.payload, e.reason, e.event]).toLowerCase().includes(f.text.toLowerCase()))
    return false;
  // A rule or outcome filter keeps the events that ran a matching rule.
  if ((f.rule || f.outcome) && !live.some((d) => d.eventId === e.id && keepDispatch(d, f))) return false;
  return true;
}

const MODE_NOTE: Record<Mode, string> = {
  events: 'Every event an agent sent, with what was decided; those no rule matched too.',
  dispatches: 'Every time a rule ran (or was skipped), with its outcome.',
  sessions: 'Each agent session, and in order what happened in it.',
};

/** Shorter words where the row has no room for DECISION_WORD's (its title has them). */
const ROW_WORD: Record<string, string> = { undecided: 'no decision' };

/** The later of two versions of a row: a settled held request's event over its waiting one. */
function settledOver(read: Row, told: EventRecord | undefined): Row {
  return told && (read as EventRecord).held === 'waiting' && told.held !== 'waiting' ? told : read;
}

/** Rule runs, each with what its event was about. */
function withCalls(r: Res<'history:query'>): RunRow[] {
  const calls = new Map(r.events.map((e) => [e.id, e.call]));
  return r.dispatches.map((d) => ({ ...d, call: calls.get(d.eventId) }));
}

/** How many records the search matches (all of them, not only the page shown). */
function useMatchCount(mode: Mode, query: HistoryFilterInput, loadedAt: number | null): string | null {
  // Which search it counted: a count of the last search is not shown for the next, but a new page of
  // the same search keeps its count until the new one answers.
  const [known, setKnown] = useState<{
    mode: Mode;
    query: HistoryFilterInput;
    count: Res<'history:count'>;
  } | null>(null);
  useEffect(() => {
    if (!query.text || mode === 'sessions') return;
    let gone = false;
    api.request('history:count', { kind: mode, filter: query }).then(
      (count) => !gone && setKnown({ mode, query, count }),
      () => {},
    );
    return () => void (gone = true);
  }, [mode, query, loadedAt]);
  if (!query.text || mode === 'sessions') return null;
  // The line stays while a new search is counted, so the list under it does not jump at each key.
  if (known?.mode !== mode || known.query !== query) return 'Counting the matches…';
  const { count } = known;
  const noun = mode === 'events' ? 'event' : 'rule run';
  return count.count > count.max
    ? `More than ${count.max.toLocaleString()} ${noun}s match`
    : `${counted(count.count, noun)} ${count.count === 1 ? 'matches' : 'match'}`;
}

/** One page of records after another, newest first. */
function usePages(
  mode: Exclude<Mode, 'sessions'>,
  query: HistoryFilterInput,
  typing: React.MutableRefObject<boolean>,
) {
  // The rows with the mode they were read in, when, and how many live records had arrived when they were
  // asked for: after a switch, nothing of the other mode is drawn (its rows, or the live records that
  // came after its read) until this mode's own page is read.
  const [page, setPage] = useState<{
    mode: Mode;
    rows: Row[];
    loadedAt: number;
    arrivedBefore: number;
    more: boolean;
  } | null>(null);
  const current = page?.mode === mode ? page : null;
  // An answer to an older read (the mode or filter since changed) would put the other mode's page back.
  const latest = useLatestRead();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const fetchPage = useCallback(
    async (filter: HistoryFilterInput): Promise<Row[]> =>
      mode === 'events'
        ? (await api.request('history:events', { filter, limit: LIMIT })).events
        : withCalls(await api.request('history:query', { filter, limit: LIMIT })),
    [mode],
  );
  const load = useCallback(async () => {
    const read = latest.begin();
    const arrivedBefore = arrivedSoFar();
    setLoading(true);
    try {
      const first = await fetchPage(query);
      if (!latest.isLatest(read)) return;
      setPage({ mode, rows: first, loadedAt: Date.now(), arrivedBefore, more: first.length >= LIMIT });
      setError(null);
    } catch (e) {
      if (latest.isLatest(read)) setError(`Could not read the history: ${(e as Error).message}`);
    } finally {
      if (latest.isLatest(read)) setLoading(false);
    }
  }, [fetchPage, query, mode, latest]);
  // Typing waits for a pause; a choice from a list applies at once.
  useEffect(() => {
    const t = setTimeout(() => void load(), typing.current ? 80 : 0);
    typing.current = false;
    return () => clearTimeout(t);
  }, [load, typing]);
  const rows = current?.rows ?? NO_ROWS;
  /** The next page: records older than the oldest shown (the same millisecond included, deduplicated). */
  const loadOlder = async () => {
    const last = rows[rows.length - 1];
    if (!current || !last) return;
    const read = latest.last();
    try {
      const next = await fetchPage({ ...query, until: Date.parse(last.time) });
      if (!latest.isLatest(read)) return;
      const seen = new Set(rows.map((x) => x.id));
      const older = next.filter((d) => !seen.has(d.id));
      setPage({ ...current, rows: [...rows, ...older], more: older.length > 0 && next.length >= LIMIT });
    } catch (e) {
      if (latest.isLatest(read)) setError(`Could not read the history: ${(e as Error).message}`);
    }
  };
  return {
    rows,
    more: current?.more ?? false,
    loading: loading || !current,
    /** When this mode's page was read; null until it is. */
    loadedAt: current?.loadedAt ?? null,
    /** How many live records had arrived when it was asked for; null until it is read. */
    arrivedBefore: current?.arrivedBefore ?? null,
    error,
    loadOlder,
  };
}

/** The workspaces to filter by: this one, those in settings, and every one the history holds. */
function useWorkspaceChoices(): string[] {
  const { liveEvents, info, settings } = useStoreParts('liveEvents', 'info', 'settings');
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
  return workspaces;
}

/** The machines to filter by: each one added, and any a live record came from (one removed since). */
function useMachineChoices(): string[] {
  const { machines } = useMachines();
  const live = useStore((s) => s.liveEvents);
  return [
    ...new Set([
      ...(machines ?? []).map((m) => m.target),
      ...live.map((e) => e.machine).filter((m): m is string => !!m),
    ]),
  ];
}

function Filters({
  mode,
  filter,
  set,
  type,
  workspaces,
  machines,
}: {
  mode: Exclude<Mode, 'sessions'>;
  workspaces: string[];
  /** Machines to filter by (none: the filter is not shown, every record is this computer's). */
  machines: string[];
  filter: HistoryFilterInput & { span: string };
  set: (patch: Partial<HistoryFilterInput & { span: string }>) => void;
  type: (patch: Partial<HistoryFilterInput & { span: string }>) => void;
}) {
  return (
    <div className="toolbar wrap filters" role="search">
      <select
        aria-label="agent"
        value={filter.dialect ?? ''}
        onChange={(e) => set({ dialect: (e.target.value || undefined) as HistoryFilterInput['dialect'] })}
      >
        <option value="">All agents</option>
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
        placeholder="Rule name"
        title={mode === 'events' ? 'Events that ran a rule of this name' : 'Rule runs of this name'}
        value={filter.rule ?? ''}
        onChange={(e) => type({ rule: e.target.value })}
      />
      <select
        aria-label="outcome"
        title={mode === 'events' ? 'Events with a rule run of this outcome' : undefined}
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
      <MachineSelect machines={machines} value={filter.machine} onChange={(machine) => set({ machine })} />
      <select aria-label="time" value={filter.span} onChange={(e) => set({ span: e.target.value })}>
        {Object.keys(SPANS).map((s) => (
          <option key={s} value={s}>
            {SPAN_WORD[s]}
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
  );
}

function HistoryRow({
  row,
  mode,
  query,
}: {
  row: Row;
  mode: Exclude<Mode, 'sessions'>;
  query: string | undefined;
}) {
  if (mode === 'events') {
    const e = row as EventRecord;
    const verdict = eventVerdict(e);
    return (
      <>
        <RowTime time={e.time} />
        <What row={e} call={e.call} query={query} />
        <span role="cell">
          <Badge kind={verdict} title={DECISION_WORD[verdict]}>
            {ROW_WORD[verdict] ?? DECISION_WORD[verdict] ?? verdict}
          </Badge>
        </span>
        <span role="cell" className={e.dispatchCount ? '' : 'muted'}>
          {e.dispatchCount ? counted(e.dispatchCount, 'rule') : 'no rule'}
        </span>
        <Duration ms={e.durationMs} />
      </>
    );
  }
  const d = row as RunRow;
  return (
    <>
      <RowTime time={d.time} />
      <What row={d} call={d.call} query={query} />
      <span role="cell" className="ellipsis">
        <RuleName name={d.rule} handler={d.handler} index={d.ruleIndex} source={d.source} cut="middle" />
      </span>
      <span role="cell">
        <Badge kind={d.outcome}>{d.outcome}</Badge>
      </span>
      <Duration ms={d.durationMs} />
    </>
  );
}

/**
 * What happened, in two lines: the tool and its command or file (or the prompt's first words), and
 * under it the agent and its event, whole (the agent's name is never what gets cut).
 */
function What({ row, call, query }: { row: Row; call: CallSummary | undefined; query: string | undefined }) {
  return (
    <span role="cell" className="what">
      <span className="ellipsis">
        {call?.tool || call?.subject ? (
          <CallLine call={call} query={query} />
        ) : (
          <Highlight text={row.event} query={query} />
        )}
      </span>
      <span className="ellipsis muted small">
        {agentLabel(row.dialect)} · <Highlight text={row.event} query={query} />
        {row.type === 'event' && row.machine && <> · on {row.machine}</>}
      </span>
      {/* A rule run's row has a third line (its rule's place): the machine gets one too, never cut. */}
      {row.type === 'dispatch' && row.machine && (
        <span className="ellipsis muted small">on {row.machine}</span>
      )}
    </span>
  );
}

function Duration({ ms }: { ms: number }) {
  return (
    <span role="cell" className="num">
      {duration(ms)}
    </span>
  );
}

function Stats({ query, loadedAt }: { query: HistoryFilterInput; loadedAt: number | null }) {
  const [open, setOpen] = useState(false);
  const [stats, setStats] = useState<Res<'history:stats'> | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Stats read more of the history than the list: only when someone looks at them.
  useEffect(() => {
    if (open)
      void api.request('history:stats', { filter: query }).then(setStats, (e: Error) => setError(e.message));
  }, [open, query, loadedAt]);
  return (
    <details className="stats" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>
        Time and failures per rule{open && stats ? ` (${counted(stats.rules.length, 'rule')})` : ''}
      </summary>
      {error && <ErrorBox message={error} />}
      {stats && <p className="muted small">{statsScope(stats)}</p>}
      <table>
        <thead>
          <tr>
            <th>rule</th>
            <th>agent</th>
            <th>runs</th>
            <th>failures</th>
            <th>median ms</th>
            <th>p95 ms</th>
          </tr>
        </thead>
        <tbody>
          {stats?.rules.map((s) => (
            <RuleRow key={ruleRowKey(s)} of={s} handler={s.handler} index={s.ruleIndex}>
              <td>{s.count}</td>
              <td>{s.failures}</td>
              <td>{s.medianMs}</td>
              <td>{s.p95Ms}</td>
            </RuleRow>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Which runs the figures count: all that match, or the newest of them since a time. */
function statsScope({ runs, since, complete }: Res<'history:stats'>): string {
  if (runs === 0) return 'No rule run matches.';
  if (complete) return `${counted(runs, 'rule run')} counted, every one that matches.`;
  return `${counted(runs, 'rule run')} counted, the newest that match, since ${when(since!)}; older ones are left out.`;
}

export function HistoryView() {
  const { focus, liveDispatches, liveEvents, historyImport } = useStoreParts(
    'focus',
    'liveDispatches',
    'liveEvents',
    'historyImport',
  );
  const [mode, setModeState] = useState<Mode>(() =>
    focus.dispatchId
      ? 'dispatches'
      : focus.eventId
        ? 'events'
        : saved.get('historyMode') === 'dispatches' || saved.get('historyMode') === 'sessions'
          ? (saved.get('historyMode') as Mode)
          : 'events',
  );
  /** The session whose timeline is shown in Sessions (and the event it was opened on). */
  const [session, setSession] = useState<{ key: string; eventId: string | null } | null>(null);
  const openSession = (e: EventRecord) => {
    setSession({ key: sessionKey(e), eventId: e.id });
    setMode('sessions');
  };
  const workspaces = useWorkspaceChoices();
  const machineChoices = useMachineChoices();
  const setMode = (m: Mode) => {
    saved.set('historyMode', m);
    setModeState(m);
  };
  const [sel, setSel] = useState<Selection | null>(
    focus.eventId ? { eventId: focus.eventId, dispatchId: focus.dispatchId } : null,
  );
  // Sent here again (a notification clicked while History is open): show what it is about.
  useEffect(() => {
    if (!focus.eventId) return;
    setSel({ eventId: focus.eventId, dispatchId: focus.dispatchId });
    setModeState(focus.dispatchId ? 'dispatches' : 'events');
  }, [focus]);
  const [filter, setFilter] = useState<HistoryFilterInput & { span: string }>({ span: 'any', text: '' });
  const query: HistoryFilterInput = useMemo(() => {
    const { span, ...rest } = filter;
    const q: HistoryFilterInput = {};
    for (const [k, v] of Object.entries(rest)) if (v) (q as Record<string, unknown>)[k] = v;
    if (SPANS[span]) q.since = Date.now() - SPANS[span]!;
    return q;
  }, [filter]);
  const typing = useRef(false);
  // Sessions keep the events list read underneath, so going back to it is instant.
  const listMode = mode === 'sessions' ? 'events' : mode;
  const { rows, more, loading, loadedAt, arrivedBefore, error, loadOlder } = usePages(
    listMode,
    query,
    typing,
  );
  const matchCount = useMatchCount(mode, query, loadedAt);

  // Live: records pushed since the page was asked for, and not in it, join the top of the list (none
  // before this mode's page is read).
  const shown = useMemo(() => new Set(rows.map((r) => r.id)), [rows]);
  const fresh = (r: Row) => arrivedBefore !== null && arrivalOf(r) > arrivedBefore && !shown.has(r.id);
  const live: Row[] =
    listMode === 'events'
      ? liveEvents.filter((e) => fresh(e) && keepEvent(e, query, liveDispatches))
      : liveDispatches
          .filter((d) => fresh(d) && keepDispatch(d, query))
          .map((d): RunRow => ({ ...d, call: liveEvents.find((e) => e.id === d.eventId)?.call }));
  // An event told again since it was read (a held request, settled by its answer) shows as told.
  const retold = useMemo(
    () => new Map(listMode === 'events' ? liveEvents.map((e) => [e.id, e] as const) : []),
    [listMode, liveEvents],
  );
  const all = useMemo(
    () => [...live, ...rows.map((r) => settledOver(r, retold.get(r.id)))],
    [live, rows, retold],
  );
  const isSelected = (r: Row) =>
    listMode === 'events'
      ? r.id === sel?.eventId
      : r.id === sel?.dispatchId || (!sel?.dispatchId && (r as DispatchRecord).eventId === sel?.eventId);
  const select = (r: Row) =>
    setSel(
      listMode === 'events'
        ? { eventId: r.id, dispatchId: null }
        : { eventId: (r as DispatchRecord).eventId, dispatchId: r.id },
    );

  const parent = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: all.length,
    getScrollElement: () => parent.current,
    // Rule runs take a third line where a rule's place and file wrap.
    estimateSize: () => (listMode === 'dispatches' ? 62 : 46),
    overscan: 12,
  });
  // Sizes are estimated once per row: measured again when the other mode's rows take their place.
  useEffect(() => virtual.measure(), [listMode, virtual]);
  const set = (patch: Partial<typeof filter>) => setFilter((f) => ({ ...f, ...patch }));
  const type = (patch: Partial<typeof filter>) => {
    typing.current = true;
    set(patch);
  };
  const filtered = Object.keys(query).length > 0;
  return (
    <div className="split history">
      <section className="list" aria-label="history">
        <div className="mode" role="group" aria-label="show">
          <button type="button" aria-pressed={mode === 'events'} onClick={() => setMode('events')}>
            Events
          </button>
          <button type="button" aria-pressed={mode === 'dispatches'} onClick={() => setMode('dispatches')}>
            Rule runs
          </button>
          <button type="button" aria-pressed={mode === 'sessions'} onClick={() => setMode('sessions')}>
            Sessions
          </button>
          <span className="muted">{MODE_NOTE[mode]}</span>
        </div>
        {mode === 'sessions' ? (
          <SessionsPane
            open={session}
            onOpen={setSession}
            selectedEvent={sel?.eventId ?? null}
            onSelectEvent={(eventId) => setSel({ eventId, dispatchId: null })}
            workspaces={workspaces}
          />
        ) : (
          <>
            <Filters
              mode={listMode}
              filter={filter}
              set={set}
              type={type}
              workspaces={workspaces}
              machines={machineChoices}
            />
            {matchCount && (
              <p className="match-count" role="status" aria-label="matches">
                {matchCount}
              </p>
            )}
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
            {!all.length && !loading ? (
              <NoHistory mode={listMode} filtered={filtered} />
            ) : (
              <div
                ref={parent}
                className="virtual"
                role="table"
                aria-label={listMode === 'events' ? 'events' : 'rule runs'}
                aria-rowcount={all.length + 1}
              >
                <div role="rowgroup" className="history-head">
                  <div role="row" className={`hrow head ${listMode}`} aria-rowindex={1}>
                    <span role="columnheader">time</span>
                    <span role="columnheader">what happened</span>
                    {listMode === 'events' ? (
                      <>
                        <span role="columnheader">decision</span>
                        <span role="columnheader">rules</span>
                      </>
                    ) : (
                      <>
                        <span role="columnheader">rule</span>
                        <span role="columnheader">outcome</span>
                      </>
                    )}
                    <span role="columnheader" className="num">
                      took
                    </span>
                  </div>
                </div>
                <div role="rowgroup" style={{ height: virtual.getTotalSize(), position: 'relative' }}>
                  {virtual.getVirtualItems().map((v) => {
                    const r = all[v.index]!;
                    const selected = isSelected(r);
                    return (
                      <div
                        key={r.id}
                        role="row"
                        tabIndex={0}
                        aria-rowindex={v.index + 2}
                        aria-selected={selected}
                        className={`hrow ${listMode} ${selected ? 'selected' : ''}`}
                        style={{ transform: `translateY(${v.start}px)`, height: v.size }}
                        onClick={() => select(r)}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') select(r);
                          if (e.key === 'ArrowDown')
                            (e.currentTarget.nextElementSibling as HTMLElement | null)?.focus();
                          if (e.key === 'ArrowUp')
                            (e.currentTarget.previousElementSibling as HTMLElement | null)?.focus();
                        }}
                      >
                        <HistoryRow row={r} mode={listMode} query={query.text} />
                      </div>
                    );
                  })}
                </div>
              </div>
            )}
            {more && (
              <button type="button" className="more" onClick={() => void loadOlder()}>
                Load older {listMode === 'events' ? 'events' : 'rule runs'}
              </button>
            )}
            <Stats query={query} loadedAt={loadedAt} />
          </>
        )}
      </section>
      <aside className="pane flow" aria-label="history detail">
        {sel ? (
          <HistoryDetail sel={sel} onSelect={setSel} onSession={openSession} />
        ) : (
          <Empty title={mode === 'dispatches' ? 'Pick a rule run' : 'Pick an event'}>
            {mode === 'dispatches'
              ? 'Its exit, output, timing and the event it belongs to show here.'
              : 'What was decided, which rules ran, and the payload show here.'}
          </Empty>
        )}
      </aside>
    </div>
  );
}
