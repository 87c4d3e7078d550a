// pw and Claude Code at run time: payload JSON on stdin, exit 2 blocks with stderr as the reason,
// JSON output aggregated across hooks (any block wins, contexts joined in config order).
import type { EventCatalog } from '../../../../shared/events/catalog.js';
import { FAIL_CLOSED_EVENTS } from './events.js';
import type { Rule } from '../../../../shared/model.js';
import {
  failureOf,
  lastLine,
  blockWins,
  hookSpecificAnswer,
  type DialectRuntime,
  type HandlerResult,
  type Verdict,
} from '../../engine/runtime.js';
import { isPlainObject } from '../rule.js';
import { isUserLayer } from './settings-file.js';

export interface SettingsRuntimeOptions {
  events: EventCatalog;
  /** pw compares matchers exactly; Claude Code also reads `A|B` alternatives and regular expressions. */
  matcher: 'exact' | 'claude';
}

const CONTEXT_FROM_PLAIN_STDOUT = new Set(['UserPromptSubmit', 'SessionStart']);
const PERMISSION_RANK: Record<string, number> = { allow: 1, ask: 2, defer: 2, deny: 3 };

export function matcherMatches(matcher: string, value: string, kind: 'exact' | 'claude'): boolean {
  if (kind === 'exact' || /^[\w-]+$/.test(matcher)) return matcher === value;
  if (/^[\w-]+(\|[\w-]+)+$/.test(matcher)) return matcher.split('|').includes(value);
  try {
    return new RegExp(`^(?:${matcher})$`).test(value);
  } catch {
    return false;
  }
}

export function settingsRuntime(opts: SettingsRuntimeOptions): DialectRuntime {
  const blockable = new Set(opts.events.filter((e) => e.blockable).map((e) => e.name));
  const matcherField = new Map(opts.events.map((e) => [e.name, e.matcherField]));
  return {
    matches(rule, ev) {
      if (!rule.events.includes(ev.event)) return false;
      if (rule.matcher === null) return true;
      const field = matcherField.get(ev.event);
      if (!field) return true;
      return matcherMatches(rule.matcher, String(ev.payload[field] ?? ''), opts.matcher);
    },
    classify: (rule) => (rule.mode === 'fire_and_forget' ? 'background' : 'parallel'),
    shellArgv: (command) => ['/bin/sh', '-c', command],
    input: (_rule, ev) => ({
      env: { PW_PROJECT_DIR: ev.workspace ?? '', CLAUDE_PROJECT_DIR: ev.workspace ?? '' },
      stdin: JSON.stringify({
        ...ev.payload,
        hook_event_name: ev.event,
        cwd: ev.payload.cwd ?? ev.workspace,
      }),
    }),
    answerIn: 'stdout',
    interpret(rule, ev, result) {
      const canBlock = blockable.has(ev.event);
      const failure = failureOf(result);
      if (failure) {
        // Prompt and agent guards fail closed; every other handler fails open like a command
        // (../shared/seeds/003_c7fb5911eadfcab5.txt).
        const guard = FAIL_CLOSED_EVENTS.has(ev.event) && rule.errorPolicy === 'fail-closed';
        if (guard)
          return {
            outcome: 'blocked',
            decision: 'block',
            reason: `${rule.name} could not decide (${failure.reason}); a guard on ${ev.event} fails closed`,
          };
        if (result.exitCode === 2 && !result.timedOut && result.httpStatus === undefined) {
          const reason = result.stderrTail.trim() || `${rule.name} exited 2`;
          return canBlock
            ? { outcome: 'blocked', decision: 'block', reason }
            : {
                outcome: 'failed',
                decision: null,
                reason: `exit 2 on ${ev.event}, which cannot block: ${lastLine(reason)}`,
              };
        }
        return { outcome: failure.outcome, decision: null, reason: failure.reason };
      }
      return readAnswer(rule, ev.event, result, canBlock);
    },
    aggregate(verdicts) {
      const out = blockWins(verdicts);
      for (const { verdict } of verdicts) {
        if (verdict.updatedInput !== undefined) out.updatedInput = verdict.updatedInput;
        const p = verdict.permissionDecision;
        if (p && (PERMISSION_RANK[p] ?? 0) > (PERMISSION_RANK[out.permissionDecision ?? ''] ?? 0))
          out.permissionDecision = p === 'defer' ? 'ask' : p;
      }
      return out;
    },
    render(answer, ev) {
      if (answer.decision === 'block')
        return { exitCode: 2, stdout: '', stderr: `${answer.reason ?? 'blocked by a hook'}\n` };
      const specific: Record<string, unknown> = {};
      if (answer.permissionDecision) specific.permissionDecision = answer.permissionDecision;
      if (answer.context) specific.additionalContext = answer.context;
      if (answer.updatedInput !== undefined) specific.updatedInput = answer.updatedInput;
      return hookSpecificAnswer(ev.event, specific);
    },
    turnDoneEvents: ['Stop'],
    sessionStartEvents: ['SessionStart'],
    allowedEnvVars: (sources) =>
      new Set(
        sources
          .filter((s) => isUserLayer(s))
          .flatMap((s) =>
            Array.isArray(s.settings.allowedEnvVars) ? (s.settings.allowedEnvVars as string[]) : [],
          ),
      ),
  };
}

/** A hook's stdout (or http body): decision JSON, or plain text that some events take as context. */
function readAnswer(rule: Rule, event: string, result: HandlerResult, canBlock: boolean): Verdict {
  const text = (result.stdout ?? '').trim();
  if (!text) return { outcome: 'ok', decision: null, reason: null };
  let json: unknown;
  try {
    json = text.startsWith('{') ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!isPlainObject(json)) {
    return {
      outcome: 'ok',
      decision: null,
      reason: null,
      context: CONTEXT_FROM_PLAIN_STDOUT.has(event) ? text : null,
    };
  }
  const specific = isPlainObject(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  const permission = typeof specific.permissionDecision === 'string' ? specific.permissionDecision : null;
  const reasonText = [json.reason, specific.permissionDecisionReason, json.stopReason].find(
    (r) => typeof r === 'string',
  ) as string | undefined;
  const verdict: Verdict = {
    outcome: 'ok',
    decision: null,
    reason: reasonText ?? null,
    context: typeof specific.additionalContext === 'string' ? specific.additionalContext : null,
    updatedInput: specific.updatedInput,
    permissionDecision: permission,
  };
  const wantsBlock = json.decision === 'block' || permission === 'deny' || json.continue === false;
  if (wantsBlock && canBlock)
    return {
      ...verdict,
      outcome: 'blocked',
      decision: 'block',
      reason: reasonText ?? `blocked by ${rule.name}`,
    };
  return verdict;
}
