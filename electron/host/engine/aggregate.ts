// Aggregate: the verdicts of the hooks that ran, in config order, become one decision (the dialect's
// rule for combining them), and the decision becomes the answer in the harness's own protocol.
import type { DispatchSummary, EmitAnswer } from '../../../shared/dispatch.js';
import type { Plan } from './plan.js';
import type { HookOutcome } from './run.js';
import type { Aggregate, DialectRuntime, EngineEvent } from './runtime.js';

/** One decision from the hooks that ran (skipped ones never count), read in config order. */
export function aggregate(
  plan: Plan,
  outcomes: readonly HookOutcome[],
  event: EngineEvent = plan.event,
): Aggregate {
  const order = new Map(plan.hooks.map((h, i) => [h, i]));
  const verdicts = outcomes
    .filter((o) => !o.skip)
    .sort((a, b) => order.get(a.hook)! - order.get(b.hook)!)
    .map((o) => ({ rule: o.hook.rule, verdict: o.verdict }));
  return plan.dialect.runtime.aggregate(verdicts, event);
}

/** The answer to the caller: the decision, what ran, and the same in the harness's protocol. */
export function answerOf(
  decision: Aggregate,
  dispatches: DispatchSummary[],
  event: EngineEvent,
  runtime: DialectRuntime,
): EmitAnswer {
  const summary = {
    eventId: event.id,
    decision: decision.decision,
    reason: decision.reason,
    context: decision.context,
    updatedInput: decision.updatedInput,
    permissionDecision: decision.permissionDecision,
    dispatches,
  };
  return { ...summary, protocol: runtime.render(summary, event) };
}
