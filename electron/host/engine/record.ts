// Record: what happened, as data the host keeps and broadcasts: one dispatch per planned hook, one
// summary per event, and the signals notifications are made of. Pure: it writes nothing.
import { hash, randomUUID } from 'node:crypto';
import type { DispatchRecord, DispatchSummary, EngineSignal, EventRecord } from '../../../shared/dispatch.js';
import { callSummary } from '../../../shared/call-summary.js';
import { describeHandler } from '../../../shared/rule-name.js';
import type { Plan } from './plan.js';
import type { HookOutcome } from './run.js';
import type { Aggregate, EngineDialect, EngineEvent } from './runtime.js';

/** Payloads are kept in history up to this many characters (with the whole payload's sha256). */
export const PAYLOAD_BOUND = 16 * 1024;

export function dispatchRecord(event: EngineEvent, o: HookOutcome): DispatchRecord {
  const { hook, result, verdict, skip } = o;
  return {
    type: 'dispatch',
    id: randomUUID(),
    eventId: event.id,
    time: new Date(result.startedAt).toISOString(),
    dialect: event.dialect,
    event: event.event,
    workspace: event.workspace,
    source: hook.source.path,
    rule: hook.rule.name,
    ruleIndex: hook.rule.index,
    handler: describeHandler(hook.rule.handler),
    mode: hook.rule.mode,
    pid: result.pid,
    durationMs: result.durationMs,
    exitCode: result.exitCode,
    signal: result.signal,
    timedOut: result.timedOut,
    groupKilled: result.groupKilled,
    outcome: skip ? 'skipped' : verdict.outcome,
    skipReason: skip,
    decision: verdict.decision,
    reason: skip ?? verdict.reason,
    stdoutTail: result.stdoutTail,
    stderrTail: result.stderrTail,
    ...(event.machine ? { machine: event.machine } : {}),
  };
}

/** The event's summary; its payload is the event as the decision was made on it (after chain rewrites). */
export function eventRecord(
  plan: Plan,
  ev: EngineEvent,
  decision: Aggregate,
  durationMs: number,
): EventRecord {
  const payloadText = JSON.stringify(ev.payload);
  const truncated = payloadText.length > PAYLOAD_BOUND;
  return {
    type: 'event',
    id: ev.id,
    time: new Date().toISOString(),
    dialect: ev.dialect,
    event: ev.event,
    workspace: ev.workspace,
    sessionId: ev.sessionId,
    // The one-shot hash: no Hash object made for every event (the same digest as createHash's).
    payloadDigest: hash('sha256', payloadText, 'hex'),
    payload: truncated ? payloadText.slice(0, PAYLOAD_BOUND) : ev.payload,
    payloadTruncated: truncated,
    // From the whole payload: a truncated one still says what the call was.
    call: callSummary(ev.payload),
    decision: decision.decision,
    reason: decision.reason,
    durationMs,
    dispatchCount: plan.hooks.length,
    untrustedSkips: plan.hooks.filter((h) => h.source.state === 'untrusted').length,
    ...(ev.machine ? { machine: ev.machine } : {}),
  };
}

/**
 * Files a person should review: those whose rules this event reached, and, when an agent starts a
 * session, every untrusted file of its dialect in the workspace.
 */
export function reviewPaths(plan: Plan): string[] {
  const reached = plan.hooks.filter((h) => h.source.state === 'untrusted').map((h) => h.source.path);
  const starting = plan.dialect.runtime.sessionStartEvents.includes(plan.event.event)
    ? plan.sources.filter((s) => s.state === 'untrusted').map((s) => s.path)
    : [];
  return [...new Set([...reached, ...starting])];
}

/** Turn done, blocked, a hook failed, a review is needed: what the event means for a person. */
export function signalsOf(
  event: EngineEvent,
  dialect: EngineDialect,
  dispatches: readonly DispatchRecord[],
  decision: Aggregate,
  review: readonly string[],
): EngineSignal[] {
  const base = {
    dialect: event.dialect,
    workspace: event.workspace,
    eventId: event.id,
    ...(event.machine ? { machine: event.machine } : {}),
  };
  const out: EngineSignal[] = [];
  if (dialect.runtime.turnDoneEvents.includes(event.event))
    out.push({ kind: 'turnDone', ...base, agent: dialect.manifest.label });
  if (decision.decision !== 'allow') {
    // The dispatch that decided, so a click on the notice opens it rather than the event's first.
    const by =
      dispatches.find((d) => d.rule === decision.decidedBy && d.decision === decision.decision) ??
      dispatches.find((d) => d.rule === decision.decidedBy);
    out.push({
      kind: 'blocked',
      ...base,
      rule: decision.decidedBy ?? '',
      reason: decision.reason,
      dispatchId: by?.id ?? null,
      handler: by?.handler ?? null,
      source: by?.source ?? null,
    });
  }
  for (const r of dispatches) {
    const failed = failureSignal(r);
    if (failed) out.push(failed);
  }
  if (review.length) out.push({ kind: 'reviewNeeded', ...base, paths: [...review] });
  return out;
}

export function failureSignal(r: DispatchRecord): EngineSignal | null {
  if (r.outcome !== 'failed' && r.outcome !== 'timeout') return null;
  return {
    kind: 'hookFailed',
    dialect: r.dialect,
    workspace: r.workspace,
    eventId: r.eventId,
    dispatchId: r.id,
    rule: r.rule,
    outcome: r.outcome,
    reason: r.reason,
    handler: r.handler,
    source: r.source,
    ...(r.machine ? { machine: r.machine } : {}),
  };
}

export function dispatchSummary(r: DispatchRecord): DispatchSummary {
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
