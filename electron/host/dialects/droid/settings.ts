// The hooks of one Factory Droid file, checked the way Droid 0.225.2 reads them (docs/agents/droid.md,
// "Its files"): one schema for the whole hooks object, so a single hook it cannot read (a second hook
// type, a timeout that is not a number, a matcher that is not text) makes Droid ignore every hook of the
// file; an unknown event is dropped alone; keys it does not know are dropped.
import type { Rule } from '../../../../shared/model.js';
import type { DiagnosticSink } from '../../diagnostics/sink.js';
import { hooksInGroups, unknownEventMessage } from '../../diagnostics/unknown-event.js';
import { describeValue, suggest } from '../../diagnostics/zod-issues.js';
import type { KeyPath, Position } from '../../documents/document.js';
import { compiles, isPlainObject, makeRule } from '../rule.js';
import { DROID_EVENTS } from './events.js';

/** What a file says beside its rules, for the checks that span files (index.ts, trust.ts). */
export interface DroidHookSettings {
  /** `hooksDisabled`, where the file sets it. */
  hooksDisabled?: boolean;
  /** The events the file lists (an empty list too): in hooks.json, each replaces settings.json's. */
  events: string[];
  /** Droid ignores every hook of the file: it fails Droid's schema. */
  ignored: boolean;
}

const EVENT_NAMES = DROID_EVENTS.map((e) => e.name);
const SWITCHES = ['hooksDisabled', 'showHookOutput'];
const GROUP_KEYS = ['matcher', 'commandRegex', 'hooks'];
const HOOK_KEYS = ['type', 'command', 'timeout', 'preserveRiskLevel'];
/** Seconds Droid gives a hook without a timeout (or with 0). */
const DEFAULT_TIMEOUT_S = 60;
const IGNORED = 'so Droid ignores every hook in this file';

/** Reads `value` as Droid's hooks object, found at `at` in the file. */
export function readDroidHooks(
  value: unknown,
  at: KeyPath,
  sink: DiagnosticSink,
  locate: (at: KeyPath) => Position | null,
): { rules: Rule[]; settings: DroidHookSettings } {
  const settings: DroidHookSettings = { events: [], ignored: false };
  const broken = (code: string, message: string, where: KeyPath) => {
    settings.ignored = true;
    sink.error(code, `${message}, ${IGNORED}`, { at: where });
  };
  if (!isPlainObject(value)) {
    broken('wrong_type', `expected an object keyed by event name, got ${describeValue(value)}`, at);
    return { rules: [], settings };
  }
  const rules: Rule[] = [];
  for (const [key, groups] of Object.entries(value)) {
    const eAt: KeyPath = [...at, key];
    if (SWITCHES.includes(key)) {
      if (typeof groups !== 'boolean')
        broken('wrong_type', `expected true or false, got ${describeValue(groups)}`, eAt);
      else if (key === 'hooksDisabled') settings.hooksDisabled = groups;
      continue;
    }
    if (!EVENT_NAMES.includes(key)) {
      sink.error(
        'unknown_event',
        unknownEventMessage({
          agent: 'Factory Droid',
          event: key,
          known: EVENT_NAMES,
          hooks: hooksInGroups(groups),
        }),
        { at: eAt, part: 'key' },
      );
      continue;
    }
    settings.events.push(key);
    if (!Array.isArray(groups)) {
      broken(
        'wrong_type',
        `expected a list of matcher groups ({ "matcher": …, "hooks": [ … ] }), got ${describeValue(groups)}`,
        eAt,
      );
      continue;
    }
    groups.forEach((group: unknown, g) => {
      const gAt: KeyPath = [...eAt, g];
      if (!isPlainObject(group)) {
        broken('wrong_type', `expected a matcher group object, got ${describeValue(group)}`, gAt);
        return;
      }
      for (const k of Object.keys(group))
        if (!GROUP_KEYS.includes(k))
          sink.warn(
            'unknown_key',
            `unknown key "${k}" in a matcher group is ignored${suggest(k, GROUP_KEYS)}`,
            {
              at: [...gAt, k],
              part: 'key',
            },
          );
      const text = (k: 'matcher' | 'commandRegex'): string | null => {
        const v = group[k];
        if (v === undefined) return null;
        if (typeof v === 'string') return v;
        broken('wrong_type', `expected "${k}" as text, got ${describeValue(v)}`, [...gAt, k]);
        return null;
      };
      const matcher = text('matcher');
      const commandRegex = text('commandRegex');
      for (const [k, pattern] of [
        ['matcher', matcher],
        ['commandRegex', commandRegex],
      ] as const)
        if (pattern && !compiles(pattern))
          sink.warn(
            'invalid_matcher',
            `"${pattern}" is not a valid regular expression: Droid never runs this group's hooks`,
            { at: [...gAt, k] },
          );
      if (!Array.isArray(group.hooks)) {
        broken(
          group.hooks === undefined ? 'missing_key' : 'wrong_type',
          `a matcher group needs a "hooks" list, got ${describeValue(group.hooks)}`,
          group.hooks === undefined ? gAt : [...gAt, 'hooks'],
        );
        return;
      }
      group.hooks.forEach((hook: unknown, h) => {
        const hAt: KeyPath = [...gAt, 'hooks', h];
        const timeoutMs = readHook(hook, hAt, sink, broken);
        if (timeoutMs === null) return;
        rules.push(
          makeRule(
            {
              index: rules.length,
              name: `${key}[${g}].hooks[${h}]`,
              events: [key],
              handler: { kind: 'shell', command: (hook as { command: string }).command },
              timeoutMs,
              mode: 'blocking',
              // A hook that fails (but exit 2 or 3) or times out does not stop Droid.
              errorPolicy: 'fail-open',
              matcher: matcher === '' || matcher === '*' ? null : matcher,
              // Droid's "Execute command filter": a regular expression over the shell command.
              match: commandRegex ? { args: { command: { regex: commandRegex } } } : null,
              group: g,
              hookIndex: h,
            },
            locate(hAt),
          ),
        );
      });
    });
  }
  return { rules: settings.ignored ? [] : rules, settings };
}

/** One hook: its timeout in ms, or null where Droid's schema refuses it. */
function readHook(
  hook: unknown,
  at: KeyPath,
  sink: DiagnosticSink,
  broken: (code: string, message: string, where: KeyPath) => void,
): number | null {
  if (!isPlainObject(hook)) {
    broken('wrong_type', `expected a hook object, got ${describeValue(hook)}`, at);
    return null;
  }
  if (hook.type !== 'command') {
    broken(
      hook.type === undefined ? 'missing_key' : 'invalid_value',
      `"type" must be "command" (Droid has no other hook type), got ${describeValue(hook.type)}`,
      hook.type === undefined ? at : [...at, 'type'],
    );
    return null;
  }
  if (typeof hook.command !== 'string') {
    broken(
      hook.command === undefined ? 'missing_key' : 'wrong_type',
      `a command hook needs "command" as text, got ${describeValue(hook.command)}`,
      hook.command === undefined ? at : [...at, 'command'],
    );
    return null;
  }
  if (hook.preserveRiskLevel !== undefined && typeof hook.preserveRiskLevel !== 'boolean') {
    broken('wrong_type', `expected true or false, got ${describeValue(hook.preserveRiskLevel)}`, [
      ...at,
      'preserveRiskLevel',
    ]);
    return null;
  }
  for (const k of Object.keys(hook))
    if (!HOOK_KEYS.includes(k))
      sink.warn('unknown_key', `unknown key "${k}" in a command hook is ignored${suggest(k, HOOK_KEYS)}`, {
        at: [...at, k],
        part: 'key',
      });
  const timeout = hook.timeout;
  if (timeout === undefined) return DEFAULT_TIMEOUT_S * 1000;
  if (typeof timeout !== 'number' || !Number.isFinite(timeout)) {
    broken('wrong_type', `expected the timeout as a number of seconds, got ${describeValue(timeout)}`, [
      ...at,
      'timeout',
    ]);
    return null;
  }
  if (timeout <= 0) {
    sink.warn(
      'invalid_value',
      timeout === 0
        ? `a timeout of 0 means Droid's default of ${DEFAULT_TIMEOUT_S} s`
        : `a negative timeout ends the hook at once: Droid counts it as failed`,
      { at: [...at, 'timeout'] },
    );
    return timeout === 0 ? DEFAULT_TIMEOUT_S * 1000 : 0;
  }
  return Math.round(timeout * 1000);
}
