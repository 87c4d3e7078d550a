// Reading the history: filtered lists newest first, single events, exports. Each filter is an index
// (time, or a column then time); text goes through the full-text index. Records were validated when
// written (the engine's own, or checked against the schema on import); on the way out a row that is not
// a record of its kind is left out, and the panel's contract validates what it is sent.
import type { DispatchRecord, EventRecord } from '../../../shared/dispatch.js';
import type { Db } from './schema.js';
import { storedCallSummary } from '../../../shared/call-summary.js';
import { searchWords } from './search-text.js';
import { THIS_COMPUTER } from '../../../shared/history-keys.js';
import { wellFormed } from './well-formed.js';

export interface HistoryFilter {
  dialect?: string;
  event?: string;
  rule?: string;
  outcome?: string;
  workspace?: string;
  /** user@host, or THIS_COMPUTER (shared/machines.ts) for records of no machine. */
  machine?: string;
  since?: number;
  until?: number;
  text?: string;
  eventId?: string;
}

export interface Where {
  sql: string;
  params: unknown[];
}

/**
 * A full-text query from what a person typed: its words (cut as the index's text was, search-text.ts) in
 * that order, the last one as a prefix, any case, so "disk ful" finds "exit 3: disk full" and
 * "rm -rf bui" finds `rm -rf build/`. (A phrase is also what keeps a query on common words fast.) Null
 * when the text has no words to look up. A word holds no quote, so the phrase needs no escaping.
 */
export function ftsQuery(text: string): string | null {
  const words = searchWords(text);
  if (!words.length) return null;
  return `"${words.join(' ')}"*`;
}

/**
 * Dispatches whose rule name holds `part`: matched against the (few) names seen, then indexed. Both are
 * well-formed (well-formed.ts), so a lone surrogate in either is U+FFFD.
 */
function ruleCondition(part: string): Where {
  return { sql: 'rule IN (SELECT rule FROM rule_names WHERE instr(rule, ?) > 0)', params: [part] };
}

/** The filter with its text made well-formed, as stored text is (well-formed.ts). */
function wellFormedFilter(f: HistoryFilter): HistoryFilter {
  const out: HistoryFilter = { ...f };
  for (const key of [
    'dialect',
    'event',
    'rule',
    'outcome',
    'workspace',
    'machine',
    'text',
    'eventId',
  ] as const) {
    const value = f[key];
    if (value !== undefined) out[key] = wellFormed(value);
  }
  return out;
}

/**
 * Records of one machine (its column's partial index holds only other machines' rows), or of this
 * computer (no machine: read through the time index, where nearly every row is).
 */
function machineCondition(machine: string, conds: string[], params: unknown[]): void {
  if (machine === THIS_COMPUTER) conds.push('machine IS NULL');
  else {
    conds.push('machine = ?');
    params.push(machine);
  }
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * How a text search meets the filter's other conditions: by `row`, each text match's row read by its id
 * to test them; by `index`, the entries of the one index the filter names tested against the matches,
 * no row read (the results' records are read after). The index way is taken when that index holds few
 * entries for the filter (textVia): at 1,000,000 records "failed" with a word takes half the time; "pw"
 * with a word would take ten times as long.
 */
type TextVia = 'row' | 'index';

function dispatchWhere(filter: HistoryFilter, textVia: TextVia = 'row'): Where {
  const f = wellFormedFilter(filter);
  const conds: string[] = [];
  const params: unknown[] = [];
  const eq = (column: string, value: unknown) => {
    conds.push(`${column} = ?`);
    params.push(value);
  };
  if (f.dialect) eq('dialect', f.dialect);
  if (f.event) eq('event', f.event);
  if (f.outcome) eq('outcome', f.outcome);
  if (f.workspace) eq('workspace', f.workspace);
  if (f.machine) machineCondition(f.machine, conds, params);
  if (f.eventId) eq('event_id', f.eventId);
  if (f.since !== undefined) {
    conds.push('time >= ?');
    params.push(f.since);
  }
  if (f.until !== undefined) {
    conds.push('time <= ?');
    params.push(f.until);
  }
  if (f.rule) {
    // A rule filter matches a whole name or part of one.
    const rule = ruleCondition(f.rule);
    conds.push(rule.sql);
    params.push(...rule.params);
  }
  if (f.text) {
    const match = ftsQuery(f.text);
    if (match) {
      // The dispatches whose own text matches, and those of events whose text does. `+seq` keeps SQLite
      // from looking the matches up by id, so it scans the filter's index instead.
      conds.push(
        `${textVia === 'index' ? '+seq' : 'seq'} IN (SELECT rowid FROM dispatch_text WHERE dispatch_text MATCH ?
          UNION SELECT seq FROM dispatches WHERE event_id IN
            (SELECT id FROM events WHERE seq IN (SELECT rowid FROM event_text WHERE event_text MATCH ?)))`,
      );
      params.push(match, match);
    } else {
      conds.push("record LIKE ? ESCAPE '\\'");
      params.push(likePattern(f.text));
    }
  }
  return { sql: conds.length ? `WHERE ${conds.join(' AND ')}` : '', params };
}

function eventWhere(filter: HistoryFilter): Where {
  const f = wellFormedFilter(filter);
  const conds: string[] = [];
  const params: unknown[] = [];
  const eq = (column: string, value: unknown) => {
    conds.push(`${column} = ?`);
    params.push(value);
  };
  if (f.dialect) eq('dialect', f.dialect);
  if (f.event) eq('event', f.event);
  if (f.workspace) eq('workspace', f.workspace);
  if (f.machine) machineCondition(f.machine, conds, params);
  if (f.eventId) eq('id', f.eventId);
  if (f.since !== undefined) {
    conds.push('time >= ?');
    params.push(f.since);
  }
  if (f.until !== undefined) {
    conds.push('time <= ?');
    params.push(f.until);
  }
  if (f.outcome || f.rule) {
    // An event is kept when one of its rule runs matches both (as the panel's History filters events).
    const runs: string[] = [];
    if (f.outcome) {
      runs.push('outcome = ?');
      params.push(f.outcome);
    }
    if (f.rule) {
      const rule = ruleCondition(f.rule);
      runs.push(rule.sql);
      params.push(...rule.params);
    }
    conds.push(`id IN (SELECT event_id FROM dispatches WHERE ${runs.join(' AND ')})`);
  }
  if (f.text) {
    const match = ftsQuery(f.text);
    if (match) {
      conds.push('seq IN (SELECT rowid FROM event_text WHERE event_text MATCH ?)');
      params.push(match);
    } else {
      conds.push("record LIKE ? ESCAPE '\\'");
      params.push(likePattern(f.text));
    }
  }
  return { sql: conds.length ? `WHERE ${conds.join(' AND ')}` : '', params };
}

function parseRecord<T extends { type: string; id: string }>(text: string, type: T['type']): T | null {
  try {
    const r = JSON.parse(text) as T;
    return typeof r === 'object' && r !== null && r.type === type && typeof r.id === 'string' ? r : null;
  } catch {
    return null;
  }
}
export const parseDispatch = (text: string) => parseRecord<DispatchRecord>(text, 'dispatch');
export const parseEvent = (text: string) => parseRecord<EventRecord>(text, 'event');

type Row = { record: string };

/** The conditions of the dispatches that match the filter, a text search's way chosen (TextVia). */
export function matchingDispatches(db: Db, filter: HistoryFilter): Where {
  return dispatchWhere(filter, textVia(db, filter));
}

/** Dispatches matching the filter, newest first, with the events they belong to. */
export function queryDispatches(
  db: Db,
  filter: HistoryFilter,
  limit: number,
): { dispatches: DispatchRecord[]; events: EventRecord[] } {
  const where = matchingDispatches(db, filter);
  // Which rows first, from the indexes alone (a filter's index holds the time and the row id), then
  // their records, in that order: sorting many matches never drags their records along.
  const seqs = (
    db
      .prepare(`SELECT seq FROM dispatches ${where.sql} ORDER BY time DESC, seq DESC LIMIT ?`)
      .raw()
      .all(...where.params, limit) as [number][]
  ).map((r) => r[0]);
  // Each dispatch with its event in one read: the event's row is found by the dispatch's event id, as
  // eventsByIds finds it, and an event that retention trimmed is simply not there.
  const rows = db
    .prepare(
      `SELECT d.record, e.record FROM json_each(?) AS j JOIN dispatches AS d ON d.seq = j.value
       LEFT JOIN events AS e ON e.id = d.event_id ORDER BY j.key`,
    )
    .raw()
    .all(JSON.stringify(seqs)) as [string, string | null][];
  const dispatches: DispatchRecord[] = [];
  // Each event's record once, however many of its dispatches matched; parsed only if one of them did.
  const eventRecords = new Map<string, string | null>();
  for (const [record, event] of rows) {
    const d = parseDispatch(record);
    if (!d) continue;
    dispatches.push(d);
    if (!eventRecords.has(d.eventId)) eventRecords.set(d.eventId, event);
  }
  const events: EventRecord[] = [];
  for (const id of inEventsByIdsOrder([...eventRecords.keys()])) {
    const text = eventRecords.get(id);
    const e = text ? parseEvent(text) : null;
    if (e) events.push(withCall(e));
  }
  return { dispatches, events };
}

/** Ids looked up at once by eventsByIds: as many as SQLite reads quickly from one array parameter. */
const IDS_PER_READ = 500;

/**
 * The order eventsByIds gives `ids` (first seen first): a read at a time, each read's events in their
 * ids' stored order (SQLite looks an IN list up sorted, as UTF-8 bytes), so the answer is what it was
 * when the events were read by a second query.
 */
function inEventsByIdsOrder(ids: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_READ) {
    const read = ids.slice(i, i + IDS_PER_READ).map((id) => ({ id, bytes: Buffer.from(id) }));
    read.sort((a, b) => Buffer.compare(a.bytes, b.bytes));
    for (const { id } of read) out.push(id);
  }
  return out;
}

/** Index entries few enough to test one by one against a text search's matches (TextVia). */
const INDEX_SCAN_MAX = 5000;

/**
 * `index` when the filter, text aside, is one indexed column (with or without a time range) that holds
 * at most INDEX_SCAN_MAX dispatches: counting them stops there, so asking costs little either way.
 */
function textVia(db: Db, f: HistoryFilter): TextVia {
  if (!f.text || ftsQuery(f.text) === null || f.eventId) return 'row';
  const columns = [f.dialect, f.event, f.outcome, f.workspace, f.rule].filter(Boolean).length;
  if (columns !== 1) return 'row';
  const others = dispatchWhere({ ...f, text: undefined });
  const row = db
    .prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM dispatches ${others.sql} LIMIT ${INDEX_SCAN_MAX + 1})`)
    .get(...others.params) as { n: number };
  return row.n <= INDEX_SCAN_MAX ? 'index' : 'row';
}

export function eventsByIds(db: Db, ids: readonly string[]): EventRecord[] {
  const out: EventRecord[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_READ) {
    const chunk = ids.slice(i, i + IDS_PER_READ);
    // One array parameter: SQLite reads it faster than as many parameters.
    const rows = db
      .prepare('SELECT record FROM events WHERE id IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(chunk)) as Row[];
    for (const r of rows) {
      const e = parseEvent(r.record);
      if (e) out.push(withCall(e));
    }
  }
  return out;
}

/** Events newest first (every event, with or without rules). */
export function queryEvents(db: Db, filter: HistoryFilter, limit: number): EventRecord[] {
  const where = eventWhere(filter);
  const rows = db
    .prepare(`SELECT record FROM events ${where.sql} ORDER BY time DESC, seq DESC LIMIT ?`)
    .all(...where.params, limit) as Row[];
  return rows
    .map((r) => parseEvent(r.record))
    .filter((e): e is EventRecord => e !== null)
    .map(withCall);
}

/** An event with what it was about: recorded with it, else (a record from before) read from its payload. */
function withCall(e: EventRecord): EventRecord {
  return e.call ? e : { ...e, call: storedCallSummary(e) };
}

/** Most matches counted: past it a count says "more than". */
export const COUNT_MAX = 10_000;

/** How many records match the filter, up to COUNT_MAX + 1 (over COUNT_MAX: more than that). */
export function countMatches(db: Db, kind: 'dispatches' | 'events', filter: HistoryFilter): number {
  const where = kind === 'dispatches' ? dispatchWhere(filter) : eventWhere(filter);
  const row = db
    .prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM ${kind} ${where.sql} LIMIT ${COUNT_MAX + 1})`)
    .get(...where.params) as { n: number };
  return row.n;
}

/** Every matching record, oldest first, a page at a time (exports). */
export function* iterateRecords(
  db: Db,
  kind: 'dispatches' | 'events',
  filter: HistoryFilter,
  limit: number | null,
): Generator<DispatchRecord | EventRecord> {
  const where = kind === 'dispatches' ? dispatchWhere(filter) : eventWhere(filter);
  // Newest `limit` when one is given (as a listing would show), then written oldest first.
  const inner = limit === null ? '' : `ORDER BY time DESC, seq DESC LIMIT ${Math.floor(limit)}`;
  const statement = db.prepare(
    `SELECT record FROM (SELECT record, time, seq FROM ${kind} ${where.sql} ${inner}) ORDER BY time, seq`,
  );
  for (const row of statement.iterate(...where.params) as Iterable<Row>) {
    const r = kind === 'dispatches' ? parseDispatch(row.record) : parseEvent(row.record);
    if (r) yield r;
  }
}

/** Every workspace an event was recorded in. */
export function workspaces(db: Db): string[] {
  return (
    db.prepare('SELECT workspace FROM workspace_names ORDER BY workspace').all() as { workspace: string }[]
  ).map((r) => r.workspace);
}

export function counts(db: Db): { dispatches: number; events: number } {
  const d = db.prepare('SELECT count(*) AS n FROM dispatches').get() as { n: number };
  const e = db.prepare('SELECT count(*) AS n FROM events').get() as { n: number };
  return { dispatches: d.n, events: e.n };
}
