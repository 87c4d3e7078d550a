// The dispatch history, in one SQLite database in Hookpanel's home (history/history.db). A long-running
// host calls `start()`: from then on every write and read, the JSON-lines import, retention and
// checkpoints run on a worker thread with its own connection, so recording an event costs the
// dispatching thread one message and a long query never stalls the Electron main process. One-shot
// processes (`hookpanel emit` fallbacks, `hookpanel history`) work on their own thread: measured under
// a busy machine, a worker only adds CPU to an emit that has nothing to overlap it with.
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DispatchRecord, EventRecord, HistoryRecord } from '../../../shared/dispatch.js';
import type { BudgetFlag } from './budget-flags.js';
import type { CostReport, CostRequest } from './cost.js';
import { jsonlFiles, type ImportProgress, type ImportResult } from './jsonl-import.js';
import {
  runOperation,
  type OperationArgs,
  type OperationContext,
  type OperationName,
  type OperationResult,
} from './operations.js';
import { iterateRecords, type HistoryFilter } from './queries.js';
import type { Retention, RetentionResult } from './retention.js';
import type { RuleStatsReport } from './rule-stats.js';
import type { SessionFilter, SessionRow, TimelinePage } from './sessions.js';
import { eventKinds, setEventKinds } from './event-kind.js';
import { eventKindsFromRegistry } from './event-kinds-registry.js';
import { inBackground } from '../background.js';
import { HistoryConnection } from './connection.js';
import { isDamaged } from './damage.js';
import { DB_FILE } from './schema.js';
import { appendToSpool, spoolPending } from './spool.js';
import { importSpool as importSpoolNow } from './spool-import.js';
import type { WorkerMessage, WorkerRequest } from './worker.js';
import type { CostSample } from './writer.js';

export type { HistoryFilter } from './queries.js';
export type { CostSample } from './writer.js';

export interface HistoryOptions {
  /** The history folder: the database, and JSON-lines files from before it. */
  dir: string;
  /** Retention limits, read whenever retention runs (settings may change meanwhile). */
  retention?: () => { maxBytes: number; maxAgeDays: number };
  /**
   * Appends go to the spool (spool.ts), never the database: for the in-process `hookpanel emit`, which
   * then never loads SQLite. The next reader of the database takes the records in.
   */
  spool?: boolean;
}

export interface HistoryStoreEvents {
  /** Awaited rule runs just recorded (latency budgets watch these). */
  samples: [CostSample[]];
  import: [ImportProgress];
  /** The host's search indexes are merged as far as they go, in its idle time (index-merge.ts). */
  merged: [];
  /** A migration's backfill is done (backfill.ts): every older record is in its new columns. */
  backfilled: [];
}

const RETENTION_EVERY_MS = 15 * 60_000;
/** While records wait in the spool for the database (a full disk), it is taken in this often. */
const KEPT_RETRY_MS = 2000;
const QUIET_PROGRESS = { files: 0, bytesDone: 0, bytesTotal: 0, records: 0, unreadable: 0 };
/** Why a request still waiting when a host starts was not answered. */
export const STALE_HELD = 'no answer: Hookpanel stopped while it waited, so the agent decided';
setEventKinds(eventKindsFromRegistry());

/** The compiled worker beside this module (under vitest this module is TypeScript source: use dist/). */
function workerPath(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return join(here, '..', 'worker.js');
  const root = join(here, '..', '..', '..', '..');
  return join(root, 'dist', 'electron', 'host', 'history', 'worker.js');
}

/** Records held in memory while neither the database nor the spool can be written (a full disk). */
const BACKLOG_MAX = 200_000;
const BACKLOG_RETRY_MS = 1000;

export class HistoryStore extends EventEmitter<HistoryStoreEvents> {
  private conn: HistoryConnection | null = null;
  /** Batches that could not be written anywhere yet, oldest first; retried until they are. */
  private backlog: HistoryRecord[][] = [];
  private backlogRecords = 0;
  private backlogTimer: NodeJS.Timeout | null = null;
  /** The last reason said on stderr for records kept elsewhere, so it is said once, not per event. */
  private toldWhy: string | null = null;
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private timers: NodeJS.Timeout[] = [];
  private spoolImport: Promise<void> | null = null;
  /** Appends waiting to go to the worker together (commitTogether), and the round before them. */
  private round: { batches: HistoryRecord[][]; written: Promise<CostSample[][]> } | null = null;
  private roundRunning: Promise<void> = Promise.resolve();
  /** The JSON-lines import's last progress (null when there was nothing to import). */
  importProgress: ImportProgress | null = null;
  /** Events recorded before this were recorded by an earlier host (see start()). */
  private readonly openedAt = Date.now();

  constructor(readonly opts: HistoryOptions) {
    super();
  }

  private spawnWorker(): void {
    const worker = new Worker(workerPath(), {
      workerData: { dbPath: this.path, dir: this.opts.dir, kinds: eventKinds() },
    });
    this.worker = worker;
    worker.unref();
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'progress') return this.onProgress(m.progress as ImportProgress);
      if (m.type === 'merged') return void this.emit('merged');
      if (m.type === 'backfilled') return void this.emit('backfilled');
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.ok) w?.resolve(m.result);
      else w?.reject(Object.assign(new Error(m.error), { code: m.code }));
    });
    const fail = (error: unknown) => {
      // Whatever the worker threw, it is said with words (never "undefined").
      const e =
        error instanceof Error && error.message
          ? error
          : new Error(`the history worker for ${this.path} failed: ${String(error)}`);
      for (const w of this.waiting.values()) w.reject(e);
      this.waiting.clear();
      if (this.worker === worker) this.worker = null; // from now on on this thread
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the history worker stopped')));
  }

  get path(): string {
    return join(this.opts.dir, DB_FILE);
  }

  private connection(): HistoryConnection {
    return (this.conn ??= new HistoryConnection(this.path));
  }

  /**
   * Records a batch (an event's dispatches and its summary, or one background dispatch). Never lost
   * silently: when the database cannot take it (refused, unwritable, the disk full) it goes to the
   * spool, which the next reader takes in; when the spool cannot be written either, it is held in
   * memory and written as soon as one of them can, and stderr says so, naming the file and the reason.
   */
  async append(records: HistoryRecord[]): Promise<void> {
    if (!records.length) return;
    if (this.opts.spool) return appendToSpool(this.opts.dir, records);
    if (this.backlog.length) return this.holdInMemory(records, null);
    let samples: CostSample[];
    try {
      samples = await this.commitTogether(records);
    } catch (e) {
      return this.spoolOrHoldInMemory(records, e as Error);
    }
    if (samples.length) this.emit('samples', samples);
  }

  /**
   * Group commit: an event's records go to the worker at once when no append is running there; those
   * that arrive while one runs wait for it, then go together in one transaction. A commit (its WAL
   * write) was most of the worker's CPU per event, so a burst of events (parallel tool calls, a model's
   * streamed chunks) costs a commit a round rather than one each, and no event waits longer than the
   * append before it. Nothing is less safe for it: every answered event is in the spool already
   * (service.ts). Resolves with this batch's samples; rejects with its round's failure.
   */
  private commitTogether(records: HistoryRecord[]): Promise<CostSample[]> {
    if (!this.worker) return this.run('append', { records });
    let round = this.round;
    if (!round) {
      const batches: HistoryRecord[][] = [];
      const written = this.roundRunning.then(() => {
        if (this.round?.batches === batches) this.round = null;
        return this.run('appendBatches', { batches });
      });
      round = this.round = { batches, written };
      // The next round goes once this one is written, or failed.
      this.roundRunning = written.then(
        () => {},
        () => {},
      );
    }
    const i = round.batches.push(records) - 1;
    return round.written.then((each) => each[i] ?? []);
  }

  private spoolOrHoldInMemory(records: HistoryRecord[], why: Error): void {
    // The database cannot take them now (a full disk, say): they wait in the spool (or, with its disk
    // full too, the overflow spool), taken in once it can; failing that, in memory. Said once.
    try {
      appendToSpool(this.opts.dir, records);
    } catch (e) {
      return this.holdInMemory(
        records,
        `${why.message}; the spool cannot be written either (${(e as Error).message})`,
      );
    }
    this.say(`${why.message}; its records are kept in its spool until it can take them`);
    this.keeping(why, records.length);
  }

  private say(message: string): void {
    if (message === this.toldWhy) return;
    this.toldWhy = message;
    process.stderr.write(`hookpanel: ${message}\n`);
  }

  private holdInMemory(records: HistoryRecord[], why: string | null): void {
    if (this.backlogRecords + records.length > BACKLOG_MAX)
      throw new Error(
        `${records.length} history records lost: ${this.backlogRecords} are already held in memory, waiting for ${this.path} or its spool to be writable`,
      );
    this.backlog.push(records);
    this.backlogRecords += records.length;
    if (why) this.say(`${why}: history records are held in memory and written as soon as there is room`);
    this.backlogTimer ??= setTimeout(() => inBackground(this.flushBacklog(), 'history'), BACKLOG_RETRY_MS);
    this.backlogTimer.unref();
  }

  /** Writes the held batches, oldest first, while it can; retries later otherwise. */
  private async flushBacklog(): Promise<boolean> {
    this.backlogTimer = null;
    while (this.backlog.length) {
      const batch = this.backlog[0]!;
      try {
        const samples = await this.run('append', { records: batch });
        if (samples.length) this.emit('samples', samples);
      } catch {
        try {
          appendToSpool(this.opts.dir, batch);
        } catch {
          if (!this.closing)
            this.backlogTimer = setTimeout(
              () => inBackground(this.flushBacklog(), 'history'),
              BACKLOG_RETRY_MS,
            );
          this.backlogTimer?.unref();
          return false;
        }
      }
      this.backlog.shift();
      this.backlogRecords -= batch.length;
    }
    this.say(`the history records held in memory are written (${this.path})`);
    return true;
  }

  /** Records kept in the spool since the database last failed a write (null: none failed). */
  private kept: { records: number; retry: NodeJS.Timeout } | null = null;

  private keeping(e: Error, records: number): void {
    if (this.kept) {
      this.kept.records += records;
      return;
    }
    const retry = setInterval(() => inBackground(this.retryKept(), 'history spool'), KEPT_RETRY_MS);
    retry.unref();
    this.kept = { records, retry };
    this.onProgress({
      ...QUIET_PROGRESS,
      state: 'failed',
      message: `History cannot be written (${e.message}): new records wait in its spool and go in once it can`,
    });
  }

  /** Takes the spool in while records wait there; says once when they are all in. */
  private async retryKept(): Promise<void> {
    await this.importSpool();
    if (!this.kept || spoolPending(this.opts.dir)) return;
    clearInterval(this.kept.retry);
    const { records } = this.kept;
    this.kept = null;
    this.onProgress({
      ...QUIET_PROGRESS,
      state: 'done',
      records,
      message: `History is written again: the ${records} record(s) kept in its spool meanwhile are in it`,
    });
  }

  /**
   * A held permission request's final state (its event, and the person's rule run), in place of the
   * waiting one; whether the event changed (false: it was settled already). Never spooled: only a
   * resident host holds requests.
   */
  settle(event: EventRecord, dispatches: DispatchRecord[]): Promise<boolean> {
    if (this.opts.spool) return Promise.reject(new Error('a spooling history cannot settle a held request'));
    return this.run('settle', { event, dispatches });
  }

  /** Takes in what in-process emits spooled, so that a read sees it (at start, and before each read). */
  async importSpool(): Promise<void> {
    if (this.opts.spool || !spoolPending(this.opts.dir)) return;
    // A spool that cannot be taken in now (the database busy past its timeout, say) stays for the next
    // read; this one reads what the database holds.
    this.spoolImport ??= this.run('importSpool', undefined as never)
      .then(({ samples }) => void (samples.length && this.emit('samples', samples)))
      .catch((e: Error) => {
        // While records wait for the database, the failure has been said (keeping()).
        if (!this.kept) process.stderr.write(`hookpanel: history spool: ${e.message}\n`);
      })
      .finally(() => (this.spoolImport = null));
    return this.spoolImport;
  }

  private async read<K extends OperationName>(op: K, args: OperationArgs<K>): Promise<OperationResult<K>> {
    await this.importSpool();
    return this.run(op, args);
  }

  private run<K extends OperationName>(op: K, args: OperationArgs<K>): Promise<OperationResult<K>> {
    if (this.worker) {
      const id = this.nextId++;
      return new Promise((resolve, reject) => {
        this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
        this.worker!.postMessage({ id, op, args } satisfies WorkerRequest);
      });
    }
    // Inside the promise: a database that cannot be opened (locked past the busy timeout, say) rejects
    // this operation rather than throwing past the caller's catch.
    return new Promise((resolve) => {
      const conn = this.connection();
      const context: OperationContext = {
        get db() {
          return conn.db;
        },
        writer: () => conn.writer(),
        dir: this.opts.dir,
        progress: (p) => this.onProgress(p),
      };
      resolve(conn.guard(() => runOperation(context, op, args)));
    });
  }

  private onProgress(p: ImportProgress): void {
    this.importProgress = p;
    this.emit('import', p);
  }

  /** Dispatches matching the filter, newest first, each with its event when known. */
  async query(
    filter: HistoryFilter,
    limit: number,
  ): Promise<{ dispatches: DispatchRecord[]; events: Map<string, EventRecord> }> {
    const { dispatches, events } = await this.read('query', { filter, limit });
    return { dispatches, events: new Map(events.map((e) => [e.id, e])) };
  }

  /** Events newest first, with or without rules. */
  events(limit: number, filter: HistoryFilter = {}): Promise<EventRecord[]> {
    return this.read('events', { filter, limit });
  }

  async event(id: string): Promise<EventRecord | null> {
    return (await this.read('eventsByIds', { ids: [id] }))[0] ?? null;
  }

  /** How many records match, up to COUNT_MAX + 1 (queries.ts). */
  count(kind: 'dispatches' | 'events', filter: HistoryFilter): Promise<number> {
    return this.read('count', { kind, filter });
  }

  /** Sessions, the most recently active first. */
  sessions(filter: SessionFilter, limit: number): Promise<SessionRow[]> {
    return this.read('sessions', { filter, limit });
  }

  /** A session's events in order, each with its rule runs, a page at a time. */
  timeline(key: string, after: { time: number; seq: number } | null, limit: number): Promise<TimelinePage> {
    return this.read('timeline', { key, after, limit });
  }

  /** Time and failures per rule over the newest matching runs (rule-stats.ts). */
  ruleStats(filter: HistoryFilter): Promise<RuleStatsReport> {
    return this.read('ruleStats', { filter });
  }

  /** Each agent's newest event's time (ISO 8601), the events of `leaveOut` (ids) aside (last-events.ts). */
  lastEvents(dialects: readonly string[], leaveOut: readonly string[] = []): Promise<Record<string, string>> {
    return this.read('lastEvents', { dialects: [...dialects], leaveOut: [...leaveOut] });
  }

  counts(): Promise<{ dispatches: number; events: number }> {
    return this.read('counts', undefined as never);
  }

  workspaces(): Promise<string[]> {
    return this.read('workspaces', undefined as never);
  }

  cost(req: CostRequest): Promise<CostReport> {
    return this.read('cost', req);
  }

  budgetFlags(): Promise<BudgetFlag[]> {
    return this.read('budgetFlags', undefined as never);
  }

  setBudgetFlag(flag: BudgetFlag): Promise<null> {
    return this.run('setBudgetFlag', flag);
  }

  clearBudgetFlag(key: Pick<BudgetFlag, 'dialect' | 'source' | 'rule' | 'event'>): Promise<null> {
    return this.run('clearBudgetFlag', key);
  }

  /** Whether JSON-lines files from before the database wait to be imported. */
  get importPending(): boolean {
    return jsonlFiles(this.opts.dir).length > 0;
  }

  /** Imports the JSON-lines history once (resuming a crashed import); progress goes to 'import'. */
  importJsonl(): Promise<ImportResult | null> {
    return this.run('importJsonl', undefined as never);
  }

  enforceRetention(limits: Retention): Promise<RetentionResult> {
    return this.run('retention', limits);
  }

  /** Every matching record, oldest first (exports; inline only: the CLI streams it out). */
  *iterate(
    kind: 'dispatches' | 'events',
    filter: HistoryFilter,
    limit: number | null,
  ): Generator<DispatchRecord | EventRecord> {
    const conn = this.connection();
    // Inline only (the CLI), so the spool is taken in here, on this thread, before the records are read.
    if (!this.opts.spool && spoolPending(this.opts.dir)) {
      try {
        importSpoolNow(this.opts.dir, conn.writer());
      } catch (e) {
        if (isDamaged(e)) conn.recover(e);
        else process.stderr.write(`hookpanel: history spool: ${(e as Error).message}\n`);
      }
    }
    // Damage met mid-way sets the file aside and salvages it; the export goes on from the new database
    // after the last record written (oldest first: from its time on, skipping those already given).
    let since = filter.since;
    let atLast = new Set<string>();
    let lastTime: number | null = null;
    for (let attempt = 0; ; attempt++) {
      try {
        for (const r of iterateRecords(conn.db, kind, { ...filter, since }, limit)) {
          const time = Date.parse(r.time);
          if (lastTime !== null && time === lastTime && atLast.has(r.id)) continue;
          if (time !== lastTime) atLast = new Set();
          lastTime = time;
          atLast.add(r.id);
          yield r;
        }
        return;
      } catch (e) {
        if (attempt > 0 || !isDamaged(e)) throw e;
        conn.recover(e);
        if (lastTime !== null) since = Math.max(since ?? lastTime, lastTime);
      }
    }
  }

  /**
   * For a long-running host: moves the work to a worker thread, imports the JSON-lines history once, and
   * applies retention now and every 15 minutes.
   */
  async start(): Promise<ImportResult | null> {
    if (this.timers.length) return null;
    this.spawnWorker();
    let retaining = false;
    const retain = () => {
      const limits = this.opts.retention?.();
      if (!limits || retaining) return;
      retaining = true;
      void this.enforceRetention(limits)
        .catch(() => {})
        .finally(() => (retaining = false));
    };
    this.timers.push(setInterval(retain, RETENTION_EVERY_MS));
    for (const t of this.timers) t.unref();
    const imported = existsSync(this.opts.dir) && this.importPending ? await this.importJsonl() : null;
    // What in-process emits spooled while no host ran comes after the older JSON-lines history.
    await this.importSpool();
    // Requests an earlier host held when it died wait for nobody now: the agent decided.
    await this.run('settleStale', { before: this.openedAt, reason: STALE_HELD });
    retain();
    return imported;
  }

  private closing = false;

  async close(): Promise<void> {
    if (this.kept) clearInterval(this.kept.retry);
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    if (this.backlogTimer) clearTimeout(this.backlogTimer);
    this.backlogTimer = null;
    this.closing = true;
    if (this.backlog.length && !(await this.flushBacklog()))
      process.stderr.write(
        `hookpanel: ${this.backlogRecords} history records could not be written to ${this.path} or its spool, and are lost\n`,
      );
    this.closing = false;
    // Appends on their way to the worker (commitTogether) are written before it closes.
    let last: Promise<void>;
    do await (last = this.roundRunning);
    while (last !== this.roundRunning);
    const worker = this.worker;
    if (worker) {
      this.worker = null;
      // Kept alive until the worker has closed the database, even when nothing else holds the process.
      worker.ref();
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      await exited;
    }
    this.conn?.close();
    this.conn = null;
  }
}
