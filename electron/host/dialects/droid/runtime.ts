// Factory Droid at run time, for Hookpanel's hosted hooks/droid.json: Claude Code's settings protocol
// (pw/runtime.ts: payload JSON on stdin, exit 2 blocks with stderr as the reason, decision JSON on
// stdout), with Droid's matchers (docs/agents/droid.md, "Matchers"): empty or `*` for all, the exact
// name, else a regular expression searched anywhere in the name (not anchored, unlike Claude Code's); a
// group's `commandRegex` is searched in the shell command, and a call without one skips the group.
import type { DialectRuntime } from '../../engine/runtime.js';
import { settingsRuntime } from '../pw/runtime.js';
import { isPlainObject } from '../rule.js';
import { DROID_EVENTS } from './events.js';

const MATCHER_FIELD = new Map(DROID_EVENTS.map((e) => [e.name, e.matcherField]));

/** Whether a pattern takes a value as Droid compares them; an invalid pattern takes nothing. */
export function droidMatches(pattern: string, value: string): boolean {
  if (pattern === '' || pattern === '*' || value === '' || pattern === value) return true;
  try {
    return new RegExp(pattern).test(value);
  } catch {
    return false;
  }
}

const settings = settingsRuntime({ events: DROID_EVENTS, matcher: 'claude' });

export const droidRuntime: DialectRuntime = {
  ...settings,
  matches(rule, ev) {
    if (!rule.events.includes(ev.event)) return false;
    const field = MATCHER_FIELD.get(ev.event);
    if (rule.matcher !== null && field && !droidMatches(rule.matcher, String(ev.payload[field] ?? '')))
      return false;
    const commandRegex = rule.match?.args?.command?.regex;
    if (commandRegex === undefined) return true;
    const input = isPlainObject(ev.payload.tool_input) ? ev.payload.tool_input : {};
    if (typeof input.command !== 'string' || !input.command) return false;
    try {
      return new RegExp(commandRegex).test(input.command);
    } catch {
      return false;
    }
  },
  input: (rule, ev, extra) => {
    const base = settings.input(rule, ev, extra);
    // Droid gives its hooks the project folder under its own names and Claude Code's.
    const dir = ev.workspace ?? '';
    return { ...base, env: { ...base.env, FACTORY_PROJECT_DIR: dir, DROID_PROJECT_DIR: dir } };
  },
};
