// Run, for the hooks that never decide: started once the decision is known. Detached hooks outlive the
// host; durable ones go through the outbox (a job file first, so a crash leaves it to be retried).
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { spawnDetached } from './detached.js';
import { prepareHook } from './handlers.js';
import { enqueue, enqueueForRunner, runJob, type Job } from './outbox.js';
import type { PlannedHook } from './plan.js';
import { readVerdict, runHook, type HookOutcome, type RunContext } from './run.js';
import { emptyResult, type DialectRuntime, type EngineEvent, type Verdict } from './runtime.js';

export interface BackgroundPlaces {
  /** Durable jobs. */
  outbox: string;
  /** Where detached hooks' output goes (one folder per dialect). */
  logs: string;
}

export async function runBackground(
  event: EngineEvent,
  hook: PlannedHook,
  runtime: DialectRuntime,
  ctx: RunContext,
  places: BackgroundPlaces,
  signal: AbortSignal,
): Promise<HookOutcome> {
  if (hook.rule.detach) return startDetached(event, hook, runtime, ctx, places);
  if (hook.rule.durable) return runDurable(event, hook, runtime, ctx, places, signal);
  return runHook(event, hook, runtime, ctx, signal);
}

async function startDetached(
  event: EngineEvent,
  hook: PlannedHook,
  runtime: DialectRuntime,
  ctx: RunContext,
  places: BackgroundPlaces,
): Promise<HookOutcome> {
  const started = Date.now();
  const { input, env, argv, cwd } = prepareHook(hook.rule, runtime, event, ctx.handler, null);
  if (!argv) {
    const reason = `${hook.rule.handler.kind} handlers cannot be detached`;
    return {
      hook,
      result: { ...emptyResult(started), spawnError: reason },
      verdict: { outcome: 'failed', decision: null, reason },
      skip: null,
    };
  }
  let spec = { argv, stdin: input.stdin, env };
  if (hook.rule.durable) {
    // The job file exists before anything starts: a crash from here on leaves it pending, to be retried.
    const job = jobOf(event, hook, argv, cwd, env, input.stdin);
    const queued = await enqueueForRunner(places.outbox, job, env);
    spec = {
      argv: [process.execPath, fileURLToPath(new URL('./outbox-runner.js', import.meta.url)), queued.jobPath],
      stdin: null,
      env: queued.env,
    };
  }
  const spawned = spawnDetached({
    ...spec,
    cwd,
    logDir: join(places.logs, event.dialect),
    name: hook.rule.name,
  });
  const verdict: Verdict = spawned.error
    ? { outcome: 'failed', decision: null, reason: spawned.error }
    : {
        outcome: 'ok',
        decision: null,
        reason: `detached (pid ${spawned.pid}); output in ${spawned.logPath}`,
      };
  return {
    hook,
    result: { ...emptyResult(started), pid: spawned.pid, spawnError: spawned.error },
    verdict,
    skip: null,
  };
}

async function runDurable(
  event: EngineEvent,
  hook: PlannedHook,
  runtime: DialectRuntime,
  ctx: RunContext,
  places: BackgroundPlaces,
  signal: AbortSignal,
): Promise<HookOutcome> {
  const { input, env, argv, cwd } = prepareHook(hook.rule, runtime, event, ctx.handler, null);
  if (!argv) return runHook(event, hook, runtime, ctx, signal);
  const job = jobOf(event, hook, argv, cwd, env, input.stdin);
  await enqueue(places.outbox, job);
  const run = () => runJob(places.outbox, job, signal);
  const result = ctx.cap ? await ctx.cap.run(run) : await run();
  return { hook, result, verdict: readVerdict(event, hook, runtime, result, ctx), skip: null };
}

function jobOf(
  event: EngineEvent,
  hook: PlannedHook,
  argv: string[],
  cwd: string,
  env: Record<string, string>,
  stdin: string | null,
): Job {
  return {
    id: `${Date.now()}-${hook.rule.name.replace(/[^\w.-]+/g, '_')}-${randomUUID().slice(0, 8)}`,
    rule: hook.rule.name,
    source: hook.source.path,
    eventId: event.id,
    argv,
    cwd,
    env,
    stdin,
    timeoutMs: hook.rule.timeoutMs,
    createdAt: new Date().toISOString(),
    attempts: 0,
    lastResult: null,
  };
}
