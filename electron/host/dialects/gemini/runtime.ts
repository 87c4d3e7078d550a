// Gemini CLI at run time, for Hookpanel's hosted hooks/gemini.json: the payload JSON on stdin and the
// GEMINI_* variables; a hook's answer is its stdout (or its stderr when stdout is blank), read as JSON,
// else as text whose meaning depends on the exit code (0 allows, 1 warns, anything else denies with the
// text as the reason). The answer to Gemini: exit 2 with the reason on stderr and nothing on stdout to
// block; JSON on stdout for context and a rewritten tool input; never plain text on stdout, which
// Gemini would show as a message (docs/agents/gemini.md).
import { existsSync } from 'node:fs';
import type { Rule } from '../../../../shared/model.js';
import {
  lastLine,
  blockWins,
  hookSpecificAnswer,
  type DialectRuntime,
  type HandlerResult,
  type Verdict,
} from '../../engine/runtime.js';
import { isPlainObject } from '../rule.js';
import { GEMINI_EVENT_RULES, GEMINI_EVENTS } from './events.js';

const BLOCKABLE = new Set(GEMINI_EVENTS.filter((e) => e.blockable).map((e) => e.name));
const MATCHER_FIELD = new Map(GEMINI_EVENTS.map((e) => [e.name, e.matcherField]));
/** Gemini runs hooks with `bash -c`; where there is no bash, sh is the nearest. */
const SHELL = existsSync('/bin/bash') ? '/bin/bash' : '/bin/sh';

/** Whether a definition's matcher takes this event, as Gemini compares it. */
export function geminiMatches(matcher: string, event: string, payload: Record<string, unknown>): boolean {
  const kind = GEMINI_EVENT_RULES[event]?.matcher ?? 'none';
  if (kind === 'none') return true;
  const value = String(payload[MATCHER_FIELD.get(event) ?? ''] ?? '');
  if (kind === 'trigger') return matcher === value;
  try {
    return new RegExp(matcher).test(value);
  } catch {
    return matcher === value; // Gemini compares a matcher that is not a regex as exact text
  }
}

export const geminiRuntime: DialectRuntime = {
  matches(rule, ev) {
    if (!rule.events.includes(ev.event)) return false;
    return rule.matcher === null || geminiMatches(rule.matcher, ev.event, ev.payload);
  },
  classify: () => 'parallel',
  shellArgv: (command) => [SHELL, '-c', command],
  input: (_rule, ev) => {
    const dir = ev.workspace ?? '';
    return {
      env: {
        GEMINI_PROJECT_DIR: dir,
        GEMINI_CWD: dir,
        CLAUDE_PROJECT_DIR: dir,
        ...(ev.sessionId ? { GEMINI_SESSION_ID: ev.sessionId } : {}),
      },
      stdin: JSON.stringify({
        ...ev.payload,
        hook_event_name: ev.event,
        cwd: ev.payload.cwd ?? ev.workspace,
      }),
    };
  },
  answerIn: 'stdout',
  interpret(rule, ev, result) {
    if (result.timedOut)
      return { outcome: 'timeout', decision: null, reason: `timed out after ${result.durationMs} ms` };
    if (result.spawnError) return { outcome: 'failed', decision: null, reason: result.spawnError };
    if (result.signal) return { outcome: 'failed', decision: null, reason: `killed by ${result.signal}` };
    return readGeminiAnswer(rule, ev.event, result);
  },
  aggregate(verdicts) {
    const out = blockWins(verdicts);
    // Gemini merges each hook's tool_input into the call's arguments, in order.
    for (const { verdict } of verdicts)
      if (isPlainObject(verdict.updatedInput))
        out.updatedInput = {
          ...(isPlainObject(out.updatedInput) ? out.updatedInput : {}),
          ...verdict.updatedInput,
        };
    return out;
  },
  render(answer, ev) {
    if (answer.decision !== 'allow')
      return { exitCode: 2, stdout: '', stderr: `${answer.reason?.trim() || 'blocked by Hookpanel'}\n` };
    const specific: Record<string, unknown> = {};
    if (answer.context) specific.additionalContext = answer.context;
    if (ev.event === 'BeforeTool' && isPlainObject(answer.updatedInput))
      specific.tool_input = answer.updatedInput;
    return hookSpecificAnswer(ev.event, specific);
  },
  turnDoneEvents: ['AfterAgent'],
  sessionStartEvents: ['SessionStart'],
};

/** The hook's answer as Gemini reads it: JSON from stdout (else stderr), or text judged by the exit code. */
function readGeminiAnswer(rule: Rule, event: string, result: HandlerResult): Verdict {
  const text = ((result.stdout ?? '').trim() || result.stderrTail.trim()).trim();
  const code = result.exitCode ?? 0;
  const canBlock = BLOCKABLE.has(event);
  let json = parseJson(text);
  if (typeof json === 'string') json = parseJson(json.trim()) ?? json;
  if (!isPlainObject(json)) {
    if (code === 0) return { outcome: 'ok', decision: null, reason: null };
    if (code === 1 || !text)
      return {
        outcome: 'failed',
        decision: null,
        reason: `exit ${code}${text ? `: ${lastLine(text)}` : ''}`,
      };
    // Any other exit with text is a deny, the text its reason.
    return canBlock
      ? { outcome: 'blocked', decision: 'block', reason: text }
      : {
          outcome: 'failed',
          decision: null,
          reason: `exit ${code} on ${event}, which cannot block: ${lastLine(text)}`,
        };
  }
  const specific = isPlainObject(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  const verdict: Verdict = {
    outcome: code === 0 ? 'ok' : 'failed',
    decision: null,
    reason: code === 0 ? null : `exit ${code}`,
    context: typeof specific.additionalContext === 'string' ? specific.additionalContext : null,
    updatedInput: isPlainObject(specific.tool_input) ? specific.tool_input : undefined,
  };
  const denies = json.decision === 'deny' || json.decision === 'block' || json.continue === false;
  if (denies && canBlock) {
    const reason = [json.reason, json.stopReason].find((r): r is string => typeof r === 'string' && !!r);
    return { ...verdict, outcome: 'blocked', decision: 'block', reason: reason ?? `blocked by ${rule.name}` };
  }
  return verdict;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
