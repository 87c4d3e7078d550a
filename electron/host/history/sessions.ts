// Sessions: one row per agent session (its events' key in `events.session`), kept as events are written,
// so the list of 10,000 sessions never groups a million events; and a session's timeline, read in
// order through the (session, time) index, a page at a time, each event with its rule runs.
import { storedCallSummary, type CallSummary } from '../../../shared/call-summary.js';
import type { DispatchRecord, EventRecord } from '../../../shared/dispatch.js';
import { parseDispatch, parseEvent } from './queries.js';
import type { Db, Statement } from './schema.js';
export { sessionKey } from '../../../shared/history-keys.js';

/** Schema 3: the sessions table and the index a session's timeline reads through. */
export const SESSION_TABLES = `
CREATE TABLE IF NOT EXISTS sessions (
  session TEXT PRIMARY KEY,
  dialect TEXT NOT NULL,
  session_id TEXT,
  workspace TEXT,
  first INTEGER NOT NULL,
  last INTEGER NOT NULL,
  events INTEGER NOT NULL,
  blocks INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS sessions_last ON sessions (last);
CREATE INDEX IF NOT EXISTS events_session_time ON events (session, time);
`;

/** The events of a session added up: what a migration fills the table with, and retention redoes. */
const SESSION_OF_EVENTS = `
SELECT session, dialect, json_extract(max(record), '$.sessionId'), max(workspace), min(time), max(time),
  count(*), coalesce(sum(decision = 'block'), 0)
FROM events`;

/** Fills the sessions table from the events already recorded (a database from before schema 3). */
export function backfillSessions(db: Db): void {
  db.exec(`INSERT OR REPLACE INTO sessions ${SESSION_OF_EVENTS} GROUP BY session`);
}

/** After records were deleted: sessions that lost events are counted again, or go when none are left. */
export function recountSessions(db: Db, before: number): void {
  const stale = (
    db.prepare('SELECT CAST(session AS BLOB) FROM sessions WHERE first < ?').raw().all(before) as [
      ArrayBuffer,
    ][]
  ).map(([key]) => keyText(key));
  const recount = db.prepare(`INSERT OR REPLACE INTO sessions ${SESSION_OF_EVENTS} WHERE session = ?`);
  const drop = db.prepare('DELETE FROM sessions WHERE session = ?');
  const left = db.prepare('SELECT 1 FROM events WHERE session = ? LIMIT 1');
  for (const session of stale) {
    if (left.get(session)) recount.run(session);
    else drop.run(session);
  }
}

/**
 * A session key as read from the database: read as a blob, because libsql gives text back only up to
 * its first NUL, and a key has one after the agent's id.
 */
export function keyText(blob: ArrayBuffer): string {
  return Buffer.from(blob).toString('utf8');
}

/** Keeps the sessions table up to date as the writer writes events (inside its transactions). */
export class SessionBook {
  private readonly add: Statement;
  private readonly block: Statement;

  constructor(db: Db) {
    this.add = db.prepare(
      `INSERT INTO sessions (session, dialect, session_id, workspace, first, last, events, blocks)
       VALUES (?, ?, ?, ?, ?, ?, 1, ?)
       ON CONFLICT DO UPDATE SET first = min(first, excluded.first), last = max(last, excluded.last),
         events = events + 1, blocks = blocks + excluded.blocks,
         workspace = coalesce(workspace, excluded.workspace)`,
    );
    this.block = db.prepare('UPDATE sessions SET blocks = blocks + ? WHERE session = ?');
  }

  /** A new event of a session. */
  added(session: string, e: EventRecord, time: number): void {
    this.add.run(session, e.dialect, e.sessionId, e.workspace, time, time, e.decision === 'block' ? 1 : 0);
  }

  /** An event decided again (a held request answered): a block gained or lost. */
  redecided(session: string, was: string, now: string): void {
    const change = (now === 'block' ? 1 : 0) - (was === 'block' ? 1 : 0);
    if (change) this.block.run(change, session);
  }
}

export interface SessionRow {
  key: string;
  dialect: string;
  sessionId: string | null;
  workspace: string | null;
  first: number;
  last: number;
  events: number;
  blocks: number;
}

export interface SessionFilter {
  dialect?: string;
  workspace?: string;
  /** One session, by its key (SessionRow's). */
  key?: string;
  /** Sessions whose last event is older than this (ms): the next page. */
  before?: number;
}

/** Sessions, the most recently active first, a page at a time. */
export function querySessions(db: Db, f: SessionFilter, limit: number): SessionRow[] {
  const conds: string[] = [];
  const params: unknown[] = [];
  if (f.dialect) {
    conds.push('dialect = ?');
    params.push(f.dialect);
  }
  if (f.workspace) {
    conds.push('workspace = ?');
    params.push(f.workspace);
  }
  if (f.key !== undefined) {
    conds.push('session = ?');
    params.push(f.key);
  }
  if (f.before !== undefined) {
    conds.push('last < ?');
    params.push(f.before);
  }
  const rows = db
    .prepare(
      `SELECT CAST(session AS BLOB), dialect, session_id, workspace, first, last, events, blocks FROM sessions
       ${conds.length ? `WHERE ${conds.join(' AND ')}` : ''} ORDER BY last DESC LIMIT ?`,
    )
    .raw()
    .all(...params, limit) as [
    ArrayBuffer,
    string,
    string | null,
    string | null,
    number,
    number,
    number,
    number,
  ][];
  return rows.map(([blob, dialect, sessionId, workspace, first, last, events, blocks]) => ({
    key: keyText(blob),
    dialect,
    sessionId,
    workspace,
    first,
    last,
    events,
    blocks,
  }));
}

/** One event of a timeline: the event without its payload, what it was about, and its rule runs. */
export interface TimelineEntry {
  event: Omit<EventRecord, 'payload'> & { call: CallSummary };
  dispatches: DispatchRecord[];
  /** Whether the agent's turn ended with it (its dialect's turn-done event). */
  turnEnd: boolean;
}

export interface TimelinePage {
  entries: TimelineEntry[];
  /** Where the next page starts (pass it back as `after`), null at the end. */
  next: { time: number; seq: number } | null;
}

/** A session's events in order from `after` on, each with its rule runs (in the order they ran). */
export function sessionTimeline(
  db: Db,
  key: string,
  after: { time: number; seq: number } | null,
  limit: number,
): TimelinePage {
  const rows = db
    .prepare(
      `SELECT seq, time, id, record, turn_done FROM events WHERE session = ?
       ${after ? 'AND (time > ? OR (time = ? AND seq > ?))' : ''} ORDER BY time, seq LIMIT ?`,
    )
    .raw()
    .all(key, ...(after ? [after.time, after.time, after.seq] : []), limit + 1) as [
    number,
    number,
    string,
    string,
    number,
  ][];
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const runs = dispatchesOf(
    db,
    page.map((r) => r[2]),
  );
  const entries: TimelineEntry[] = [];
  for (const [, , id, text, turnDone] of page) {
    const e = parseEvent(text);
    if (!e) continue;
    const { payload: _payload, ...rest } = e;
    entries.push({
      event: { ...rest, call: storedCallSummary(e) },
      dispatches: (runs.get(id) ?? []).sort((a, b) => a.time.localeCompare(b.time)),
      turnEnd: turnDone === 1,
    });
  }
  const last = page[page.length - 1];
  return { entries, next: more && last ? { time: last[1], seq: last[0] } : null };
}

function dispatchesOf(db: Db, eventIds: string[]): Map<string, DispatchRecord[]> {
  const out = new Map<string, DispatchRecord[]>();
  for (let i = 0; i < eventIds.length; i += 500) {
    const chunk = eventIds.slice(i, i + 500);
    const rows = db
      .prepare(`SELECT record FROM dispatches WHERE event_id IN (${chunk.map(() => '?').join(',')})`)
      .raw()
      .all(...chunk) as [string][];
    for (const [text] of rows) {
      const d = parseDispatch(text);
      if (!d) continue;
      const list = out.get(d.eventId);
      if (list) list.push(d);
      else out.set(d.eventId, [d]);
    }
  }
  return out;
}
