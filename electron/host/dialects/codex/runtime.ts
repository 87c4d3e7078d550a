// Codex at run time, for Hookpanel's hosted hooks/codex.json: the payload JSON on stdin; exit 2 with a
// reason on stderr blocks (or denies, or continues the turn, by event); JSON on stdout carries
// `hookSpecificOutput.permissionDecision`, `decision`, PermissionRequest's `decision.behavior` and added
// context; anything else fails the hook, which never blocks (Codex fails open). The answer to Codex is
// spoken the same way, never in a form Codex treats as a failed hook (docs/agents/codex.md).
import type { Rule } from '../../../../shared/model.js';
import {
  failureOf,
  lastLine,
  blockWins,
  hookSpecificAnswer,
  permissionBehavior,
  type DialectRuntime,
  type HandlerResult,
  type Verdict,
} from '../../engine/runtime.js';
import { isPlainObject } from '../rule.js';
import { CODEX_EVENT_RULES, CODEX_EVENTS } from './events.js';
import { codexMatcherKind } from './hooks.js';

const BLOCKABLE = new Set(CODEX_EVENTS.filter((e) => e.blockable).map((e) => e.name));
const MATCHER_FIELD = new Map(CODEX_EVENTS.map((e) => [e.name, e.matcherField]));
/** Events whose plain (non-JSON) stdout Codex adds to the model's context. */
const PLAIN_CONTEXT = new Set(['SessionStart', 'SubagentStart', 'UserPromptSubmit']);
/** Events where Codex fails a hook that gives a `reason` without a `decision`. */
const TOOL_EVENTS = new Set(['PreToolUse', 'PostToolUse']);

/** Whether a group's matcher takes this value, as Codex compares: all, exact names (`A|B`), or a regex searched. */
export function codexMatches(matcher: string, value: string): boolean {
  const kind = codexMatcherKind(matcher);
  if (kind === 'all') return true;
  if (kind === 'exact') return matcher.split('|').includes(value);
  try {
    return new RegExp(matcher, 'u').test(value);
  } catch {
    return false; // Codex drops a group whose regex does not compile; the loader already left it out
  }
}

export const codexRuntime: DialectRuntime = {
  matches(rule, ev) {
    if (!rule.events.includes(ev.event)) return false;
    if (rule.matcher === null) return true;
    const field = MATCHER_FIELD.get(ev.event);
    if (!field) return true;
    return codexMatches(rule.matcher, String(ev.payload[field] ?? ''));
  },
  // Codex starts every matching hook of an event at once; `async: true` runs in the background.
  classify: (rule) => (rule.mode === 'async' ? 'background' : 'parallel'),
  shellArgv: (command) => ['/bin/sh', '-c', command],
  input: (_rule, ev) => ({
    env: {},
    stdin: JSON.stringify({ ...ev.payload, hook_event_name: ev.event, cwd: ev.payload.cwd ?? ev.workspace }),
  }),
  answerIn: 'stdout',
  interpret(rule, ev, result) {
    const exited2 = result.exitCode === 2 && !result.timedOut && !result.signal && !result.spawnError;
    if (exited2) {
      const reason = result.stderrTail.trim();
      if (!reason)
        return {
          outcome: 'failed',
          decision: null,
          reason: `${ev.event} hook exited with code 2 but wrote no reason to stderr; Codex then blocks nothing`,
        };
      if (!BLOCKABLE.has(ev.event))
        return {
          outcome: 'failed',
          decision: null,
          reason: `exit 2 on ${ev.event}, which cannot block: ${lastLine(reason)}`,
        };
      return { outcome: 'blocked', decision: 'block', reason };
    }
    const failure = failureOf(result);
    if (failure) return { outcome: failure.outcome, decision: null, reason: failure.reason };
    return readCodexAnswer(rule, ev.event, result);
  },
  aggregate(verdicts, ev) {
    const out = blockWins(verdicts);
    if (!CODEX_EVENT_RULES[ev.event]?.additionalContext) out.context = null;
    // The last rewrite wins, as the last allow does on PermissionRequest (any deny is a block above).
    for (const { verdict } of verdicts) {
      if (verdict.updatedInput !== undefined) out.updatedInput = verdict.updatedInput;
      if (verdict.permissionDecision === 'allow') out.permissionDecision = 'allow';
    }
    return out;
  },
  render(answer, ev) {
    // Exit 2 with the reason on stderr: blocks a tool call or a prompt, denies a permission, sends
    // feedback after a tool call, or makes Stop and SubagentStop go on with the reason as the prompt.
    if (answer.decision !== 'allow')
      return { exitCode: 2, stdout: '', stderr: `${answer.reason?.trim() || 'blocked by Hookpanel'}\n` };
    const specific: Record<string, unknown> = {};
    if (ev.event === 'PermissionRequest') {
      if (answer.permissionDecision === 'allow') specific.decision = { behavior: 'allow' };
    } else if (ev.event === 'PreToolUse' && isPlainObject(answer.updatedInput)) {
      // Codex takes a rewritten input only with an explicit allow; an allow alone fails the hook.
      specific.permissionDecision = 'allow';
      specific.updatedInput = answer.updatedInput;
    }
    if (answer.context && CODEX_EVENT_RULES[ev.event]?.additionalContext)
      specific.additionalContext = answer.context;
    return hookSpecificAnswer(ev.event, specific);
  },
  turnDoneEvents: ['Stop'],
  sessionStartEvents: ['SessionStart'],
};

/** A hook's stdout after exit 0, read as Codex reads it for the event. */
function readCodexAnswer(rule: Rule, event: string, result: HandlerResult): Verdict {
  const text = (result.stdout ?? '').trim();
  const ok: Verdict = { outcome: 'ok', decision: null, reason: null };
  if (!text) return ok;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    if (text.startsWith('{') || text.startsWith('['))
      return { outcome: 'failed', decision: null, reason: `invalid ${event} JSON output: ${lastLine(text)}` };
    return { ...ok, context: PLAIN_CONTEXT.has(event) ? text : null };
  }
  if (!isPlainObject(json)) return ok;
  const fail = (why: string): Verdict => ({
    outcome: 'failed',
    decision: null,
    reason: `${event} hook ${why}`,
  });
  const specific = isPlainObject(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  const context = typeof specific.additionalContext === 'string' ? specific.additionalContext : null;
  const reasonOf = (...values: unknown[]) =>
    values.find((v): v is string => typeof v === 'string' && !!v.trim());
  const block = (reason: string): Verdict => ({ outcome: 'blocked', decision: 'block', reason, context });

  if (event === 'PreToolUse') {
    if (json.continue === false) return fail('returned unsupported continue:false');
    const permission = specific.permissionDecision;
    if (permission === 'deny') {
      const reason = reasonOf(specific.permissionDecisionReason);
      return reason ? block(reason) : fail('returned permissionDecision:deny without a reason');
    }
    if (permission === 'allow') {
      if (!isPlainObject(specific.updatedInput))
        return fail('returned permissionDecision:allow without updatedInput');
      return { ...ok, context, updatedInput: specific.updatedInput };
    }
    if (permission !== undefined)
      return fail(`returned unsupported permissionDecision:${String(permission)}`);
  }
  if (event === 'PermissionRequest') {
    // Codex takes no rewritten input here: an allow is an allow.
    const answer = permissionBehavior(specific);
    if (answer?.behavior === 'deny') return block(answer.message ?? `${rule.name} denied the permission`);
    if (answer?.behavior === 'allow') return { ...ok, permissionDecision: 'allow' };
    return ok;
  }
  if (json.decision === 'block') {
    const reason = reasonOf(json.reason);
    if (!reason) return fail('returned decision:block without a reason');
    if (BLOCKABLE.has(event)) return block(reason);
  } else if (json.reason !== undefined && json.decision === undefined && TOOL_EVENTS.has(event)) {
    return fail('returned reason without decision');
  }
  return { ...ok, context };
}
