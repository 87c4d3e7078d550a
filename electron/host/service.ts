// The host: one composition of settings, trust, sources, engine and history, used alike by the
// desktop app, `hookpanel serve` and `hookpanel emit`'s in-process fallback. The engine says what an
// event did; the host keeps it in the history and tells whoever listens.
import { z } from 'zod';
import { EventEmitter } from 'node:events';
import { resolve } from 'node:path';
import {
  EngineSignalSchema,
  type DispatchRecord,
  type EmitAnswer,
  type EngineSignal,
  type EventRecord,
  type HistoryRecord,
} from '../../shared/dispatch.js';
import type { DryRun } from '../../shared/ipc.js';
import type { Dialect, Source } from '../../shared/model.js';
import type { DialectModule, LoadContext } from './dialects/dialect.js';
import { dialectModule, DIALECT_MODULES } from './dialects/registry.js';
import { Engine, type EmitRequest } from './engine/engine.js';
import { recoverOutbox, runJob, type OutboxPolicy, type RecoveryReport } from './engine/outbox.js';
import { HistoryStore } from './history/store.js';
import { SpoolAppender } from './history/spool.js';
import { homePaths, type HostEnv } from './paths.js';
import { loadSettings, saveSettings, type Settings } from './settings/settings.js';
import { SourceCache } from './sources/cache.js';
import { dialectsOfEvent } from './sources/load.js';
import { TrustStore } from './trust/store.js';
import { inBackground } from './background.js';
import { phaseEnded } from './util/phase-trace.js';
import type { PermissionDesk } from './permissions/desk.js';
import { AskMeStep, NOT_HELD, type PersonOutcome } from './permissions/hold.js';

export interface HostEvents {
  record: [HistoryRecord];
  signal: [EngineSignal];
  settings: [Settings];
  /** Hook files, trust or settings changed: views should reload their sources. */
  sourcesChanged: [string];
}

export interface DispatchResult {
  answer: EmitAnswer;
  /** Background hooks (async, fire-and-forget) still running; resolves with their records, once kept. */
  background: Promise<DispatchRecord[]>;
}

const OUTBOX_DEFAULTS: OutboxPolicy = { retryAgeMs: 60_000, maxRetries: 3 };
/** Events spooled ahead of their answers (recordAfterAnswer) between two takes of the spool. */
const SPOOL_TAKE_IN_EVERY = 256;

export class HookHost extends EventEmitter<HostEvents> {
  settings!: Settings;
  settingsProblem: string | null = null;
  trust!: TrustStore;
  history!: HistoryStore;
  engine!: Engine;
  /**
   * Where permission requests wait for a person: only a resident host (the app, `hookpanel serve`) has
   * one; a one-shot emit gives no decision at once.
   */
  permissions: PermissionDesk | null = null;
  /** Ask me's step after the engine (permissions/hold.ts). */
  private askMe: AskMeStep | null = null;
  private cache!: SourceCache;
  /**
   * The chain of settings.json writes, and how many of them are still to finish. Every change the host
   * makes starts a write, which replaces the chain: a reload that sees another chain after its read
   * read a file older than that change.
   */
  private settingsSaving: Promise<void> = Promise.resolve();
  private settingsSaves = 0;
  /** History writes not yet finished. */
  private readonly writes = new Set<Promise<void>>();
  /** Records go to the spool alone (the in-process emit): they are durable once appended. */
  private spooling = false;
  /** Events kept in the spool ahead of their answer since it was last taken in (recordAfterAnswer). */
  private spooledAhead = 0;
  /** The spool those events go to, held open: opened with the first, closed with the host. */
  private ahead: SpoolAppender | null = null;
  readonly paths;

  constructor(readonly host: HostEnv) {
    super();
    this.paths = homePaths(host);
  }

  /**
   * `spoolHistory`: records go to the history's spool rather than its database (the in-process
   * `hookpanel emit`, which then never loads SQLite; the next reader takes them in). `eventsOf`: a host
   * for one dialect's events reads only the files they can use (load.ts, dialectsOfEvent), and shows no
   * file, so it looks for a project's scripts only where they can change the file's trust.
   */
  static async open(
    host: HostEnv,
    opts: { spoolHistory?: boolean; eventsOf?: Dialect; warn?: (line: string) => void } = {},
  ): Promise<HookHost> {
    const h = new HookHost(host);
    if (opts.warn) h.warn = opts.warn;
    h.spooling = opts.spoolHistory ?? false;
    await h.init(h.spooling, opts.eventsOf ? dialectsOfEvent(opts.eventsOf) : null);
    return h;
  }

  /**
   * Where the host's own problems (a history write that failed) are said: stderr, unless the caller
   * says otherwise. The in-process `hookpanel emit` does, since its stderr is the harness's block reason.
   */
  private warn: (line: string) => void = (line) => void process.stderr.write(`hookpanel: ${line}\n`);

  /** `oneEvent`: the dialects of a one-event host (`eventsOf`), or null for a host of every file. */
  private async init(spoolHistory: boolean, oneEvent: readonly DialectModule[] | null): Promise<void> {
    const loaded = await loadSettings(this.host);
    this.settings = loaded.settings;
    this.settingsProblem = loaded.problem;
    this.trust = await TrustStore.open(this.host);
    this.history = new HistoryStore({
      dir: this.paths.historyDir,
      retention: () => this.settings.history,
      spool: spoolHistory,
    });
    this.cache = new SourceCache(
      (workspace) => this.context(workspace),
      this.trust,
      oneEvent ?? DIALECT_MODULES,
      oneEvent !== null,
    );
    this.trust.onChange = () => this.cache.invalidate();
    // A hook file that stood in with its last good version while being rewritten: once its window
    // passes, what it says now is shown (an invalid file as invalid), though nothing else changed.
    this.cache.onStandInOver = (path) => this.emit('sourcesChanged', `${path} settled`);
    this.engine = new Engine({
      host: this.host,
      settings: () => this.settings,
      sources: (workspace) => this.cache.get(workspace),
      dialect: (id) => dialectModule(id),
    });
  }

  context(workspace: string | null): LoadContext {
    return { host: this.host, workspace: workspace ? resolve(workspace) : null, settings: this.settings };
  }

  sources(workspace: string | null): Promise<Source[]> {
    return this.cache.get(workspace);
  }

  /** Re-reads settings.json (changed on disk by another process or by hand). */
  async reloadSettings(): Promise<void> {
    // While the host's own writes are under way the file holds an older state than the host: that
    // is not a change by anyone else, and taking it would undo the newer settings.
    if (this.settingsSaves) return;
    // A change may also start, and even finish, while the file is read: what was read is older still.
    const saving = this.settingsSaving;
    const loaded = await loadSettings(this.host);
    if (saving !== this.settingsSaving) return;
    if (JSON.stringify(loaded.settings) === JSON.stringify(this.settings)) return;
    this.settings = loaded.settings;
    this.settingsProblem = loaded.problem;
    this.cache.invalidate();
    this.emit('settings', this.settings);
  }

  /** Forget cached sources: the next request reads every file again. */
  invalidate(): void {
    this.cache.invalidate();
  }

  /**
   * Runs an event; what it did is recorded and announced while the answer goes back to the caller.
   * `callerGone`'s signal aborts when the caller stops waiting (a permission request held for a person
   * is then dropped); it is asked for only by a request that is held.
   */
  async dispatch(req: EmitRequest, opts: { callerGone?: () => AbortSignal } = {}): Promise<DispatchResult> {
    const done = await this.engine.dispatch(req);
    const asked = this.permissions
      ? (this.askMe ?? (await this.openAskMe())).afterEngine(req, done, {
          desk: this.permissions,
          settings: this.settings,
          callerGone: opts.callerGone,
        })
      : NOT_HELD;
    // A request held for a person is in History at once, as waiting, and settled when they answer;
    // close() and idle() wait for the writes.
    if (asked.held) inBackground(this.recordInHistory(asked.waiting), 'history');
    else this.recordAfterAnswer(done.records);
    this.announce(done.signals);
    const answer = asked.held ? this.recordPersonOutcome(await asked.outcome) : done.answer;
    if (!done.background.length) return { answer, background: Promise.resolve([]) };
    const background = Promise.all(
      done.background.map(async (work) => {
        const { record, signals } = await work;
        await this.recordInHistory([record]);
        this.announce(signals);
        return record;
      }),
    );
    return { answer, background };
  }

  /** Ask me's step, loaded with the first event a resident host's desk is there for. */
  private async openAskMe(): Promise<AskMeStep> {
    this.askMe ??= await AskMeStep.open(this.host);
    return this.askMe;
  }

  /** The person's answer settles the held event in History; the answer goes back to the agent. */
  private recordPersonOutcome({ answer, person, settled }: PersonOutcome): EmitAnswer {
    inBackground(settled ? this.settle(settled, person) : this.recordInHistory([person]), 'history');
    return answer;
  }

  /**
   * What an event did is durable before its caller has the answer, and in the database after it. One
   * line appended to the spool (history/spool.ts) is as safe from a killed host as a commit, and costs
   * the answer a write, where a commit first would cost it a wake-up of the history worker's thread: the
   * intake writes the answer in this call's continuation, before an immediate runs. A host killed before
   * the commit leaves the line for the next reader to take in, and a line taken in after its commit is
   * kept once (record ids are unique). The write is tracked at once: idle() and close() wait for it.
   */
  private recordAfterAnswer(records: HistoryRecord[]): void {
    this.keepAhead(records);
    const answered = new Promise<void>((resolve) => setImmediate(resolve));
    const kept = answered.then(() => {
      const appended = this.history.append(records);
      phaseEnded('record');
      return appended;
    });
    inBackground(this.track(kept.then(() => records)), 'history');
  }

  /**
   * The spool line ahead of the answer. Where it cannot be written (a full disk, and no overflow), the
   * commit after the answer is still made; only a host killed before it would then lose the event.
   */
  private keepAhead(records: HistoryRecord[]): void {
    if (this.spooling) return; // the append is the spool line itself
    try {
      (this.ahead ??= new SpoolAppender(this.paths.historyDir)).append(records);
      phaseEnded('keep');
    } catch {
      return;
    }
    // The lines are all committed too: taken in now and then, so that the spool stays small.
    if (++this.spooledAhead < SPOOL_TAKE_IN_EVERY) return;
    this.spooledAhead = 0;
    inBackground(this.track(this.history.importSpool().then(() => [])), 'history');
  }

  /** What an event would run and decide, without running anything (Test fire, replay). */
  preview(req: EmitRequest): Promise<DryRun> {
    return this.engine.preview(req);
  }

  private recordInHistory(records: HistoryRecord[]): Promise<void> {
    return this.track(this.history.append(records).then(() => records));
  }

  /** A held request's event, as finally decided, replaces the waiting one; told only when it changed. */
  private settle(event: EventRecord, person: DispatchRecord): Promise<void> {
    return this.track(
      this.history.settle(event, [person]).then((changed) => (changed ? [person, event] : [person])),
    );
  }

  /** Tells what a write recorded once it is written; close() and idle() wait for it. */
  private track(written: Promise<HistoryRecord[]>): Promise<void> {
    // Never rejects: a failed write is said, and so is a listener that threw (a panel gone, say): both
    // happen after the answer, where nobody waits to handle them.
    const write: Promise<void> = written
      .then(
        (records) => {
          for (const r of records) this.emit('record', r);
        },
        (e: Error) => this.warn(`could not write history: ${e.message}`),
      )
      .catch((e: Error) => this.warn(`after a history write: ${e.message}`))
      .finally(() => this.writes.delete(write));
    this.writes.add(write);
    return write;
  }

  /** Signals cross from the engine into notifications here, checked against their schema. */
  private announce(signals: EngineSignal[]): void {
    for (const s of signals) {
      const checked = EngineSignalSchema.safeParse(s);
      if (checked.success) this.emit('signal', checked.data);
      else this.warn(`dropped a malformed ${s.kind} signal: ${z.prettifyError(checked.error)}`);
    }
  }

  async updateSettings(change: (s: Settings) => Settings): Promise<Settings> {
    this.settings = change(this.settings);
    const saved = this.saveSettingsInOrder();
    this.cache.invalidate();
    this.emit('settings', this.settings);
    this.emit('sourcesChanged', 'settings changed');
    await saved;
    return this.settings;
  }

  /**
   * Writes settings.json one write at a time, each with the settings as they are when it starts: the
   * last write holds every change. (Writes renamed into place side by side could land oldest last.)
   */
  private saveSettingsInOrder(): Promise<void> {
    this.settingsSaves++;
    const save = this.settingsSaving.then(() => saveSettings(this.host, this.settings));
    const settled = save.finally(() => this.settingsSaves--);
    this.settingsSaving = settled.catch(() => {});
    return settled;
  }

  /** Retries durable jobs a crash left pending (run at host start, not for one-shot emits). */
  recoverOutbox(): Promise<RecoveryReport> {
    return recoverOutbox(this.paths.outbox, {
      policy: () => this.outboxPolicy(),
      run: (job) => runJob(this.paths.outbox, job),
    });
  }

  /** The outbox's retry policy: the first dialect whose hook files set one (chrys), else the defaults. */
  private async outboxPolicy(): Promise<OutboxPolicy> {
    const sources = await this.sources(null);
    return (
      DIALECT_MODULES.map((m) =>
        m.runtime.outboxPolicy?.(sources.filter((s) => s.dialect === m.dialect)),
      ).find((p) => p !== undefined) ?? OUTBOX_DEFAULTS
    );
  }

  /** Resolves when every background hook has finished and everything is written. */
  async idle(): Promise<void> {
    do {
      await this.engine.idle();
      await Promise.allSettled([...this.writes]);
    } while (this.writes.size);
  }

  async close(graceMs = 5000): Promise<void> {
    this.permissions?.close();
    await this.engine.shutdown(graceMs);
    await this.idle();
    this.ahead?.close();
    await this.history.close();
  }
}
