// Writes history records: one transaction per batch (the engine hands over an event's dispatches and its
// summary together), with the search index, rule names and the daily cost histograms kept alongside.
import type { DispatchRecord, EventRecord, HistoryRecord } from '../../../shared/dispatch.js';
import { CostRows, type CostShare } from './cost-rows.js';
import { eventKind, toolOf } from './event-kind.js';
import { isPersonsWait } from './persons-wait.js';
import { dispatchSearchText, eventSearchText } from './search-text.js';
import type { Db, Statement } from './schema.js';
import { keyText, SessionBook, sessionKey } from './sessions.js';

/** One awaited run of a rule, for latency budgets. */
export interface CostSample {
  dialect: string;
  source: string;
  rule: string;
  /** What the rule runs (the dispatch's `handler`), to name it by in notices. */
  handler?: string;
  event: string;
  tool: string | null;
  durationMs: number;
  outcome: string;
}

export class HistoryWriter {
  private readonly insertDispatch: Statement;
  private readonly insertDispatchText: Statement;
  private readonly insertEvent: Statement;
  private readonly insertEventText: Statement;
  private readonly insertRuleName: Statement;
  private readonly costRows: CostRows;
  private readonly turnStart: Statement;
  private readonly turnSum: Statement;
  private readonly toolOfEvent: Statement;
  private readonly insertWorkspace: Statement;
  private readonly heldState: Statement;
  private readonly staleHeld: Statement;
  private readonly updateEvent: Statement;
  private readonly deleteEventText: Statement;
  private readonly decisionOf: Statement;
  private readonly sessions: SessionBook;
  private readonly knownRules = new Set<string>();
  private readonly knownWorkspaces = new Set<string>();

  constructor(private readonly db: Db) {
    this.insertDispatch = db.prepare(
      `INSERT OR IGNORE INTO dispatches (id, event_id, time, dialect, event, workspace, source, rule, outcome,
        duration_ms, awaited, record, machine) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertDispatchText = db.prepare(
      `INSERT INTO dispatch_text (rowid, rule, source, handler, event, reason, stdout, stderr)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertEvent = db.prepare(
      `INSERT OR IGNORE INTO events (id, time, dialect, event, workspace, session, tool, decision, duration_ms,
        turn_done, record, machine) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertEventText = db.prepare(
      'INSERT INTO event_text (rowid, event, reason, payload) VALUES (?, ?, ?, ?)',
    );
    this.insertRuleName = db.prepare('INSERT OR IGNORE INTO rule_names (rule, dialect) VALUES (?, ?)');
    this.costRows = new CostRows(db);
    this.turnStart = db.prepare(
      'SELECT coalesce(max(seq), 0) AS seq FROM events WHERE session = ? AND turn_done = 1',
    );
    this.turnSum = db.prepare(
      `SELECT coalesce(sum(duration_ms), 0) AS ms, count(*) AS n FROM events
       WHERE session = ? AND turn_done = 0 AND seq > ?`,
    );
    this.toolOfEvent = db.prepare('SELECT tool FROM events WHERE id = ?');
    this.insertWorkspace = db.prepare('INSERT OR IGNORE INTO workspace_names (workspace) VALUES (?)');
    this.heldState = db.prepare(
      `SELECT seq, json_extract(record, '$.held') AS held FROM events WHERE id = ?`,
    );
    // Matches the partial index events_waiting.
    this.staleHeld = db.prepare(
      `SELECT seq, record FROM events WHERE json_extract(record, '$.held') = 'waiting' AND time < ?`,
    );
    // duration_ms stays the hooks' time: it adds up to a turn's cost, which a person's thinking is not.
    this.updateEvent = db.prepare('UPDATE events SET decision = ?, record = ? WHERE seq = ?');
    this.deleteEventText = db.prepare('DELETE FROM event_text WHERE rowid = ?');
    this.decisionOf = db.prepare(
      'SELECT CAST(session AS BLOB) AS session, decision FROM events WHERE seq = ?',
    );
    this.sessions = new SessionBook(db);
  }

  /**
   * A held permission request's outcome: its event as finally decided replaces the one recorded while
   * it waited, with the person's rule run, in one transaction. Idempotent and safe against replays:
   * only a waiting event changes (a settled one stays as first settled; the spool import and a replay
   * of the waiting record insert nothing over it), and an event whose first write was lost is written
   * whole. Returns whether the event changed.
   */
  settle(event: EventRecord, dispatches: readonly DispatchRecord[]): boolean {
    return this.transaction(() => {
      for (const d of dispatches) this.writeDispatch(d, false);
      const row = this.heldState.get(event.id) as { seq: number; held: string | null } | undefined;
      if (!row) this.writeEvent(event);
      else if (row.held === 'waiting') this.replaceEvent(row.seq, event);
      else return false;
      return true;
    });
  }

  /**
   * Events still waiting from before `before` (ms): a host that died while they waited left them so;
   * the bridge got no answer, so the agent decided. Settled as unanswered with `reason`; returned.
   */
  settleStale(before: number, reason: string): EventRecord[] {
    return this.transaction(() => {
      const rows = this.staleHeld.all(before) as { seq: number; record: string }[];
      return rows.map(({ seq, record }) => {
        const e: EventRecord = { ...(JSON.parse(record) as EventRecord), held: 'unanswered', reason };
        this.replaceEvent(seq, e);
        return e;
      });
    });
  }

  /** `write` in one `BEGIN IMMEDIATE` transaction: committed when it returns, rolled back if it throws. */
  private transaction<T>(write: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = write();
      this.db.exec('COMMIT');
      return result;
    } catch (e) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw e;
    }
  }

  /** The row and its search text now say what `e` says. */
  private replaceEvent(seq: number, e: EventRecord): void {
    const was = this.decisionOf.get(seq) as { session: ArrayBuffer; decision: string } | undefined;
    if (was) this.sessions.redecided(keyText(was.session), was.decision, e.decision);
    this.updateEvent.run(e.decision, JSON.stringify(e), seq);
    this.deleteEventText.run(seq);
    this.insertEventText.run(seq, ...eventSearchText(e));
  }

  /**
   * Writes a batch in one transaction and returns the awaited rule runs in it. A dispatch that arrives
   * with its event's summary ran while the agent waited; one that arrives alone ran in the background.
   * The import says which were awaited itself, and does its own bookkeeping in the same transaction.
   */
  append(
    records: readonly HistoryRecord[],
    opts: {
      awaited?: (d: DispatchRecord) => boolean;
      /** Inside the transaction, before writing: false rolls back and writes nothing. */
      before?: () => boolean;
      after?: () => void;
    } = {},
  ): CostSample[] {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      if (opts.before && !opts.before()) {
        this.db.exec('ROLLBACK');
        return [];
      }
      const samples = this.writeBatch(records, opts.awaited);
      opts.after?.();
      this.db.exec('COMMIT');
      return samples;
    } catch (e) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw e;
    }
  }

  /**
   * Batches of records, each as `append` would take it alone (a dispatch ran while the agent waited
   * when its event's summary is in its own batch), in one transaction: one commit for many events.
   * Each batch's samples, in order.
   */
  appendBatches(batches: readonly (readonly HistoryRecord[])[]): CostSample[][] {
    return this.transaction(() => batches.map((batch) => this.writeBatch(batch)));
  }

  /** One batch's rows, inside a transaction; its awaited rule runs' samples. */
  private writeBatch(
    records: readonly HistoryRecord[],
    awaited?: (d: DispatchRecord) => boolean,
  ): CostSample[] {
    const summaries = new Map<string, EventRecord>();
    for (const r of records) if (r.type === 'event') summaries.set(r.id, r);
    const samples: CostSample[] = [];
    for (const r of records) {
      if (r.type === 'event') this.writeEvent(r);
      else {
        const summary = summaries.get(r.eventId);
        const sample = this.writeDispatch(r, awaited ? awaited(r) : !!summary, summary);
        if (sample) samples.push(sample);
      }
    }
    return samples;
  }

  private writeDispatch(r: DispatchRecord, awaited: boolean, summary?: EventRecord): CostSample | null {
    const time = Date.parse(r.time);
    const info = this.insertDispatch.run(
      r.id,
      r.eventId,
      time,
      r.dialect,
      r.event,
      r.workspace,
      r.source,
      r.rule,
      r.outcome,
      r.durationMs,
      awaited ? 1 : 0,
      JSON.stringify(r),
      r.machine ?? null,
    );
    if (!info.changes) return null; // already recorded (an import that resumed)
    this.insertDispatchText.run(info.lastInsertRowid, ...dispatchSearchText(r));
    const ruleKey = `${r.dialect}\u0000${r.rule}`;
    if (!this.knownRules.has(ruleKey)) {
      this.insertRuleName.run(r.rule, r.dialect);
      this.knownRules.add(ruleKey);
    }
    // A person's answer (Ask me) is not a hook's cost: no histogram, no budget sample.
    if (r.outcome === 'skipped' || isPersonsWait(r)) return null;
    this.costRows.added({
      ...costOf(r, time),
      scope: 'rule',
      source: r.source,
      name: r.rule,
      awaited,
      ms: r.durationMs,
      outcome: r.outcome,
    });
    if (!awaited) return null;
    const tool = summary ? toolOf(summary.payload) : this.storedTool(r.eventId);
    return {
      dialect: r.dialect,
      source: r.source,
      rule: r.rule,
      handler: r.handler,
      event: r.event,
      tool,
      durationMs: r.durationMs,
      outcome: r.outcome,
    };
  }

  private storedTool(eventId: string): string | null {
    const row = this.toolOfEvent.get(eventId) as { tool: string | null } | undefined;
    return row?.tool ?? null;
  }

  private writeEvent(e: EventRecord): void {
    const time = Date.parse(e.time);
    const session = sessionKey(e);
    const kind = eventKind(e.dialect, e.event);
    const tool = e.payloadTruncated ? null : toolOf(e.payload);
    // A turn's cost: every event of the session since its last turn ended, this one included.
    let turn: { ms: number; n: number } | null = null;
    if (kind === 'turn') {
      const start = (this.turnStart.get(session) as { seq: number }).seq;
      turn = this.turnSum.get(session, start) as { ms: number; n: number };
    }
    const info = this.insertEvent.run(
      e.id,
      time,
      e.dialect,
      e.event,
      e.workspace,
      session,
      tool,
      e.decision,
      e.durationMs,
      kind === 'turn' ? 1 : 0,
      JSON.stringify(e),
      e.machine ?? null,
    );
    if (!info.changes) return;
    this.sessions.added(session, e, time);
    if (e.workspace && !this.knownWorkspaces.has(e.workspace)) {
      this.insertWorkspace.run(e.workspace);
      this.knownWorkspaces.add(e.workspace);
    }
    this.insertEventText.run(info.lastInsertRowid, ...eventSearchText(e));
    if (turn) this.costRows.added(eventCost(e, time, 'turn', '', turn.ms + e.durationMs));
    // An event no rule matched cost the agent nothing worth charting.
    if (e.dispatchCount) this.costRows.added(eventCost(e, time, 'event', tool ?? '', e.durationMs));
  }
}

/** What a record's cost row shares with its record. */
/** Whose cost: an agent's event, on a machine or this computer. */
interface CostOwner {
  dialect: string;
  event: string;
  machine?: string | null;
}

function costOf(r: CostOwner, time: number): Pick<CostShare, 'time' | 'machine' | 'dialect' | 'event'> {
  return { time, machine: r.machine ?? null, dialect: r.dialect, event: r.event };
}

/** An event's (or a turn's) share: the agent waited on all of it. */
export function eventCost(
  e: CostOwner,
  time: number,
  scope: 'event' | 'turn',
  name: string,
  ms: number,
): CostShare {
  return { ...costOf(e, time), scope, source: '', name, awaited: true, ms, outcome: 'ok' };
}
