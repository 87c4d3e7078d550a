// Claude Code at run time: pw's settings protocol (pw/runtime.ts), except PermissionRequest, which is
// answered in Claude Code's own words. There a hook decides with `hookSpecificOutput.decision.behavior`
// on exit 0, and exit 2 is *no decision* (the person is asked), so a hosted rule's deny, and a guard
// that fails closed, must reach Claude Code as `{"behavior": "deny"}` JSON, never as exit 2
// (docs/agents/permission-requests.md, "Answers").
import type { EventCatalog } from '../../../../shared/events/catalog.js';
import type { JsonDenyKey } from '../../../../shared/manifest.js';
import type { Rule } from '../../../../shared/model.js';
import {
  hookSpecificAnswer,
  permissionBehavior,
  type DialectRuntime,
  type HandlerResult,
  type Verdict,
} from '../../engine/runtime.js';
import { settingsRuntime } from '../pw/runtime.js';
import { isPlainObject } from '../rule.js';
import { manifest } from './manifest.js';

const PERMISSION_REQUEST = 'PermissionRequest';
/** The events whose answer, a deny above all, is `decision.behavior` JSON: the manifest's fact. */
const DENY_IN_JSON: Readonly<Record<string, JsonDenyKey>> = manifest.conventions.denyInJson;

export function claudeRuntime(events: EventCatalog): DialectRuntime {
  const settings = settingsRuntime({ events, matcher: 'claude' });
  return {
    ...settings,
    interpret(rule, ev, result) {
      const verdict = settings.interpret(rule, ev, result);
      return ev.event === PERMISSION_REQUEST ? permissionVerdict(rule, verdict, result) : verdict;
    },
    aggregate(verdicts, ev) {
      const out = settings.aggregate(verdicts, ev);
      // Claude Code reads nothing but the decision here: no context reaches the model.
      if (ev.event === PERMISSION_REQUEST) out.context = null;
      return out;
    },
    render(answer, ev) {
      if (DENY_IN_JSON[ev.event] !== 'hookSpecificOutput.decision.behavior')
        return settings.render(answer, ev);
      // Any deny wins; an allow only when some rule allowed; else nothing, and the person decides.
      if (answer.decision !== 'allow') {
        const message = answer.reason?.trim() || 'denied by a Hookpanel rule';
        return hookSpecificAnswer(ev.event, { decision: { behavior: 'deny', message } });
      }
      if (answer.permissionDecision !== 'allow') return hookSpecificAnswer(ev.event, {});
      const rewritten = isPlainObject(answer.updatedInput) ? { updatedInput: answer.updatedInput } : {};
      return hookSpecificAnswer(ev.event, { decision: { behavior: 'allow', ...rewritten } });
    },
  };
}

/**
 * A hook's PermissionRequest verdict: pw's blocks (exit 2, `decision: "block"`, a guard failing closed)
 * deny; otherwise only `decision.behavior` decides, with its message or rewritten input. pw's
 * `permissionDecision` and `updatedInput` are not Claude Code's words for this event and count for nothing.
 */
function permissionVerdict(rule: Rule, verdict: Verdict, result: HandlerResult): Verdict {
  const plain = { ...verdict, permissionDecision: null, updatedInput: undefined };
  if (verdict.decision || verdict.outcome !== 'ok') return plain;
  const answer = permissionBehavior(hookSpecificOutput(result));
  if (answer?.behavior === 'deny')
    return {
      ...plain,
      outcome: 'blocked',
      decision: 'block',
      reason: answer.message ?? `${rule.name} denied the permission`,
    };
  if (answer?.behavior === 'allow')
    return { ...plain, permissionDecision: 'allow', updatedInput: answer.updatedInput ?? undefined };
  return plain;
}

/** The `hookSpecificOutput` object of a hook's JSON stdout (or http body), else an empty one. */
function hookSpecificOutput(result: HandlerResult): Record<string, unknown> {
  const text = (result.stdout ?? '').trim();
  if (!text.startsWith('{')) return {};
  try {
    const json: unknown = JSON.parse(text);
    return isPlainObject(json) && isPlainObject(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  } catch {
    return {};
  }
}
