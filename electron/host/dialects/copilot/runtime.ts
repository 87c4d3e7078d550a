// GitHub Copilot CLI at run time, for Hookpanel's hosted hooks/copilot.json: the payload JSON on stdin
// as Copilot sends it; a hook denies with `permissionDecision: "deny"` (preToolUse) or `behavior:
// "deny"` (permissionRequest) JSON on stdout, or exit 2; matchers are regular expressions over the whole
// tool name. Hookpanel answers Copilot a deny as JSON with the reason, since on exit 2 Copilot tells the
// model only that the hook exited 2 (docs/agents/copilot.md, "Answers").
import type { EmitAnswer } from '../../../../shared/dispatch.js';
import type { JsonDenyKey } from '../../../../shared/manifest.js';
import type { Rule } from '../../../../shared/model.js';
import {
  blockWins,
  failureOf,
  lastLine,
  type DialectRuntime,
  type EngineEvent,
  type HandlerResult,
  type Verdict,
} from '../../engine/runtime.js';
import { isPlainObject } from '../rule.js';
import { COPILOT_EVENTS } from './events.js';
import { manifest } from './manifest.js';

const BLOCKABLE = new Set(COPILOT_EVENTS.filter((e) => e.blockable).map((e) => e.name));
const MATCHER_FIELD = new Map(COPILOT_EVENTS.map((e) => [e.name, e.matcherField]));
const PERMISSION_RANK: Record<string, number> = { allow: 1, ask: 2, deny: 3 };
const PERMISSION_EVENT = 'permissionRequest';
/** How each blockable event's deny is written: the manifest's fact, which the guard tests read too. */
const DENY_IN_JSON: Readonly<Record<string, JsonDenyKey>> = manifest.conventions.denyInJson;

/** Whether a hook's matcher takes this tool name: a regular expression over the whole name, case kept. */
export function copilotMatches(matcher: string, value: string): boolean {
  try {
    return new RegExp(`^(?:${matcher})$`).test(value);
  } catch {
    return false;
  }
}

export const copilotRuntime: DialectRuntime = {
  matches(rule, ev) {
    if (!rule.events.includes(ev.event)) return false;
    const field = MATCHER_FIELD.get(ev.event);
    if (rule.matcher === null || !field) return true;
    return copilotMatches(rule.matcher, String(ev.payload[field] ?? ''));
  },
  classify: () => 'parallel',
  // The hook's text is its `bash` field: Copilot runs it with bash.
  shellArgv: (command) => ['bash', '-c', command],
  input: (_rule, ev) => ({
    env: {},
    stdin: JSON.stringify({ ...ev.payload, cwd: ev.payload.cwd ?? ev.workspace }),
  }),
  answerIn: 'stdout',
  interpret(rule, ev, result) {
    const canBlock = BLOCKABLE.has(ev.event);
    const failure = failureOf(result);
    if (failure) {
      if (result.exitCode === 2 && !result.timedOut && result.httpStatus === undefined) {
        const reason = result.stderrTail.trim() || `${rule.name} exited 2`;
        return canBlock
          ? { outcome: 'blocked', decision: 'block', reason }
          : {
              outcome: 'failed',
              decision: null,
              reason: `exit 2 on ${ev.event}, which cannot deny: ${lastLine(reason)}`,
            };
      }
      // A hook that fails or times out does not stop Copilot CLI.
      return { outcome: failure.outcome, decision: null, reason: failure.reason };
    }
    return readAnswer(rule, ev, result, canBlock);
  },
  aggregate(verdicts) {
    const out = blockWins(verdicts);
    for (const { verdict } of verdicts) {
      const p = verdict.permissionDecision;
      if (p && (PERMISSION_RANK[p] ?? 0) > (PERMISSION_RANK[out.permissionDecision ?? ''] ?? 0))
        out.permissionDecision = p;
    }
    return out;
  },
  render: renderCopilotAnswer,
  turnDoneEvents: ['agentStop'],
  sessionStartEvents: ['sessionStart'],
};

/** The answer in Copilot's protocol: a deny with its reason, an allow, or nothing (no decision). */
export function renderCopilotAnswer(
  answer: Omit<EmitAnswer, 'protocol'>,
  ev: Pick<EngineEvent, 'event'>,
): EmitAnswer['protocol'] {
  const json = (value: Record<string, unknown>) => ({
    exitCode: 0,
    stdout: `${JSON.stringify(value)}\n`,
    stderr: '',
  });
  const reason = answer.reason ?? 'blocked by a hook';
  if (answer.decision === 'block') {
    switch (DENY_IN_JSON[ev.event]) {
      case 'behavior':
        return json({ behavior: 'deny', message: reason });
      case 'permissionDecision':
        return json({ permissionDecision: 'deny', permissionDecisionReason: reason });
      default:
        return { exitCode: 2, stdout: '', stderr: `${reason}\n` };
    }
  }
  if (answer.permissionDecision === 'allow') {
    if (ev.event === PERMISSION_EVENT) return json({ behavior: 'allow' });
    if (ev.event === 'preToolUse') return json({ permissionDecision: 'allow' });
  }
  return { exitCode: 0, stdout: '', stderr: '' };
}

/** A hook's stdout: a decision in Copilot's JSON, or anything else (no decision). */
function readAnswer(rule: Rule, ev: EngineEvent, result: HandlerResult, canBlock: boolean): Verdict {
  const text = (result.stdout ?? '').trim();
  let json: unknown;
  try {
    json = text.startsWith('{') ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!isPlainObject(json)) return { outcome: 'ok', decision: null, reason: null };
  const permission =
    ev.event === PERMISSION_EVENT
      ? typeof json.behavior === 'string'
        ? json.behavior
        : null
      : typeof json.permissionDecision === 'string'
        ? json.permissionDecision
        : null;
  const reasonText = [json.message, json.permissionDecisionReason, json.reason].find(
    (r): r is string => typeof r === 'string' && r.trim() !== '',
  );
  if (permission === 'deny' && canBlock)
    return { outcome: 'blocked', decision: 'block', reason: reasonText ?? `denied by ${rule.name}` };
  return { outcome: 'ok', decision: null, reason: reasonText ?? null, permissionDecision: permission };
}
