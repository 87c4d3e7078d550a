// The hooks of a Qwen Code settings file, checked the way Qwen Code 0.24.4's HookRegistry reads them
// (docs/agents/qwen.md, "Its files"): an unknown event, a group without a `hooks` list, a hook of an
// unknown type or without its command, url or prompt is dropped; timeouts are seconds, except that 1000
// or more keeps the old meaning of milliseconds; identical hooks on one event and matcher run once.
import type { Handler, Rule } from '../../../../shared/model.js';
import type { DiagnosticSink } from '../../diagnostics/sink.js';
import { hooksInGroups, unknownEventMessage } from '../../diagnostics/unknown-event.js';
import { describeValue, suggest } from '../../diagnostics/zod-issues.js';
import type { KeyPath, Position } from '../../documents/document.js';
import { compiles, stringRecord, isPlainObject, makeRule } from '../rule.js';
import { QWEN_EVENTS } from './events.js';

export interface QwenSettings {
  /** `disableAllHooks`, where the file sets it. */
  disableAllHooks?: boolean;
  /** `security.folderTrust.enabled`, where the file sets it. */
  folderTrust?: boolean;
}

const EVENT_NAMES = QWEN_EVENTS.map((e) => e.name);
const GROUP_KEYS = ['matcher', 'hooks', 'sequential'];
const HOOK_TYPES = ['command', 'http', 'prompt'];
const HOOK_KEYS: Record<string, string[]> = {
  command: ['type', 'command', 'timeout', 'statusMessage', 'shell', 'name', 'description', 'async', 'env'],
  http: ['type', 'url', 'headers', 'allowedEnvVars', 'timeout', 'statusMessage', 'name', 'description'],
  prompt: ['type', 'prompt', 'model', 'timeout', 'statusMessage', 'name', 'description'],
};
const DEFAULT_TIMEOUT_S: Record<string, number> = { command: 60, http: 600, prompt: 30 };
/** Qwen Code reads a timeout of this many or more as milliseconds (its older unit). */
const LEGACY_MS_FROM = 1000;

export function readQwenSettings(
  value: Record<string, unknown>,
  sink: DiagnosticSink,
  locate: (at: KeyPath) => Position | null,
): { rules: Rule[]; settings: QwenSettings } {
  const settings: QwenSettings = {};
  if ('disableAllHooks' in value) {
    if (typeof value.disableAllHooks === 'boolean') settings.disableAllHooks = value.disableAllHooks;
    else
      sink.error('wrong_type', `expected true or false, got ${describeValue(value.disableAllHooks)}`, {
        at: ['disableAllHooks'],
      });
  }
  const security = isPlainObject(value.security) ? value.security : {};
  const folderTrust = isPlainObject(security.folderTrust) ? security.folderTrust.enabled : undefined;
  if (typeof folderTrust === 'boolean') settings.folderTrust = folderTrust;
  const hooks = value.hooks;
  if (hooks === undefined) return { rules: [], settings };
  if (!isPlainObject(hooks)) {
    sink.error('wrong_type', `expected an object keyed by event name, got ${describeValue(hooks)}`, {
      at: ['hooks'],
    });
    return { rules: [], settings };
  }
  const rules: Rule[] = [];
  const seen = new Set<string>();
  for (const [event, groups] of Object.entries(hooks)) {
    const at: KeyPath = ['hooks', event];
    const known = EVENT_NAMES.includes(event);
    if (!known)
      sink.error(
        'unknown_event',
        unknownEventMessage({ agent: 'Qwen Code', event, known: EVENT_NAMES, hooks: hooksInGroups(groups) }),
        { at, part: 'key' },
      );
    if (!Array.isArray(groups)) {
      sink.error(
        'wrong_type',
        `expected a list of matcher groups ({ "matcher": …, "hooks": [ … ] }); Qwen Code skips ${event}, got ${describeValue(groups)}`,
        { at },
      );
      continue;
    }
    groups.forEach((group: unknown, g) => {
      const gAt: KeyPath = [...at, g];
      if (!isPlainObject(group) || !Array.isArray(group.hooks)) {
        sink.error(
          isPlainObject(group) && !('hooks' in group) ? 'missing_key' : 'wrong_type',
          `a matcher group needs a "hooks" list; Qwen Code discards this one`,
          { at: isPlainObject(group) && 'hooks' in group ? [...gAt, 'hooks'] : gAt },
        );
        return;
      }
      for (const key of Object.keys(group))
        if (!GROUP_KEYS.includes(key))
          sink.warn(
            'unknown_key',
            `unknown key "${key}" in a matcher group is ignored${suggest(key, GROUP_KEYS)}`,
            {
              at: [...gAt, key],
              part: 'key',
            },
          );
      let matcher: string | null = null;
      if (typeof group.matcher === 'string') matcher = group.matcher.trim() ? group.matcher : null;
      else if (group.matcher !== undefined && group.matcher !== null) {
        // Qwen Code 0.24.4 trims the matcher with string methods (trimMatcherEdges), which throw on any
        // other type: none of the group's hooks can run, so none is loaded here either.
        sink.error(
          'wrong_type',
          `expected the matcher as text (a tool name or pattern), got ${describeValue(group.matcher)}; Qwen Code cannot match against it, so this group's hooks never run`,
          {
            at: [...gAt, 'matcher'],
          },
        );
        return;
      }
      if (matcher !== null && !compiles(matcher))
        sink.warn(
          'invalid_matcher',
          `"${matcher}" is not a valid regular expression: Qwen Code matches it only as the exact name`,
          {
            at: [...gAt, 'matcher'],
          },
        );
      (group.hooks as unknown[]).forEach((hook, h) => {
        const hAt: KeyPath = [...gAt, 'hooks', h];
        const rule = readHook(hook, hAt, sink);
        if (!rule || !known) return;
        const identity = JSON.stringify([
          event,
          matcher,
          group.sequential ?? null,
          rule.name ?? identityOf(rule.handler),
        ]);
        if (seen.has(identity)) {
          sink.info(
            'duplicate_hook',
            'the same hook is already on this event and matcher: Qwen Code runs it once',
            { at: hAt },
          );
          return;
        }
        seen.add(identity);
        rules.push(
          makeRule(
            {
              index: rules.length,
              name: rule.name ?? `${event}[${g}].hooks[${h}]`,
              events: [event],
              handler: rule.handler,
              timeoutMs: rule.timeoutMs,
              mode: 'blocking',
              // A hook that fails (but exit 2) or times out does not stop Qwen Code.
              errorPolicy: 'fail-open',
              matcher,
              group: g,
              hookIndex: h,
            },
            locate(hAt),
          ),
        );
      });
    });
  }
  return { rules, settings };
}

function readHook(
  hook: unknown,
  at: KeyPath,
  sink: DiagnosticSink,
): { handler: Handler; timeoutMs: number; name: string | null } | null {
  if (!isPlainObject(hook)) {
    sink.error('wrong_type', `expected a hook object, got ${describeValue(hook)}; Qwen Code discards it`, {
      at,
    });
    return null;
  }
  const type = hook.type;
  if (typeof type !== 'string' || !HOOK_TYPES.includes(type)) {
    sink.error(
      type === undefined ? 'missing_key' : 'invalid_value',
      type === 'function'
        ? 'a "function" hook can only be registered through the SDK, not in settings; Qwen Code discards it'
        : `"type" must be one of ${HOOK_TYPES.join(', ')}, got ${describeValue(type)}; Qwen Code discards this hook`,
      { at: type === undefined ? at : [...at, 'type'] },
    );
    return null;
  }
  const field = type === 'command' ? 'command' : type === 'http' ? 'url' : 'prompt';
  const text = hook[field];
  if (typeof text !== 'string' || !text) {
    sink.error(
      text === undefined ? 'missing_key' : 'wrong_type',
      `a ${type} hook needs "${field}" as text; Qwen Code discards this hook`,
      { at: text === undefined ? at : [...at, field] },
    );
    return null;
  }
  for (const key of Object.keys(hook))
    if (!HOOK_KEYS[type]!.includes(key))
      sink.warn(
        'unknown_key',
        `unknown key "${key}" in a ${type} hook is ignored${suggest(key, HOOK_KEYS[type]!)}`,
        {
          at: [...at, key],
          part: 'key',
        },
      );
  const handler: Handler =
    type === 'command'
      ? { kind: 'shell', command: text }
      : type === 'http'
        ? { kind: 'http', url: text, headers: stringRecord(hook.headers) }
        : { kind: 'prompt', prompt: text, model: typeof hook.model === 'string' ? hook.model : null };
  const name = typeof hook.name === 'string' && hook.name ? hook.name : null;
  return { handler, timeoutMs: readTimeout(hook.timeout, type, [...at, 'timeout'], sink), name };
}

/** Seconds, as Qwen Code reads them: not a positive number → its default; 1000 or more → milliseconds. */
function readTimeout(value: unknown, type: string, at: KeyPath, sink: DiagnosticSink): number {
  const fallback = DEFAULT_TIMEOUT_S[type]! * 1000;
  if (value === undefined) return fallback;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) {
    sink.warn(
      'wrong_type',
      `the timeout is not a positive number of seconds (${describeValue(value)}): Qwen Code uses its default of ${DEFAULT_TIMEOUT_S[type]} s`,
      { at },
    );
    return fallback;
  }
  if (n >= LEGACY_MS_FROM) {
    sink.warn(
      'timeout_units',
      `a timeout of ${n} is read as ${n} ms (${n / 1000} s): Qwen Code's timeouts are seconds, but ${LEGACY_MS_FROM} or more keeps the old millisecond meaning`,
      { at },
    );
    return n;
  }
  return n * 1000;
}

function identityOf(handler: Handler): string {
  if (handler.kind === 'shell') return handler.command;
  if (handler.kind === 'http') return handler.url;
  return handler.kind === 'prompt' ? handler.prompt : handler.kind;
}
