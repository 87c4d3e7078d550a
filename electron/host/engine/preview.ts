// Preview: what a plan would run and decide, without running anything (Test fire's dry run, replay).
// It reads the same plan a dispatch runs.
import type { DryRun } from '../../../shared/ipc.js';
import { describeHandler, ruleLabel } from '../../../shared/rule-name.js';
import { handlerArgv, hookEnvironment, type HookPlace } from './handlers.js';
import type { Plan, PlannedHook } from './plan.js';

export function preview(plan: Plan, place: HookPlace): DryRun {
  const { runtime, manifest } = plan.dialect;
  const ev = plan.event;
  const blockable = manifest.events.find((e) => e.name === ev.event)?.blockable ?? false;
  const canDecide = (h: PlannedHook) =>
    !h.skip && h.cls !== 'background' && (runtime.canDecide?.(h.rule, ev) ?? blockable);
  const runs = plan.hooks.map((h) => {
    const env = hookEnvironment(h.rule, runtime, ev, place, {});
    return {
      rule: h.rule.name,
      source: h.source.path,
      handler: describeHandler(h.rule.handler),
      argv: handlerArgv(h.rule, runtime, env),
      mode: h.rule.mode,
      runClass: h.cls,
      timeoutMs: h.rule.timeoutMs,
      skip: h.skip,
      canDecide: canDecide(h),
    };
  });
  const deciders = runs.filter((r) => r.canDecide);
  const predicted: DryRun['predicted'] = deciders.length
    ? {
        decision: 'allow',
        because: `allow unless ${deciders.length === 1 ? `${ruleLabel({ name: deciders[0]!.rule, handler: deciders[0]!.handler }).title} blocks` : `one of ${deciders.length} hooks blocks`}${runtime.otherDeciders ? ` ${runtime.otherDeciders}` : ''}`,
      }
    : {
        decision: 'allow',
        because: runs.length ? 'no hook that runs can decide this event' : 'no rule matches this event',
      };
  return { workspace: ev.workspace, runs, predicted };
}
