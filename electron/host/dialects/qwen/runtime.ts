// Qwen Code at run time, for Hookpanel's hosted hooks/qwen.json: Claude Code's settings protocol
// (pw/runtime.ts: payload JSON on stdin, exit 2 blocks with stderr as the reason, decision JSON on
// stdout), with Qwen Code's matchers: `*` or empty for all, the exact name, `A|B` alternatives, else a
// regular expression searched anywhere in the name (docs/agents/qwen.md, "Matchers").
import type { DialectRuntime } from '../../engine/runtime.js';
import { settingsRuntime } from '../pw/runtime.js';
import { QWEN_EVENTS } from './events.js';

const MATCHER_FIELD = new Map(QWEN_EVENTS.map((e) => [e.name, e.matcherField]));

/** Whether a group's matcher takes this value, as Qwen Code compares them. */
export function qwenMatches(matcher: string, value: string): boolean {
  const pattern = matcher.trim();
  if (pattern === '' || pattern === '*' || pattern === '.*' || pattern === value) return true;
  let expression = pattern;
  if (pattern.includes('|') && !pattern.startsWith('^') && !pattern.startsWith('(')) {
    const alternatives = pattern
      .split('|')
      .map((a) => a.trim())
      .filter(Boolean);
    if (alternatives.some((a) => a === '*' || a === '.*' || a === value)) return true;
    if (!alternatives.length) return false;
    expression = alternatives.join('|');
  }
  try {
    return new RegExp(expression).test(value);
  } catch {
    return false;
  }
}

const settings = settingsRuntime({ events: QWEN_EVENTS, matcher: 'claude' });

export const qwenRuntime: DialectRuntime = {
  ...settings,
  matches(rule, ev) {
    if (!rule.events.includes(ev.event)) return false;
    const field = MATCHER_FIELD.get(ev.event);
    if (rule.matcher === null || !field) return true;
    return qwenMatches(rule.matcher, String(ev.payload[field] ?? ''));
  },
  input: (rule, ev, extra) => {
    const base = settings.input(rule, ev, extra);
    // Qwen Code gives its hooks the project folder under all three agents' names.
    const dir = ev.workspace ?? '';
    return { ...base, env: { ...base.env, QWEN_PROJECT_DIR: dir, GEMINI_PROJECT_DIR: dir } };
  },
};
