// The hook engine: plans which rules an event reaches, runs them with their dialect's semantics,
// aggregates one decision, records one dispatch per rule and one summary per event.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  DispatchRecord,
  EmitAnswer,
  EngineSignal,
  EventRecord,
  HistoryRecord,
} from '../../../shared/dispatch.js';
import type { DryRun } from '../../../shared/ipc.js';
import type { Dialect, Rule, Source } from '../../../shared/model.js';
import { dialectModule } from '../dialects/registry.js';
import { describeHandler } from '../dialects/rule.js';
import { homePaths, type HostEnv } from '../paths.js';
import type { Settings } from '../settings/settings.js';
import { mcpCatalog, mcpServerSources } from '../../../shared/mcp.js';
import { McpPool } from '../mcp/pool.js';
import { Semaphore } from '../util/semaphore.js';
import { spawnDetached } from './detached.js';
import { handlerArgv, hookEnvironment, prepareHook, runHandler, type HandlerContext } from './handlers.js';
import { enqueue, runJob, type Job } from './outbox.js';
import type { Aggregate, DialectRuntime, EngineEvent, HandlerResult, RunClass, Verdict } from './runtime.js';

export interface EngineDeps {
  host: HostEnv;
  settings: () => Settings;
  /** Every source for a workspace (the host caches; the in-process fallback loads). */
  sources: (workspace: string | null) => Promise<Source[]>;
  record?: (records: HistoryRecord[]) => Promise<void>;
  signal?: (s: EngineSignal) => void;
  /** Time between SIGTERM and SIGKILL for hooks that outlive their timeout. */
  killGraceMs?: number;
}

export interface EmitRequest {
  dialect: Dialect;
  event: string;
  payload: Record<string, unknown>;
  /** `--project DIR`, used when the payload has no cwd. */
  project: string | null;
  /** The caller's working directory, used when neither is given. */
  callerCwd: string;
  /** Set when the caller is itself a hook Hookpanel is running (HOOKPANEL_DISPATCH). */
  parentDispatch?: string | null;
}

export interface DispatchResult {
  answer: EmitAnswer;
  /** Background hooks (async, fire-and-forget) still running; resolves with their records. */
  background: Promise<DispatchRecord[]>;
}

interface PlanEntry {
  source: Source;
  rule: Rule;
  cls: RunClass;
  skip: string | null;
}

const PAYLOAD_BOUND = 16 * 1024;

export class Engine {
  private readonly inflight = new Map<
    Dialect,
    Set<{ done: Promise<unknown>; abort: AbortController; mode: string }>
  >();
  private readonly caps = new Map<Dialect, Semaphore>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly paths;
  /** MCP servers that mcp_tool hooks started; they live until the engine shuts down. */
  private readonly mcpPool: McpPool;

  constructor(private readonly deps: EngineDeps) {
    this.paths = homePaths(deps.host);
    this.mcpPool = new McpPool(deps.host.env);
  }

  async dispatch(req: EmitRequest): Promise<DispatchResult> {
    const started = performance.now();
    const workspace =
      typeof req.payload.cwd === 'string' && req.payload.cwd
        ? req.payload.cwd
        : (req.project ?? req.callerCwd);
    const sessionId = firstString(req.payload.session_id, req.payload.sessionId, req.payload.session);
    let ev: EngineEvent = {
      id: randomUUID(),
      dialect: req.dialect,
      event: req.event,
      payload: req.payload,
      workspace,
      sessionId,
    };
    const mod = dialectModule(req.dialect);
    const runtime = mod.runtime;

    if (req.parentDispatch) {
      const reason = `refused: this event was emitted by a hook Hookpanel is running (dispatch ${req.parentDispatch}); hooks may not re-enter the engine`;
      return this.finish(
        ev,
        runtime,
        [],
        [],
        {
          decision: 'allow',
          reason,
          context: null,
          updatedInput: undefined,
          permissionDecision: null,
          decidedBy: null,
        },
        started,
        Promise.resolve([]),
      );
    }

    const all = await this.deps.sources(workspace);
    const sources = all.filter((s) => s.dialect === req.dialect).sort((a, b) => a.priority - b.priority);
    const settings = this.deps.settings();
    const plan = this.plan(sources, runtime, ev, settings);
    if (runtime.drainOn?.includes(ev.event))
      await this.drain(req.dialect, runtime.drainGraceMs?.(sources) ?? 5000, 'async');
    const cap = this.cap(req.dialect, runtime.maxParallel?.(sources) ?? null);
    const allowedEnvVars = new Set(
      sources
        .filter((s) => s.layer === 'user' || s.layer === 'hosted')
        .flatMap((s) =>
          Array.isArray(s.settings.allowedEnvVars) ? (s.settings.allowedEnvVars as string[]) : [],
        ),
    );
    const ctx: Omit<HandlerContext, 'resultFile'> = {
      host: this.deps.host,
      cwd: workspace ?? this.deps.host.home,
      allowedEnvVars,
      killGraceMs: this.deps.killGraceMs,
      mcp: { catalog: () => mcpCatalog(mcpServerSources(all, req.dialect)), pool: this.mcpPool },
      model: settings.model,
    };

    const records = new Map<PlanEntry, DispatchRecord>();
    const verdicts: { rule: Rule; verdict: Verdict }[] = [];
    for (const e of plan) if (e.skip) records.set(e, this.skipped(ev, e, e.skip));

    // The chain: one after another; a step may end it or rewrite the event for the next.
    let stoppedBy: string | null = null;
    for (const e of plan.filter((p) => !p.skip && p.cls === 'chain')) {
      if (stoppedBy) {
        records.set(e, this.skipped(ev, e, stoppedBy));
        continue;
      }
      const { record, verdict } = await this.runOne(ev, e, runtime, ctx, cap);
      records.set(e, record);
      verdicts.push({ rule: e.rule, verdict });
      const step = runtime.afterChainStep?.(e.rule, verdict, ev) ?? { stop: false, event: ev };
      ev = step.event;
      if (step.stop) stoppedBy = `chain ended: ${e.rule.name} decided ${verdict.decision ?? 'to stop'}`;
    }
    // Parallel: together, reported in config order.
    const parallel = plan.filter((p) => !p.skip && p.cls === 'parallel');
    const results = await Promise.all(parallel.map((e) => this.runOne(ev, e, runtime, ctx, cap)));
    parallel.forEach((e, i) => {
      records.set(e, results[i]!.record);
      verdicts.push({ rule: e.rule, verdict: results[i]!.verdict });
    });
    const order = new Map(plan.map((e, i) => [e.rule, i]));
    verdicts.sort((a, b) => order.get(a.rule)! - order.get(b.rule)!);
    const aggregate = runtime.aggregate(verdicts, ev);

    // Background: started after the decision is known; never part of it.
    const background: Promise<DispatchRecord>[] = [];
    for (const e of plan.filter((p) => !p.skip && p.cls === 'background')) {
      if (stoppedBy) {
        records.set(e, this.skipped(ev, e, stoppedBy));
        continue;
      }
      background.push(this.startBackground(ev, e, runtime, ctx, cap));
    }
    const awaited = plan.filter((e) => records.has(e)).map((e) => records.get(e)!);
    const bg = Promise.all(background);
    // An agent starting in a workspace with untrusted project files (its own or hosted) needs a review.
    const waiting = runtime.sessionStartEvents.includes(ev.event)
      ? sources.filter((s) => s.state === 'untrusted').map((s) => s.path)
      : [];
    return this.finish(ev, runtime, plan, awaited, aggregate, started, bg, waiting);
  }

  /** What an event would run and decide, without running anything (Test fire, replay). */
  async dryRun(req: EmitRequest): Promise<DryRun> {
    const workspace =
      typeof req.payload.cwd === 'string' && req.payload.cwd
        ? req.payload.cwd
        : (req.project ?? req.callerCwd);
    const ev: EngineEvent = {
      id: 'dry-run',
      dialect: req.dialect,
      event: req.event,
      payload: req.payload,
      workspace,
      sessionId: null,
    };
    const mod = dialectModule(req.dialect);
    const sources = (await this.deps.sources(workspace))
      .filter((s) => s.dialect === req.dialect)
      .sort((a, b) => a.priority - b.priority);
    const plan = this.plan(sources, mod.runtime, ev, this.deps.settings());
    const blockable = mod.events.find((e) => e.name === req.event)?.blockable ?? false;
    const runs = plan.map((e) => {
      const env = hookEnvironment(
        e.rule,
        mod.runtime,
        ev,
        { host: this.deps.host, cwd: workspace ?? this.deps.host.home },
        {},
      );
      const canDecide = !e.skip && e.cls !== 'background' && (blockable || req.dialect === 'io');
      return {
        rule: e.rule.name,
        source: e.source.path,
        handler: describeHandler(e.rule.handler),
        argv: handlerArgv(e.rule, mod.runtime, env),
        mode: e.rule.mode,
        runClass: e.cls,
        timeoutMs: e.rule.timeoutMs,
        skip: e.skip,
        canDecide,
      };
    });
    const deciders = runs.filter((r) => r.canDecide);
    const predicted: DryRun['predicted'] = deciders.length
      ? {
          decision: 'allow',
          because: `allow unless ${deciders.length === 1 ? `${deciders[0]!.rule} blocks` : `one of ${deciders.length} hooks blocks`}${req.dialect === 'io' ? ' or fails with refuse/cancel' : ''}`,
        }
      : {
          decision: 'allow',
          because: runs.length ? 'no hook that runs can decide this event' : 'no rule matches this event',
        };
    return { workspace, runs, predicted };
  }

  private plan(sources: Source[], runtime: DialectRuntime, ev: EngineEvent, settings: Settings): PlanEntry[] {
    const out: PlanEntry[] = [];
    for (const source of sources) {
      // Inspected sources are run by their own agent; running them here would run them twice.
      if (source.role === 'inspected' || source.state === 'absent' || source.state === 'invalid') continue;
      for (const rule of source.rules) {
        // The bridge entry that sends this event here is not a rule to run again.
        if (isBridgeRule(rule) || !runtime.matches(rule, ev)) continue;
        out.push({ source, rule, cls: runtime.classify(rule, ev), skip: skipReason(source, rule, settings) });
      }
    }
    return out;
  }

  private cap(dialect: Dialect, limit: number | null): Semaphore | null {
    if (limit === null) return null;
    let s = this.caps.get(dialect);
    if (!s) this.caps.set(dialect, (s = new Semaphore(limit)));
    s.limit = limit;
    return s;
  }

  private async runOne(
    ev: EngineEvent,
    e: PlanEntry,
    runtime: DialectRuntime,
    ctx: Omit<HandlerContext, 'resultFile'>,
    cap: Semaphore | null,
    signal?: AbortSignal,
  ): Promise<{ record: DispatchRecord; verdict: Verdict }> {
    const run = async () => {
      const dir = runtime.resultFile ? await mkdtemp(join(tmpdir(), 'hookpanel-result-')) : null;
      const resultFile = dir ? join(dir, 'result.json') : null;
      try {
        const result: HandlerResult = await runHandler(e.rule, runtime, ev, { ...ctx, resultFile, signal });
        if (resultFile) result.resultFile = await readFile(resultFile, 'utf8').catch(() => null);
        return result;
      } finally {
        if (dir) await rm(dir, { recursive: true, force: true });
      }
    };
    const result = cap ? await cap.run(run) : await run();
    const verdict = signal?.aborted
      ? {
          outcome: 'failed' as const,
          decision: null,
          reason: 'stopped: the hook was still running when its drain grace ran out',
        }
      : runtime.interpret(e.rule, ev, result);
    return { record: this.recordOf(ev, e, result, verdict), verdict };
  }

  private startBackground(
    ev: EngineEvent,
    e: PlanEntry,
    runtime: DialectRuntime,
    ctx: Omit<HandlerContext, 'resultFile'>,
    cap: Semaphore | null,
  ): Promise<DispatchRecord> {
    const abort = new AbortController();
    const work = (async () => {
      let record: DispatchRecord;
      if (e.rule.detach) record = await this.startDetached(ev, e, runtime, ctx);
      else if (e.rule.durable) record = await this.runDurable(ev, e, runtime, ctx, cap, abort.signal);
      else record = (await this.runOne(ev, e, runtime, ctx, cap, abort.signal)).record;
      await this.deps.record?.([record]);
      this.signalFailure(record);
      return record;
    })();
    const entry = { done: work, abort, mode: e.rule.mode };
    let set = this.inflight.get(ev.dialect);
    if (!set) this.inflight.set(ev.dialect, (set = new Set()));
    if (!e.rule.detach) set.add(entry);
    this.pending.add(work);
    void work.finally(() => {
      set.delete(entry);
      this.pending.delete(work);
    });
    return work;
  }

  /** Detached hooks outlive the host; durable ones go through the outbox runner, which files the job when done. */
  private async startDetached(
    ev: EngineEvent,
    e: PlanEntry,
    runtime: DialectRuntime,
    ctx: Omit<HandlerContext, 'resultFile'>,
  ): Promise<DispatchRecord> {
    const started = Date.now();
    const { input, env, argv, cwd } = prepareHook(e.rule, runtime, ev, ctx, null);
    if (!argv) {
      const reason = `${e.rule.handler.kind} handlers cannot be detached`;
      return this.recordOf(
        ev,
        e,
        { ...emptyResult(started), spawnError: reason },
        { outcome: 'failed', decision: null, reason },
      );
    }
    let spec = { argv, stdin: input.stdin };
    if (e.rule.durable) {
      // The job file exists before anything starts: a crash from here on leaves it pending, to be retried.
      const jobPath = await enqueue(this.paths.outbox, this.jobOf(ev, e, argv, cwd, env, input.stdin));
      spec = {
        argv: [process.execPath, fileURLToPath(new URL('./outbox-runner.js', import.meta.url)), jobPath],
        stdin: null,
      };
    }
    const spawned = spawnDetached({
      ...spec,
      cwd,
      env,
      logDir: join(this.paths.logs, ev.dialect),
      name: e.rule.name,
    });
    const verdict: Verdict = spawned.error
      ? { outcome: 'failed', decision: null, reason: spawned.error }
      : {
          outcome: 'ok',
          decision: null,
          reason: `detached (pid ${spawned.pid}); output in ${spawned.logPath}`,
        };
    return this.recordOf(
      ev,
      e,
      { ...emptyResult(started), pid: spawned.pid, spawnError: spawned.error },
      verdict,
    );
  }

  private jobOf(
    ev: EngineEvent,
    e: PlanEntry,
    argv: string[],
    cwd: string,
    env: Record<string, string>,
    stdin: string | null,
  ): Job {
    return {
      id: `${Date.now()}-${e.rule.name.replace(/[^\w.-]+/g, '_')}-${randomUUID().slice(0, 8)}`,
      rule: e.rule.name,
      source: e.source.path,
      eventId: ev.id,
      argv,
      cwd,
      env,
      stdin,
      timeoutMs: e.rule.timeoutMs,
      createdAt: new Date().toISOString(),
      attempts: 0,
      lastResult: null,
    };
  }

  private async runDurable(
    ev: EngineEvent,
    e: PlanEntry,
    runtime: DialectRuntime,
    ctx: Omit<HandlerContext, 'resultFile'>,
    cap: Semaphore | null,
    signal: AbortSignal,
  ): Promise<DispatchRecord> {
    const { input, env, argv, cwd } = prepareHook(e.rule, runtime, ev, ctx, null);
    if (!argv) return (await this.runOne(ev, e, runtime, ctx, cap, signal)).record;
    const job = this.jobOf(ev, e, argv, cwd, env, input.stdin);
    await enqueue(this.paths.outbox, job);
    const run = () => runJob(this.paths.outbox, job, signal);
    const result = cap ? await cap.run(run) : await run();
    return this.recordOf(ev, e, result, runtime.interpret(e.rule, ev, result));
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

  /** Resolves when every history write and background hook started so far has finished. */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  /** Shutdown: drain every background hook within the grace, then wait for records to be written. */
  async shutdown(graceMs: number): Promise<void> {
    await this.drain(null, graceMs);
    await Promise.allSettled([...this.pending]);
    await this.mcpPool.close();
  }

  private async finish(
    ev: EngineEvent,
    runtime: DialectRuntime,
    plan: PlanEntry[],
    records: DispatchRecord[],
    aggregate: Aggregate,
    started: number,
    background: Promise<DispatchRecord[]>,
    reviewPaths: string[] = [],
  ): Promise<DispatchResult> {
    const payloadText = JSON.stringify(ev.payload);
    const truncated = payloadText.length > PAYLOAD_BOUND;
    const untrusted = plan.filter((e) => e.source.state === 'untrusted');
    const event: EventRecord = {
      type: 'event',
      id: ev.id,
      time: new Date().toISOString(),
      dialect: ev.dialect,
      event: ev.event,
      workspace: ev.workspace,
      sessionId: ev.sessionId,
      payloadDigest: createHash('sha256').update(payloadText).digest('hex'),
      payload: truncated ? payloadText.slice(0, PAYLOAD_BOUND) : ev.payload,
      payloadTruncated: truncated,
      decision: aggregate.decision,
      reason: aggregate.reason,
      durationMs: Math.round(performance.now() - started),
      dispatchCount: plan.length,
      untrustedSkips: untrusted.length,
    };
    // Recorded off the answer's path; shutdown waits for every pending write.
    this.track(this.deps.record?.([...records, event]));
    this.publish(ev, runtime, records, aggregate, [
      ...new Set([...untrusted.map((e) => e.source.path), ...reviewPaths]),
    ]);
    const summary = {
      eventId: ev.id,
      decision: aggregate.decision,
      reason: aggregate.reason,
      context: aggregate.context,
      updatedInput: aggregate.updatedInput,
      permissionDecision: aggregate.permissionDecision,
      dispatches: records.map(dispatchSummary),
    };
    return { answer: { ...summary, protocol: runtime.render(summary, ev) }, background };
  }

  private track(work: Promise<unknown> | undefined): void {
    if (!work) return;
    const p = work.catch((e: Error) =>
      process.stderr.write(`hookpanel: could not write history: ${e.message}\n`),
    );
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  private publish(
    ev: EngineEvent,
    runtime: DialectRuntime,
    records: DispatchRecord[],
    aggregate: Aggregate,
    paths: string[],
  ): void {
    const signal = this.deps.signal;
    if (!signal) return;
    const base = { dialect: ev.dialect, workspace: ev.workspace, eventId: ev.id };
    if (runtime.turnDoneEvents.includes(ev.event))
      signal({ kind: 'turnDone', ...base, agent: dialectModule(ev.dialect).label });
    if (aggregate.decision !== 'allow')
      signal({ kind: 'blocked', ...base, rule: aggregate.decidedBy ?? '', reason: aggregate.reason });
    for (const r of records) this.signalFailure(r);
    if (paths.length) signal({ kind: 'reviewNeeded', ...base, paths });
  }

  private signalFailure(r: DispatchRecord): void {
    if (r.outcome !== 'failed' && r.outcome !== 'timeout') return;
    this.deps.signal?.({
      kind: 'hookFailed',
      dialect: r.dialect,
      workspace: r.workspace,
      eventId: r.eventId,
      dispatchId: r.id,
      rule: r.rule,
      outcome: r.outcome,
      reason: r.reason,
    });
  }

  private skipped(ev: EngineEvent, e: PlanEntry, reason: string): DispatchRecord {
    return this.recordOf(
      ev,
      e,
      emptyResult(Date.now()),
      { outcome: 'failed', decision: null, reason },
      reason,
    );
  }

  private recordOf(
    ev: EngineEvent,
    e: PlanEntry,
    result: HandlerResult,
    verdict: Verdict,
    skipReason: string | null = null,
  ): DispatchRecord {
    return {
      type: 'dispatch',
      id: randomUUID(),
      eventId: ev.id,
      time: new Date(result.startedAt).toISOString(),
      dialect: ev.dialect,
      event: ev.event,
      workspace: ev.workspace,
      source: e.source.path,
      rule: e.rule.name,
      ruleIndex: e.rule.index,
      handler: describeHandler(e.rule.handler),
      mode: e.rule.mode,
      pid: result.pid,
      durationMs: result.durationMs,
      exitCode: result.exitCode,
      signal: result.signal,
      timedOut: result.timedOut,
      groupKilled: result.groupKilled,
      outcome: skipReason ? 'skipped' : verdict.outcome,
      skipReason,
      decision: verdict.decision,
      reason: skipReason ?? verdict.reason,
      stdoutTail: result.stdoutTail,
      stderrTail: result.stderrTail,
    };
  }
}

/** A rule whose command is `hookpanel emit …` or `hookpanel-hook …`: the harness's bridge to Hookpanel. */
export function isBridgeRule(rule: Rule): boolean {
  const h = rule.handler;
  const words = h.kind === 'exec' ? h.argv : h.kind === 'shell' ? h.command.trim().split(/\s+/) : [];
  const program = (words[0] ?? '').split('/').pop();
  return (program === 'hookpanel' && words[1] === 'emit') || program === 'hookpanel-hook';
}

function skipReason(source: Source, rule: Rule, settings: Settings): string | null {
  if (source.state === 'untrusted') return 'untrusted: review and trust this project file to run it';
  if (source.state === 'dormant') return 'dormant: chrys project hooks are off (project.hooks_enabled)';
  if (source.state === 'disabled') return 'disabled: disableAllHooks is set in a user-layer file';
  if (source.state === 'refused') return 'refused: io-harness refuses this configuration';
  if (!rule.enabled) return 'disabled: enabled is false';
  if (rule.dormant) return `dormant: ${rule.dormantReason ?? 'this event never fires yet'}`;
  if (settings.paused) return 'paused: all hooks are paused in Hookpanel';
  return null;
}

function emptyResult(startedAt: number): HandlerResult {
  return {
    pid: null,
    exitCode: null,
    signal: null,
    timedOut: false,
    groupKilled: false,
    spawnError: null,
    stdout: null,
    stdoutTail: '',
    stderrTail: '',
    startedAt,
    durationMs: 0,
  };
}

export function dispatchSummary(r: DispatchRecord): EmitAnswer['dispatches'][number] {
  return {
    rule: r.rule,
    source: r.source,
    outcome: r.outcome,
    exitCode: r.exitCode,
    signal: r.signal,
    timedOut: r.timedOut,
    durationMs: r.durationMs,
    skipReason: r.skipReason,
  };
}

function firstString(...values: unknown[]): string | null {
  for (const v of values) if (typeof v === 'string' && v) return v;
  return null;
}
