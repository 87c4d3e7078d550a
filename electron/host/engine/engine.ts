// The hook engine: plan → run → aggregate → record. It returns what happened (the answer, the records,
// the signals, and the background hooks still running); the host keeps and broadcasts them. Each
// dialect's manifest and runtime are handed in by the host: the engine knows no dialect by name.
import { randomUUID } from 'node:crypto';
import type { DispatchRecord, EmitAnswer, EngineSignal, HistoryRecord } from '../../../shared/dispatch.js';
import type { DryRun } from '../../../shared/ipc.js';
import { mcpCatalog, mcpServerSources } from '../../../shared/mcp.js';
import type { Dialect, Source } from '../../../shared/model.js';
import { McpPool } from '../mcp/pool.js';
import { homePaths, type HostEnv } from '../paths.js';
import type { Settings } from '../settings/settings.js';
import { Semaphore } from '../util/semaphore.js';
import { aggregate, answerOf } from './aggregate.js';
import { runBackground, type BackgroundPlaces } from './background.js';
import { engineEvent, planEvent, type EmitRequest, type Plan, type PlannedHook } from './plan.js';
import { preview } from './preview.js';
import { issuePass, liveDispatch } from './reentry.js';
import {
  dispatchRecord,
  dispatchSummary,
  eventRecord,
  failureSignal,
  reviewPaths,
  signalsOf,
} from './record.js';
import { runAwaited, skipped, type HookOutcome, type RunContext } from './run.js';
import { phaseEnded } from '../util/phase-trace.js';
import { emptyResult, noDecision, type Aggregate, type EngineDialect, type EngineEvent } from './runtime.js';

export type { EmitRequest } from './plan.js';
export { dispatchSummary } from './record.js';

export interface EngineDeps {
  host: HostEnv;
  settings: () => Settings;
  /** Every source for a workspace (the host caches; the in-process fallback loads). */
  sources: (workspace: string | null) => Promise<Source[]>;
  /** A dialect's manifest and runtime. */
  dialect: (id: Dialect) => EngineDialect;
  /** Time between SIGTERM and SIGKILL for hooks that outlive their timeout. */
  killGraceMs?: number;
}

/** One background hook, once it has finished: its dispatch, and a signal if it failed. */
export interface BackgroundDone {
  record: DispatchRecord;
  signals: EngineSignal[];
}

/** What one event did. */
export interface Dispatched {
  answer: EmitAnswer;
  /** To keep: a dispatch per hook that was skipped or awaited, then the event's summary. */
  records: HistoryRecord[];
  signals: EngineSignal[];
  /** Background hooks (async, fire-and-forget, detached, durable), each settling when it ends. */
  background: Promise<BackgroundDone>[];
}

interface Inflight {
  done: Promise<unknown>;
  abort: AbortController;
  mode: string;
}

export class Engine {
  private readonly inflight = new Map<Dialect, Set<Inflight>>();
  private readonly caps = new Map<Dialect, Semaphore>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly places: BackgroundPlaces;
  /** MCP servers that mcp_tool hooks started; they live until the engine shuts down. */
  private readonly mcpPool: McpPool;
  /** Where the passes of running dispatches are (reentry.ts). */
  private readonly runDir: string;

  constructor(private readonly deps: EngineDeps) {
    const paths = homePaths(deps.host);
    this.places = { outbox: paths.outbox, logs: paths.logs };
    this.mcpPool = new McpPool(deps.host.env);
    this.runDir = paths.runDir;
  }

  async dispatch(req: EmitRequest): Promise<Dispatched> {
    const started = performance.now();
    const dialect = this.deps.dialect(req.dialect);
    const event = engineEvent(req, randomUUID());
    // Only a dispatch that is running now counts (reentry.ts); a refusal blocks a guard, like any other.
    const parent = req.parentDispatch ? liveDispatch(this.runDir, req.parentDispatch) : null;
    if (parent) {
      const reason = `refused: this event was emitted by a hook Hookpanel is running (dispatch ${parent}); hooks may not re-enter the engine`;
      const guard = dialect.manifest.conventions.guardEvents.includes(event.event);
      const plan: Plan = { event, dialect, sources: [], all: [], hooks: [] };
      const refusal = { ...noDecision(), decision: guard ? ('block' as const) : ('allow' as const), reason };
      return this.recordsAndAnswer(plan, event, [], refusal, started, []);
    }
    const plan = await this.plan(event, dialect);
    phaseEnded('plan');
    // The hooks that run get a pass of their own, so that what they emit is known as theirs.
    const pass = plan.hooks.some((h) => !h.skip) ? issuePass(this.runDir, event.id) : null;
    if (pass) event.dispatchToken = pass.token;
    try {
      const done = await this.runPlan(plan, event, dialect, started);
      // Background hooks carry the pass too: it ends with the last of them.
      if (pass)
        Promise.allSettled(done.background)
          .then(() => pass.release())
          .catch(() => {}); // a pass that cannot be removed is stale once this process is gone
      return done;
    } catch (e) {
      pass?.release();
      throw e;
    }
  }

  private async runPlan(
    plan: Plan,
    event: EngineEvent,
    dialect: EngineDialect,
    started: number,
  ): Promise<Dispatched> {
    const { runtime } = dialect;
    if (runtime.drainOn?.includes(event.event))
      await this.drain(event.dialect, runtime.drainGraceMs?.(plan.sources) ?? 5000, 'async');
    const ctx = this.runContext(plan);
    const run = await runAwaited(plan, ctx);
    const decision = aggregate(plan, run.outcomes, run.event);
    // Background hooks start once the decision is known and never change it; a chain that ended skips them.
    const later = plan.hooks.filter((p) => !p.skip && p.cls === 'background');
    if (run.stoppedBy && later.length) {
      const ended = new Set(later);
      const outcomes = plan.hooks
        .map((h) => (ended.has(h) ? skipped(h, run.stoppedBy!) : run.outcomes.find((o) => o.hook === h)))
        .filter((o): o is HookOutcome => o !== undefined);
      return this.recordsAndAnswer(plan, run.event, outcomes, decision, started, []);
    }
    const background = later.map((h) => this.startBackground(run.event, h, dialect, ctx));
    return this.recordsAndAnswer(plan, run.event, run.outcomes, decision, started, background);
  }

  /** What an event would run and decide, without running anything (Test fire, replay). */
  async preview(req: EmitRequest): Promise<DryRun> {
    const event = engineEvent(req, 'dry-run');
    const plan = await this.plan(event, this.deps.dialect(req.dialect));
    return preview(plan, { host: this.deps.host, cwd: event.workspace ?? this.deps.host.home });
  }

  private async plan(event: EngineEvent, dialect: EngineDialect): Promise<Plan> {
    return planEvent(event, await this.deps.sources(event.workspace), dialect, this.deps.settings());
  }

  private runContext(plan: Plan): RunContext {
    const { runtime } = plan.dialect;
    const settings = this.deps.settings();
    return {
      cap: this.cap(plan.event.dialect, runtime.maxParallel?.(plan.sources) ?? null),
      guardEvents: new Set(plan.dialect.manifest.conventions.guardEvents),
      handler: {
        host: this.deps.host,
        cwd: plan.event.workspace ?? this.deps.host.home,
        allowedEnvVars: runtime.allowedEnvVars?.(plan.sources) ?? new Set(),
        killGraceMs: this.deps.killGraceMs,
        mcp: {
          catalog: () => mcpCatalog(mcpServerSources(plan.all, plan.event.dialect)),
          pool: this.mcpPool,
        },
        model: settings.model,
      },
    };
  }

  /** The record step: what the event did, as records, signals and the answer. */
  private recordsAndAnswer(
    plan: Plan,
    event: EngineEvent,
    outcomes: HookOutcome[],
    decision: Aggregate,
    started: number,
    background: Promise<BackgroundDone>[],
  ): Dispatched {
    phaseEnded('verdict');
    const dispatches = outcomes.map((o) => dispatchRecord(event, o));
    const summary = eventRecord(plan, event, decision, Math.round(performance.now() - started));
    return {
      answer: answerOf(decision, dispatches.map(dispatchSummary), event, plan.dialect.runtime),
      records: [...dispatches, summary],
      signals: signalsOf(event, plan.dialect, dispatches, decision, reviewPaths(plan)),
      background,
    };
  }

  private cap(dialect: Dialect, limit: number | null): Semaphore | null {
    if (limit === null) return null;
    let s = this.caps.get(dialect);
    if (!s) this.caps.set(dialect, (s = new Semaphore(limit)));
    s.limit = limit;
    return s;
  }

  private startBackground(
    event: EngineEvent,
    hook: PlannedHook,
    dialect: EngineDialect,
    ctx: RunContext,
  ): Promise<BackgroundDone> {
    const abort = new AbortController();
    const work = runBackground(event, hook, dialect.runtime, ctx, this.places, abort.signal)
      // A hook that could not even be started (its job file could not be written) is a failed dispatch.
      .catch((e: Error) => notStarted(hook, e))
      .then((o) => {
        const record = dispatchRecord(event, o);
        const failed = failureSignal(record);
        return { record, signals: failed ? [failed] : [] };
      });
    const entry = { done: work, abort, mode: hook.rule.mode };
    let set = this.inflight.get(event.dialect);
    if (!set) this.inflight.set(event.dialect, (set = new Set()));
    if (!hook.rule.detach) set.add(entry);
    this.pending.add(work);
    // Bookkeeping on either outcome; the returned promise carries a rejection to whoever awaits it,
    // and this branch of it never rejects (a floating `work.finally()` would, and end the host).
    const forget = () => {
      set.delete(entry);
      this.pending.delete(work);
    };
    work.then(forget, forget);
    return work;
  }

  /** Waits for in-flight background hooks of a dialect (optionally of one mode), then ends the rest. */
  async drain(dialect: Dialect | null, graceMs: number, mode?: string): Promise<void> {
    const entries = [
      ...(dialect ? (this.inflight.get(dialect) ?? []) : [...this.inflight.values()].flatMap((s) => [...s])),
    ].filter((e) => !mode || e.mode === mode);
    if (!entries.length) return;
    const all = Promise.allSettled(entries.map((e) => e.done));
    const timer = new Promise((r) => setTimeout(r, graceMs).unref());
    await Promise.race([all, timer]);
    for (const e of entries) e.abort.abort();
    await all;
  }

  /** Resolves when every background hook started so far has finished. */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  /** Shutdown: drain every background hook within the grace, then stop the MCP servers. */
  async shutdown(graceMs: number): Promise<void> {
    await this.drain(null, graceMs);
    await Promise.allSettled([...this.pending]);
    await this.mcpPool.close();
  }
}

function notStarted(hook: PlannedHook, e: Error): HookOutcome {
  const reason = `could not start: ${e.message}`;
  return {
    hook,
    result: { ...emptyResult(Date.now()), spawnError: reason },
    verdict: { outcome: 'failed', decision: null, reason },
    skip: null,
  };
}
