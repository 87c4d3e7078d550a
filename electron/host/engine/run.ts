// Run: the awaited part of a plan. `chain` hooks one after another (a step may end the chain or rewrite
// the event for the next), then `parallel` hooks together. Each hook's result is read by its dialect
// into a verdict; nothing here decides the event or records anything.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Semaphore } from '../util/semaphore.js';
import { formatBytes } from '../intake/payload.js';
import { MAX_ANSWER_BYTES, STOPPED_BEFORE_START } from '../process/run.js';
import { runHandler, type HandlerContext } from './handlers.js';
import type { Plan, PlannedHook } from './plan.js';
import {
  emptyResult,
  failureOf,
  type DialectRuntime,
  type EngineEvent,
  type HandlerResult,
  type Verdict,
} from './runtime.js';

export interface RunContext {
  handler: Omit<HandlerContext, 'resultFile' | 'signal'>;
  /** The dialect's cap on concurrent hook processes (chrys max_parallel_hooks), if any. */
  cap: Semaphore | null;
  /** The events that gate an action (the manifest's guardEvents): an unreadable answer blocks them. */
  guardEvents: ReadonlySet<string>;
}

export interface HookOutcome {
  hook: PlannedHook;
  result: HandlerResult;
  verdict: Verdict;
  /** Why the hook did not run (its plan's skip, or a chain ended before it), or null. */
  skip: string | null;
}

export interface AwaitedRun {
  /** The event after the chain's rewrites (chrys `modify`): the decision is made on it. */
  event: EngineEvent;
  /** Every planned hook that is skipped or awaited, in plan order. */
  outcomes: HookOutcome[];
  /** Set when a chain step ended the chain: the reason the hooks after it are skipped. */
  stoppedBy: string | null;
}

export async function runAwaited(plan: Plan, ctx: RunContext): Promise<AwaitedRun> {
  const { runtime } = plan.dialect;
  const done = new Map<PlannedHook, HookOutcome>();
  for (const h of plan.hooks) if (h.skip) done.set(h, skipped(h, h.skip));

  let event = plan.event;
  let stoppedBy: string | null = null;
  for (const h of plan.hooks.filter((p) => !p.skip && p.cls === 'chain')) {
    if (stoppedBy) {
      done.set(h, skipped(h, stoppedBy));
      continue;
    }
    const outcome = await runHook(event, h, runtime, ctx);
    done.set(h, outcome);
    const step = runtime.afterChainStep?.(h.rule, outcome.verdict, event) ?? { stop: false, event };
    event = step.event;
    if (step.stop) stoppedBy = `chain ended: ${h.rule.name} decided ${outcome.verdict.decision ?? 'to stop'}`;
  }
  const parallel = plan.hooks.filter((p) => !p.skip && p.cls === 'parallel');
  const results = await Promise.all(parallel.map((h) => runHook(event, h, runtime, ctx)));
  parallel.forEach((h, i) => done.set(h, results[i]!));
  return { event, outcomes: plan.hooks.filter((h) => done.has(h)).map((h) => done.get(h)!), stoppedBy };
}

/** Runs one hook and reads its result; an abort (a drain's grace ran out) makes it a failure. */
export async function runHook(
  event: EngineEvent,
  hook: PlannedHook,
  runtime: DialectRuntime,
  ctx: RunContext,
  signal?: AbortSignal,
): Promise<HookOutcome> {
  const run = async () => {
    const dir = runtime.resultFile ? await mkdtemp(join(tmpdir(), 'hookpanel-result-')) : null;
    const resultFile = dir ? join(dir, 'result.json') : null;
    try {
      const result = await runHandler(hook.rule, runtime, event, { ...ctx.handler, resultFile, signal });
      if (resultFile) {
        const size = (await stat(resultFile).catch(() => null))?.size ?? 0;
        result.resultFileBytes = size;
        result.resultFile =
          size > MAX_ANSWER_BYTES ? null : await readFile(resultFile, 'utf8').catch(() => null);
      }
      return result;
    } finally {
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  };
  const result = ctx.cap ? await ctx.cap.run(run) : await run();
  const verdict: Verdict = signal?.aborted
    ? {
        outcome: 'failed',
        decision: null,
        reason:
          result.spawnError === STOPPED_BEFORE_START
            ? 'stopped before it started: its drain grace ran out first'
            : 'stopped: the hook was still running when its drain grace ran out',
      }
    : readVerdict(event, hook, runtime, result, ctx);
  return { hook, result, verdict, skip: null };
}

/**
 * The dialect's reading of a result, unless its answer was larger than Hookpanel reads: then it is
 * not read at all, and an awaited hook on a guard event blocks, saying why (a guard that could be
 * bypassed by answering at length is no guard); anywhere else the hook failed.
 */
export function readVerdict(
  event: EngineEvent,
  hook: PlannedHook,
  runtime: DialectRuntime,
  result: HandlerResult,
  ctx: RunContext,
): Verdict {
  const over = answerTooLarge(runtime, result);
  if (!over || failureOf(result)) return runtime.interpret(hook.rule, event, result);
  if (hook.cls !== 'background' && ctx.guardEvents.has(event.event))
    return {
      outcome: 'blocked',
      decision: 'block',
      reason: `${hook.rule.name}: ${over}, so it was not read; a guard on ${event.event} fails closed`,
    };
  return { outcome: 'failed', decision: null, reason: `${over}, so it was not read` };
}

function answerTooLarge(runtime: DialectRuntime, result: HandlerResult): string | null {
  const limit = formatBytes(MAX_ANSWER_BYTES);
  if (runtime.answerIn === 'stdout' && result.stdout === null && (result.stdoutBytes ?? 0) > MAX_ANSWER_BYTES)
    return `its answer on stdout (${formatBytes(result.stdoutBytes!)}) is larger than the ${limit} limit`;
  if (runtime.answerIn === 'resultFile' && (result.resultFileBytes ?? 0) > MAX_ANSWER_BYTES)
    return `its result file (${formatBytes(result.resultFileBytes!)}) is larger than the ${limit} limit`;
  return null;
}

export function skipped(hook: PlannedHook, reason: string): HookOutcome {
  return {
    hook,
    result: emptyResult(Date.now()),
    verdict: { outcome: 'failed', decision: null, reason },
    skip: reason,
  };
}
