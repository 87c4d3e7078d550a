// One Gemini CLI settings.json checked with Gemini's own rules: `hooksConfig` (the master switch and
// the disabled list) and `hooks` (events → definitions → hook configs). Gemini is lenient: it loads
// what it can and skips the rest, mostly in its debug log only, so each problem says what Gemini does.
import type { Rule } from '../../../../shared/model.js';
import type { DiagnosticSink } from '../../diagnostics/sink.js';
import { hooksInGroups, unknownEventMessage } from '../../diagnostics/unknown-event.js';
import { describeValue, suggest } from '../../diagnostics/zod-issues.js';
import type { KeyPath, Position } from '../../documents/document.js';
import { isPlainObject, makeRule } from '../rule.js';
import { GEMINI_EVENT_RULES, type GeminiEventRules } from './events.js';

export const GEMINI_DEFAULT_TIMEOUT_MS = 60_000;
/** Keys Gemini skips inside `hooks` (they belong in `hooksConfig`). */
const CONFIG_KEYS_IN_HOOKS = ['enabled', 'disabled', 'notifications'];
const GROUP_KEYS = ['matcher', 'sequential', 'hooks'];
const HOOK_KEYS = ['type', 'command', 'name', 'description', 'timeout', 'env'];

export interface GeminiSettings {
  /** `hooksConfig.enabled` as this file sets it. */
  hooksEnabled?: boolean;
  /** `hooksConfig.disabled`: hook names (or commands) Gemini does not run. */
  disabledHooks?: string[];
  /** `security.folderTrust.enabled`: false makes every folder trusted. */
  folderTrust?: boolean;
}

export interface GeminiSettingsResult {
  rules: Rule[];
  settings: GeminiSettings;
}

export function readGeminiSettings(
  value: Record<string, unknown>,
  sink: DiagnosticSink,
  locate: (at: KeyPath) => Position | null,
): GeminiSettingsResult {
  const settings = readHooksConfig(value.hooksConfig, sink);
  const security = value.security;
  if (isPlainObject(security) && isPlainObject(security.folderTrust)) {
    const enabled = security.folderTrust.enabled;
    if (typeof enabled === 'boolean') settings.folderTrust = enabled;
  }
  const rules: Rule[] = [];
  const hooks = value.hooks;
  if (hooks === undefined) return { rules, settings };
  if (!isPlainObject(hooks)) {
    sink.error(
      'wrong_type',
      `expected an object keyed by event name, got ${describeValue(hooks)}; Gemini runs none of it`,
      {
        at: ['hooks'],
      },
    );
    return { rules, settings };
  }
  const names = Object.keys(GEMINI_EVENT_RULES);
  let index = 0;
  for (const [event, definitions] of Object.entries(hooks)) {
    const at: KeyPath = ['hooks', event];
    if (CONFIG_KEYS_IN_HOOKS.includes(event)) {
      sink.warn('misplaced_key', `"${event}" belongs in "hooksConfig"; Gemini skips it here`, {
        at,
        part: 'key',
      });
      continue;
    }
    const spec = GEMINI_EVENT_RULES[event];
    if (!spec) {
      sink.error(
        'unknown_event',
        unknownEventMessage({ agent: 'Gemini CLI', event, known: names, hooks: hooksInGroups(definitions) }),
        { at, part: 'key' },
      );
      continue;
    }
    if (!Array.isArray(definitions)) {
      sink.error(
        'wrong_type',
        `expected a list of hook definitions, got ${describeValue(definitions)}; Gemini skips them`,
        {
          at,
        },
      );
      continue;
    }
    const seen = new Set<string>();
    definitions.forEach((def, g) => {
      const gAt = [...at, g];
      if (!isPlainObject(def) || !Array.isArray(def.hooks)) {
        sink.error(
          isPlainObject(def) ? (def.hooks === undefined ? 'missing_key' : 'wrong_type') : 'wrong_type',
          !isPlainObject(def)
            ? `expected a hook definition object, got ${describeValue(def)}; Gemini discards it`
            : def.hooks === undefined
              ? 'a hook definition needs "hooks", a list of hook configs; Gemini discards this definition'
              : `expected a list of hook configs, got ${describeValue(def.hooks)}; Gemini discards this definition`,
          { at: isPlainObject(def) && def.hooks !== undefined ? [...gAt, 'hooks'] : gAt },
        );
        return;
      }
      for (const key of Object.keys(def)) {
        if (!GROUP_KEYS.includes(key))
          sink.warn(
            'unknown_key',
            `unknown key "${key}" in a hook definition; Gemini ignores it${suggest(key, GROUP_KEYS)}`,
            {
              at: [...gAt, key],
              part: 'key',
            },
          );
      }
      if (def.sequential !== undefined && typeof def.sequential !== 'boolean')
        sink.warn(
          'wrong_type',
          `expected true or false, got ${describeValue(def.sequential)}; only true makes the hooks run one after another`,
          {
            at: [...gAt, 'sequential'],
          },
        );
      const matcher = readMatcher(def.matcher, [...gAt, 'matcher'], event, spec, sink);
      if (matcher === undefined) {
        index += (def.hooks as unknown[]).length; // their place in the file is kept for the rest
        return;
      }
      (def.hooks as unknown[]).forEach((hook, h) => {
        const rule = readHook(hook, [...gAt, 'hooks', h], index, event, g, h, matcher, sink, locate);
        if (rule) {
          const key = geminiHookKey(hook as Record<string, unknown>);
          if (seen.has(key))
            sink.info(
              'duplicate_hook',
              `the same hook (name and command) is already on ${event}; Gemini runs it once`,
              {
                at: [...gAt, 'hooks', h],
                ruleIndex: index,
              },
            );
          seen.add(key);
          rules.push(rule);
        }
        index++;
      });
    });
  }
  return { rules, settings };
}

/** How Gemini tells hooks apart (it runs one per key and event, and remembers project hooks by it). */
export function geminiHookKey(hook: Record<string, unknown>): string {
  return `${typeof hook.name === 'string' ? hook.name : ''}:${typeof hook.command === 'string' ? hook.command : ''}`;
}

function readHooksConfig(config: unknown, sink: DiagnosticSink): GeminiSettings {
  const out: GeminiSettings = {};
  if (config === undefined) return out;
  if (!isPlainObject(config)) {
    sink.error(
      'wrong_type',
      `expected an object (enabled, disabled, notifications), got ${describeValue(config)}`,
      {
        at: ['hooksConfig'],
      },
    );
    return out;
  }
  for (const key of Object.keys(config)) {
    if (!['enabled', 'disabled', 'notifications'].includes(key))
      sink.warn(
        'unknown_key',
        `unknown key "${key}" in hooksConfig; Gemini ignores it${suggest(key, ['enabled', 'disabled', 'notifications'])}`,
        {
          at: ['hooksConfig', key],
          part: 'key',
        },
      );
  }
  if (config.enabled !== undefined) {
    if (typeof config.enabled === 'boolean') out.hooksEnabled = config.enabled;
    else
      sink.error('wrong_type', `expected true or false, got ${describeValue(config.enabled)}`, {
        at: ['hooksConfig', 'enabled'],
      });
  }
  if (config.disabled !== undefined) {
    if (Array.isArray(config.disabled) && config.disabled.every((d) => typeof d === 'string'))
      out.disabledHooks = config.disabled as string[];
    else
      sink.error('wrong_type', `expected a list of hook names, got ${describeValue(config.disabled)}`, {
        at: ['hooksConfig', 'disabled'],
      });
  }
  if (config.notifications !== undefined && typeof config.notifications !== 'boolean')
    sink.warn('wrong_type', `expected true or false, got ${describeValue(config.notifications)}`, {
      at: ['hooksConfig', 'notifications'],
    });
  return out;
}

function readMatcher(
  value: unknown,
  at: KeyPath,
  event: string,
  spec: GeminiEventRules,
  sink: DiagnosticSink,
): string | null | undefined {
  if (value === undefined) return null;
  if (typeof value !== 'string') {
    // The planner calls matcher.trim(): anything else throws, and the whole event's hooks fail.
    sink.error(
      'wrong_type',
      `expected a string, got ${describeValue(value)}; Gemini then fails every ${event} hook, and Hookpanel leaves this definition out`,
      {
        at,
      },
    );
    return undefined;
  }
  const m = value.trim();
  if (m === '' || m === '*') return null;
  if (spec.matcher === 'none') {
    sink.warn(
      'matcher_ignored',
      `Gemini does not compare matchers on ${event}, so this definition runs on every ${event}`,
      {
        at,
      },
    );
    return null;
  }
  if (spec.matcher === 'tool') {
    try {
      new RegExp(m);
    } catch (e) {
      sink.warn(
        'invalid_matcher',
        `"${m}" is not a valid regular expression (${(e as Error).message.replace(/^Invalid regular expression: \/.*\/\w*: /s, '')}); Gemini compares it with the tool name as exact text`,
        { at },
      );
    }
    return m;
  }
  if (!spec.triggers!.includes(m))
    sink.warn(
      'unknown_trigger',
      `${event} matchers are compared as exact text with ${spec.triggers!.join(', ')}; "${m}" never matches${suggest(m, spec.triggers!)}`,
      { at },
    );
  return m;
}

function readHook(
  hook: unknown,
  at: KeyPath,
  index: number,
  event: string,
  group: number,
  hookIndex: number,
  matcher: string | null,
  sink: DiagnosticSink,
  locate: (at: KeyPath) => Position | null,
): Rule | null {
  const o = { ruleIndex: index };
  if (!isPlainObject(hook)) {
    sink.error(
      'wrong_type',
      `expected a hook config object, got ${describeValue(hook)}; Gemini discards it`,
      { ...o, at },
    );
    return null;
  }
  for (const key of Object.keys(hook)) {
    if (!HOOK_KEYS.includes(key))
      sink.warn(
        'unknown_key',
        `unknown key "${key}" in a hook config; Gemini ignores it${suggest(key, HOOK_KEYS)}`,
        {
          ...o,
          at: [...at, key],
          part: 'key',
        },
      );
  }
  const type = hook.type;
  if (type === undefined || !['command', 'plugin', 'runtime'].includes(type as string)) {
    sink.error(
      type === undefined ? 'missing_key' : 'invalid_value',
      type === undefined
        ? 'a hook needs "type": "command"; Gemini discards it'
        : `"type" must be "command", got ${describeValue(type)}; Gemini discards this hook`,
      { ...o, at: type === undefined ? at : [...at, 'type'], part: type === undefined ? 'key' : undefined },
    );
    return null;
  }
  if (type === 'runtime') {
    sink.error(
      'invalid_value',
      'runtime hooks are registered in code by extensions; from settings one fails every time it fires',
      {
        ...o,
        at: [...at, 'type'],
      },
    );
    return null;
  }
  if (type === 'plugin')
    sink.warn('plugin_type', 'Gemini accepts "plugin" but runs it as a command hook; write "command"', {
      ...o,
      at: [...at, 'type'],
    });
  for (const key of ['name', 'description'] as const) {
    if (hook[key] !== undefined && typeof hook[key] !== 'string')
      sink.warn('wrong_type', `expected a string, got ${describeValue(hook[key])}`, {
        ...o,
        at: [...at, key],
      });
  }
  const command = hook.command;
  if (typeof command !== 'string' || command === '') {
    sink.error(
      command === undefined ? 'missing_key' : 'wrong_type',
      command === undefined
        ? 'a command hook needs "command"; Gemini discards it'
        : `"command" must be a non-empty string, got ${describeValue(command)}; Gemini discards this hook`,
      {
        ...o,
        at: command === undefined ? at : [...at, 'command'],
        part: command === undefined ? 'key' : undefined,
      },
    );
    return null;
  }
  let timeoutMs = GEMINI_DEFAULT_TIMEOUT_MS;
  const timeout = hook.timeout;
  if (timeout !== undefined) {
    const numeric = typeof timeout === 'string' && timeout.trim() !== '' && !Number.isNaN(Number(timeout));
    const ms = typeof timeout === 'number' ? timeout : numeric ? Number(timeout) : NaN;
    if (Number.isNaN(ms)) {
      timeoutMs = 0;
      sink.error(
        'timeout_fires_at_once',
        `expected a number of milliseconds, got ${describeValue(timeout)}; Gemini's timer then fires at once and the hook always times out`,
        { ...o, at: [...at, 'timeout'] },
      );
    } else if (ms <= 0) {
      timeoutMs = 0;
      sink.error(
        'timeout_fires_at_once',
        `a timeout of ${ms} ms fires at once, so the hook always times out; the unit is milliseconds`,
        {
          ...o,
          at: [...at, 'timeout'],
        },
      );
    } else {
      if (numeric)
        sink.warn(
          'wrong_type',
          `the timeout is a string; Gemini reads it as ${ms} ms, write it as a number`,
          {
            ...o,
            at: [...at, 'timeout'],
          },
        );
      else if (ms < 1000)
        sink.warn(
          'timeout_units',
          `${ms} ms is under a second; Gemini's hook timeout is in milliseconds, not seconds`,
          {
            ...o,
            at: [...at, 'timeout'],
          },
        );
      timeoutMs = Math.round(ms);
    }
  }
  let env: Record<string, string> = {};
  if (hook.env !== undefined) {
    if (isPlainObject(hook.env) && Object.values(hook.env).every((v) => typeof v === 'string'))
      env = hook.env as Record<string, string>;
    else
      sink.warn(
        'wrong_type',
        `expected an object of variable names to string values, got ${describeValue(hook.env)}`,
        {
          ...o,
          at: [...at, 'env'],
        },
      );
  }
  return makeRule(
    {
      index,
      name: typeof hook.name === 'string' && hook.name ? hook.name : `${event}[${group}].hooks[${hookIndex}]`,
      events: [event],
      handler: { kind: 'shell', command },
      timeoutMs,
      mode: 'blocking',
      // A hook that fails or times out only warns in Gemini; it never blocks.
      errorPolicy: 'fail-open',
      matcher,
      group,
      hookIndex,
      env,
      description: typeof hook.description === 'string' ? hook.description : null,
    },
    locate(at),
  );
}
