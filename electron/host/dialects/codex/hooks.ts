// Codex's hooks map (`hooks` in hooks.json, `[hooks]` in config.toml) checked with Codex's own rules.
// Codex reads it with serde, strictly: one wrong type anywhere and it skips the whole hooks.json (or
// refuses to start, for config.toml); some other mistakes only drop a group or a hook, and unknown
// events and keys are ignored without a word. Each problem says which of these Codex does.
import type { Handler, Rule } from '../../../../shared/model.js';
import type { DiagnosticSink } from '../../diagnostics/sink.js';
import { hooksInGroups, unknownEventMessage } from '../../diagnostics/unknown-event.js';
import { describeValue, suggest } from '../../diagnostics/zod-issues.js';
import type { KeyPath, Position } from '../../documents/document.js';
import { isPlainObject, makeRule } from '../rule.js';
import { CODEX_EVENT_RULES, type CodexEventRules } from './events.js';

export type CodexFileKind = 'hooks.json' | 'config.toml';

export interface CodexHooksContext {
  sink: DiagnosticSink;
  locate(at: KeyPath): Position | null;
  kind: CodexFileKind;
  /** Hookpanel's own hooks/codex.json: Codex's schema, but Hookpanel runs it. */
  hosted?: boolean;
}

/** What happens to the whole file when Codex's parser rejects part of it. */
export function wholeFileConsequence(ctx: Pick<CodexHooksContext, 'kind' | 'hosted'>): string {
  if (ctx.hosted) return 'Hookpanel rejects this whole file, as Codex would';
  return ctx.kind === 'hooks.json'
    ? 'Codex skips this whole hooks.json (it does not parse for Codex)'
    : 'Codex refuses to start while config.toml has this error';
}

export interface CodexHooksResult {
  rules: Rule[];
  /** Problems that make Codex drop the whole file (hooks.json) or refuse to start (config.toml). */
  fatal: number;
}

const HANDLER_TYPES = ['command', 'mcp_tool', 'prompt', 'agent'] as const;
const FIELDS: Record<'command' | 'mcp_tool', string[]> = {
  command: ['command', 'commandWindows', 'timeout', 'async', 'statusMessage', 'additionalContextLimit'],
  mcp_tool: ['server', 'tool', 'input', 'timeout', 'statusMessage'],
};
/** serde's u64: whole numbers below 2^64. */
const U64_LIMIT = 2 ** 64;

/** Codex reads matchers as "all" ("" or "*"), exact names (letters, digits, _ and |), or a Rust regex. */
export function codexMatcherKind(matcher: string): 'all' | 'exact' | 'regex' {
  if (matcher === '' || matcher === '*') return 'all';
  return /^[A-Za-z0-9_|]+$/.test(matcher) ? 'exact' : 'regex';
}

/** Why Codex's regex engine (Rust's regex crate) rejects a pattern, or null. */
export function codexRegexProblem(pattern: string): string | null {
  if (/\(\?<?[=!]/.test(pattern))
    return 'look-around, including look-ahead and look-behind, is not supported';
  if (/\\[1-9]/.test(pattern)) return 'backreferences are not supported';
  try {
    new RegExp(pattern, 'u');
    return null;
  } catch (e) {
    return (e as Error).message.replace(/^Invalid regular expression: \/.*\/\w*: /s, '');
  }
}

export function readCodexHooks(hooks: unknown, at: KeyPath, ctx: CodexHooksContext): CodexHooksResult {
  const { sink } = ctx;
  const rules: Rule[] = [];
  let fatal = 0;
  const whole = wholeFileConsequence(ctx);
  const fail = (
    code: string,
    message: string,
    where: KeyPath,
    ruleIndex: number | null = null,
    part?: 'key',
  ) => {
    sink.error(code, `${message}; ${whole}`, { at: where, ruleIndex, part });
    fatal++;
  };
  const typed = (
    v: unknown,
    ok: boolean,
    expected: string,
    where: KeyPath,
    ruleIndex: number | null = null,
  ) => {
    if (!ok) fail('wrong_type', `expected ${expected}, got ${describeValue(v)}`, where, ruleIndex);
    return ok;
  };

  if (Array.isArray(hooks) && ctx.kind === 'hooks.json') {
    sink.warn(
      'empty_list',
      `"hooks" is a list; Codex reads a list here as no hooks at all (expected an object keyed by event name)`,
      { at },
    );
    return { rules, fatal };
  }
  if (!isPlainObject(hooks)) {
    fail('wrong_type', `expected an object keyed by event name, got ${describeValue(hooks)}`, at);
    return { rules, fatal };
  }

  const names = Object.keys(CODEX_EVENT_RULES);
  let index = 0;
  for (const [event, groups] of Object.entries(hooks)) {
    const eAt = [...at, event];
    if (ctx.kind === 'config.toml' && event === 'state') {
      checkState(groups, eAt, fail, typed);
      continue;
    }
    const spec = CODEX_EVENT_RULES[event];
    if (!spec) {
      // Codex drops an event it does not know without a word; the hooks under it are lost all the same.
      sink.error(
        'unknown_event',
        unknownEventMessage({ agent: 'Codex', event, known: names, hooks: hooksInGroups(groups) }),
        { at: eAt, part: 'key' },
      );
      continue;
    }
    if (
      !typed(
        groups,
        Array.isArray(groups),
        'a list of matcher groups ({ "matcher": …, "hooks": [ … ] })',
        eAt,
      )
    )
      continue;
    (groups as unknown[]).forEach((group, g) => {
      const gAt = [...eAt, g];
      if (!typed(group, isPlainObject(group), 'a matcher group object', gAt)) return;
      const grp = group as Record<string, unknown>;
      for (const key of Object.keys(grp)) {
        if (key !== 'matcher' && key !== 'hooks')
          sink.warn(
            'unknown_key',
            `unknown key "${key}" in a matcher group; Codex ignores it${suggest(key, ['matcher', 'hooks'])}`,
            { at: [...gAt, key], part: 'key' },
          );
      }
      const matcher = readMatcher(grp.matcher, [...gAt, 'matcher'], event, spec);
      let defs: unknown[] = [];
      if (grp.hooks === undefined) {
        sink.warn('no_hooks', 'this matcher group has no "hooks" list, so it runs nothing', { at: gAt });
      } else if (
        typed(grp.hooks, Array.isArray(grp.hooks), 'a list of hook definitions', [...gAt, 'hooks'])
      ) {
        defs = grp.hooks as unknown[];
      }
      defs.forEach((def, h) => {
        const rule = readHandler(def, [...gAt, 'hooks', h], index, event, spec, g, h, matcher);
        if (rule) rules.push(rule);
        index++;
      });
    });
  }
  return { rules, fatal };

  /** The matcher a rule keeps: null = every occurrence; undefined = the group is dropped by Codex. */
  function readMatcher(
    value: unknown,
    mAt: KeyPath,
    event: string,
    spec: CodexEventRules,
  ): string | null | undefined {
    if (value === undefined || value === null) return null;
    if (!typed(value, typeof value === 'string', 'a string', mAt)) return null;
    const m = value as string;
    if (!spec.matcher) {
      if (m !== '' && m !== '*')
        sink.warn(
          'matcher_ignored',
          `Codex ignores matchers on ${event}, so this group runs on every ${event}`,
          { at: mAt },
        );
      return null;
    }
    const kind = codexMatcherKind(m);
    if (kind === 'all') return null;
    if (kind === 'regex') {
      const problem = codexRegexProblem(m);
      if (problem) {
        sink.error(
          'invalid_matcher',
          `"${m}" is not a regular expression Codex can use (${problem}); Codex skips this whole group with a warning`,
          { at: mAt },
        );
        return undefined;
      }
    }
    return m;
  }

  function readHandler(
    def: unknown,
    hAt: KeyPath,
    ruleIndex: number,
    event: string,
    spec: CodexEventRules,
    group: number,
    hookIndex: number,
    matcher: string | null | undefined,
  ): Rule | null {
    const before = fatal;
    if (!typed(def, isPlainObject(def), 'a hook definition object', hAt, ruleIndex)) return null;
    const d = def as Record<string, unknown>;
    const type = d.type;
    if (type === undefined) {
      fail('missing_key', 'a hook needs "type" (command or mcp_tool)', hAt, ruleIndex, 'key');
      return null;
    }
    if (typeof type !== 'string' || !(HANDLER_TYPES as readonly string[]).includes(type)) {
      fail(
        'invalid_value',
        `"type" must be one of ${HANDLER_TYPES.join(', ')}, got ${describeValue(type)}${typeof type === 'string' ? suggest(type, HANDLER_TYPES) : ''}`,
        [...hAt, 'type'],
        ruleIndex,
      );
      return null;
    }
    if (type === 'prompt' || type === 'agent') {
      sink.warn('unsupported_handler', `Codex skips ${type} hooks (not supported yet) with a warning`, {
        at: [...hAt, 'type'],
        ruleIndex,
      });
      return null;
    }
    const t = type as 'command' | 'mcp_tool';
    for (const key of Object.keys(d)) {
      if (key === 'type' || FIELDS[t].includes(key)) continue;
      sink.warn(
        'unknown_key',
        `unknown key "${key}" for a ${t} hook; Codex ignores it${suggest(key, FIELDS[t])}; ${t} hooks take ${FIELDS[t].join(', ')}`,
        { at: [...hAt, key], part: 'key', ruleIndex },
      );
    }
    const str = (key: string, required: boolean): string | null => {
      const v = d[key];
      if (v === undefined) {
        if (required) fail('missing_key', `a ${t} hook needs "${key}"`, hAt, ruleIndex, 'key');
        return null;
      }
      return typed(v, typeof v === 'string', 'a string', [...hAt, key], ruleIndex) ? (v as string) : null;
    };
    const u64 = (key: string): number | null => {
      const v = d[key];
      if (v === undefined || v === null) return null;
      const ok = typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < U64_LIMIT;
      return typed(v, ok, 'a whole number of 0 or more (no fraction, no quotes)', [...hAt, key], ruleIndex)
        ? (v as number)
        : null;
    };
    const timeout = u64('timeout');
    str('statusMessage', false);
    let handler: Handler | null = null;
    let isAsync = false;
    if (t === 'command') {
      const command = str('command', true);
      const windows = str('commandWindows', false);
      if (d.async !== undefined && d.async !== null)
        isAsync = typed(d.async, typeof d.async === 'boolean', 'true or false', [...hAt, 'async'], ruleIndex)
          ? (d.async as boolean)
          : false;
      const limit = u64('additionalContextLimit');
      if (fatal > before) return null;
      if (limit !== null && !spec.additionalContext)
        sink.warn(
          'ignored_field',
          `Codex ignores additionalContextLimit on ${event}: this event cannot add context`,
          { at: [...hAt, 'additionalContextLimit'], ruleIndex },
        );
      if (isAsync && !spec.asyncAllowed) {
        sink.warn('async_ignored', `Codex runs async ${event} hooks synchronously`, {
          at: [...hAt, 'async'],
          ruleIndex,
        });
        isAsync = false;
      }
      if (windows !== null && command !== null && process.platform === 'win32') handler = shell(windows);
      else if (command !== null) {
        if (command.trim() === '') {
          sink.warn('empty_value', 'the command is empty; Codex skips this hook with a warning', {
            at: [...hAt, 'command'],
            ruleIndex,
          });
          return null;
        }
        handler = shell(command);
      }
    } else {
      const server = str('server', true);
      const tool = str('tool', true);
      if (d.input !== undefined)
        typed(d.input, isPlainObject(d.input), 'an object of tool arguments', [...hAt, 'input'], ruleIndex);
      if (fatal > before || server === null || tool === null) return null;
      if (server.trim() === '' || tool.trim() === '') {
        sink.warn('empty_value', 'server and tool must not be empty; Codex skips this hook with a warning', {
          at: hAt,
          ruleIndex,
        });
        return null;
      }
      handler = { kind: 'mcp_tool', server, tool, input: d.input ?? {} };
    }
    if (fatal > before || handler === null || matcher === undefined) return null;

    let seconds = timeout ?? spec.defaultTimeoutSec;
    if (timeout === 0) {
      sink.warn('timeout_raised', 'a timeout of 0 is raised to Codex\u2019s minimum of 1 s', {
        at: [...hAt, 'timeout'],
        ruleIndex,
      });
      seconds = 1;
    }
    if (spec.maxTimeoutSec !== null && seconds > spec.maxTimeoutSec) {
      sink.warn(
        'timeout_capped',
        `Codex caps ${event} hooks at ${spec.maxTimeoutSec} s; this one runs with ${spec.maxTimeoutSec} s`,
        { at: [...hAt, 'timeout'], ruleIndex },
      );
      seconds = spec.maxTimeoutSec;
    }
    return makeRule(
      {
        index: ruleIndex,
        name: `${event}[${group}].hooks[${hookIndex}]`,
        events: [event],
        handler,
        timeoutMs: seconds * 1000,
        mode: isAsync ? 'async' : 'blocking',
        // A hook that fails, times out or answers badly never blocks in Codex.
        errorPolicy: 'fail-open',
        matcher,
        group,
        hookIndex,
        description: typeof d.statusMessage === 'string' ? d.statusMessage : null,
      },
      ctx.locate(hAt),
    );
  }
}

function shell(command: string): Handler {
  return { kind: 'shell', command };
}

/** `[hooks.state."<key>"]` in config.toml: Codex's own trust and on/off records. */
function checkState(
  state: unknown,
  at: KeyPath,
  fail: (code: string, message: string, where: KeyPath) => void,
  typed: (v: unknown, ok: boolean, expected: string, where: KeyPath) => boolean,
): void {
  if (!isPlainObject(state)) {
    fail(
      'wrong_type',
      `expected a table of hook states keyed by "<file>:<event>:<group>:<index>", got ${describeValue(state)}`,
      at,
    );
    return;
  }
  for (const [key, entry] of Object.entries(state)) {
    if (!typed(entry, isPlainObject(entry), 'a table with trusted_hash and/or enabled', [...at, key]))
      continue;
    const e = entry as Record<string, unknown>;
    if (e.trusted_hash !== undefined)
      typed(e.trusted_hash, typeof e.trusted_hash === 'string', 'a string', [...at, key, 'trusted_hash']);
    if (e.enabled !== undefined)
      typed(e.enabled, typeof e.enabled === 'boolean', 'true or false', [...at, key, 'enabled']);
  }
}
