// The settings-file hooks schema shared by pw (../shared/seeds/003_c7fb5911eadfcab5.txt) and Claude Code:
// events → matcher groups → hooks.
import type { EventCatalog } from '../../../../shared/events/catalog.js';
import { FAIL_CLOSED_EVENTS, pwDefaultTimeoutSeconds } from './events.js';
import type { Handler, Rule, Source } from '../../../../shared/model.js';
import { DiagnosticSink } from '../../diagnostics/sink.js';
import { describeValue, suggest } from '../../diagnostics/zod-issues.js';
import { hooksInGroups, unknownEventMessage } from '../../diagnostics/unknown-event.js';
import type { KeyPath, ParsedDocument } from '../../documents/document.js';
import type { Candidate, LoadContext, LoadedFile } from '../dialect.js';
import { describeCatalog, mcpCatalog } from '../../../../shared/mcp.js';
import { readServerDefinitions } from '../../mcp/config.js';
import { checkReferences } from '../../mcp/payload-refs.js';
import { isPlainObject, makeRule } from '../rule.js';
import { withProjectScripts } from '../project-scripts.js';

export interface SettingsDialectOptions {
  events: EventCatalog;
  harness: string;
}

const HANDLER_TYPES = ['command', 'http', 'mcp_tool', 'prompt', 'agent'] as const;
type HandlerType = (typeof HANDLER_TYPES)[number];
const FIELDS: Record<HandlerType, string[]> = {
  command: ['command', 'args', 'async', 'timeout'],
  http: ['url', 'headers', 'async', 'timeout'],
  mcp_tool: ['server', 'tool', 'input', 'async', 'timeout'],
  prompt: ['prompt', 'model', 'timeout'],
  agent: ['prompt', 'model', 'timeout'],
};
const IGNORED_FIELDS: Record<string, string> = {
  if: 'so the hook runs on every matched occurrence',
  statusMessage: 'no status message is shown',
  once: 'so the hook runs every time it matches',
  shell: 'command hooks use the default shell (or no shell with args)',
  asyncRewake: 'so an async hook never wakes the agent',
};
export const LLM_TIMEOUT_CAP_SECONDS: Record<string, number> = { prompt: 30, agent: 60 };
export const USER_ONLY_KEYS = ['disableAllHooks', 'allowedEnvVars'];

export function isUserLayer(c: Pick<Candidate, 'layer'>): boolean {
  return c.layer === 'user' || c.layer === 'hosted';
}

export function loadSettingsFile(
  doc: ParsedDocument,
  candidate: Candidate,
  sink: DiagnosticSink,
  opts: SettingsDialectOptions,
  ctx?: LoadContext,
): LoadedFile {
  const value = doc.value;
  if (!isPlainObject(value)) {
    sink.error('wrong_shape', `expected a JSON object with a "hooks" key, got ${describeValue(value)}`);
    return { rules: [], valid: false };
  }
  const settings: Record<string, unknown> = {};
  for (const key of USER_ONLY_KEYS) {
    if (!(key in value)) continue;
    if (!isUserLayer(candidate)) {
      sink.warn(
        'user_only_key',
        `${key} is honoured only from the user layer; in a ${candidate.layer} file it is ignored, so a cloned repository cannot weaken your guards or read your secrets`,
        { at: [key], part: 'key' },
      );
      continue;
    }
    const v = value[key];
    if (key === 'disableAllHooks' && typeof v !== 'boolean')
      sink.error('wrong_type', `expected true or false, got ${describeValue(v)}`, { at: [key] });
    else if (key === 'allowedEnvVars' && !(Array.isArray(v) && v.every((x) => typeof x === 'string')))
      sink.error('wrong_type', `expected a list of variable names, got ${describeValue(v)}`, { at: [key] });
    else settings[key] = v;
  }
  // Any layer may define MCP servers; a project's start only once the file is trusted (mcp/catalog.ts).
  const servers = readServerDefinitions(value.mcpServers, sink);
  if (Object.keys(servers).length) settings.mcpServers = servers;
  const hooks = value.hooks;
  if (hooks === undefined) return { rules: [], valid: true, settings };
  if (!isPlainObject(hooks)) {
    sink.error('wrong_type', `expected an object keyed by event name, got ${describeValue(hooks)}`, {
      at: ['hooks'],
    });
    return { rules: [], valid: false, settings };
  }
  const names = opts.events.map((e) => e.name);
  const rules: Rule[] = [];
  let index = 0;
  for (const [event, groups] of Object.entries(hooks)) {
    const at: KeyPath = ['hooks', event];
    const spec = opts.events.find((e) => e.name === event);
    // An unknown event's hooks are still checked (every error at once), but not loaded: the agent
    // never fires them (pw rejects the event; Claude Code drops it with a warning at startup).
    const loads = spec !== undefined;
    if (!spec) {
      const hooks = hooksInGroups(groups);
      sink.error('unknown_event', unknownEventMessage({ agent: opts.harness, event, known: names, hooks }), {
        at,
        part: 'key',
      });
    }
    if (!Array.isArray(groups)) {
      sink.error(
        'wrong_type',
        `expected a list of matcher groups ({ "matcher": …, "hooks": [ … ] }), got ${describeValue(groups)}`,
        { at },
      );
      continue;
    }
    if (spec?.dormantReason) {
      sink.warn(
        'dormant_event',
        `${event} is dormant: it parses and lists but never fires yet, because it waits on ${spec.dormantReason}`,
        { at, part: 'key' },
      );
    }
    groups.forEach((group, g) => {
      const gAt = [...at, g];
      if (!isPlainObject(group)) {
        sink.error('wrong_type', `expected a matcher group object, got ${describeValue(group)}`, { at: gAt });
        return;
      }
      for (const key of Object.keys(group)) {
        if (key !== 'matcher' && key !== 'hooks')
          sink.warn(
            'unknown_key',
            `unknown key "${key}" in a matcher group is ignored${suggest(key, ['matcher', 'hooks'])}`,
            { at: [...gAt, key], part: 'key' },
          );
      }
      let matcher: string | null = null;
      let groupLoads = loads;
      if (group.matcher !== undefined) {
        if (typeof group.matcher !== 'string') {
          sink.error('wrong_type', `expected a string, got ${describeValue(group.matcher)}`, {
            at: [...gAt, 'matcher'],
          });
          // The group's hooks are still checked, but a group without a usable matcher loads none.
          groupLoads = false;
        } else matcher = group.matcher === '' || group.matcher === '*' ? null : group.matcher;
        if (matcher !== null && spec && spec.matcherField === null) {
          sink.warn(
            'matcher_ignored',
            `${event} has no matcher field, so matcher "${matcher}" is ignored and the group runs for every occurrence`,
            { at: [...gAt, 'matcher'] },
          );
          matcher = null;
        }
      }
      if (!Array.isArray(group.hooks)) {
        sink.error(
          group.hooks === undefined ? 'missing_key' : 'wrong_type',
          `expected a list of hook definitions, got ${describeValue(group.hooks)}`,
          { at: group.hooks === undefined ? gAt : [...gAt, 'hooks'] },
        );
        return;
      }
      group.hooks.forEach((def, h) => {
        const hAt = [...gAt, 'hooks', h];
        const rule = loadHook(def, hAt, index, event, g, h, matcher, spec?.dormantReason ?? null);
        if (rule && groupLoads) rules.push(rule);
        index++;
      });
    });
  }
  // A project's hooks run the project's scripts: trust covers their bytes too.
  return withProjectScripts({ rules, valid: true, settings }, candidate, ctx);

  function loadHook(
    def: unknown,
    at: KeyPath,
    index: number,
    event: string,
    group: number,
    hookIndex: number,
    matcher: string | null,
    dormantReason: string | null,
  ): Rule | null {
    const o = { ruleIndex: index };
    const mark = sink.list.length;
    if (!isPlainObject(def)) {
      sink.error('wrong_type', `expected a hook definition object, got ${describeValue(def)}`, { ...o, at });
      return null;
    }
    const type = def.type ?? 'command';
    if (typeof type !== 'string' || !(HANDLER_TYPES as readonly string[]).includes(type)) {
      sink.error(
        'invalid_value',
        `must be one of ${HANDLER_TYPES.join(', ')}, got ${describeValue(type)}${typeof type === 'string' ? suggest(type, HANDLER_TYPES) : ''}`,
        { ...o, at: [...at, 'type'] },
      );
      return null;
    }
    const t = type as HandlerType;
    for (const key of Object.keys(def)) {
      if (key === 'type' || FIELDS[t].includes(key)) continue;
      if (IGNORED_FIELDS[key])
        sink.warn(
          'ignored_field',
          `"${key}" is accepted but not implemented and is ignored, ${IGNORED_FIELDS[key]}`,
          { ...o, at: [...at, key], part: 'key' },
        );
      else
        sink.warn(
          'unknown_key',
          `unknown key "${key}" for a ${t} hook is ignored${suggest(key, FIELDS[t])}; ${t} hooks take ${FIELDS[t].join(', ')}`,
          { ...o, at: [...at, key], part: 'key' },
        );
    }
    const str = (key: string, required: boolean): string | null => {
      const v = def[key];
      if (v === undefined) {
        if (required) sink.error('missing_key', `a ${t} hook needs "${key}"`, { ...o, at, part: 'key' });
        return null;
      }
      if (typeof v !== 'string' || (required && v.trim() === '')) {
        sink.error(
          typeof v === 'string' ? 'empty_value' : 'wrong_type',
          typeof v === 'string' ? `"${key}" must not be empty` : `expected a string, got ${describeValue(v)}`,
          { ...o, at: [...at, key] },
        );
        return null;
      }
      return v;
    };
    if (def.async !== undefined && typeof def.async !== 'boolean')
      sink.error('wrong_type', `expected true or false, got ${describeValue(def.async)}`, {
        ...o,
        at: [...at, 'async'],
      });
    let timeoutSeconds = pwDefaultTimeoutSeconds(event);
    if (def.timeout !== undefined) {
      if (typeof def.timeout !== 'number' || !(def.timeout > 0))
        sink.error('wrong_type', `expected a positive number of seconds, got ${describeValue(def.timeout)}`, {
          ...o,
          at: [...at, 'timeout'],
        });
      else timeoutSeconds = def.timeout;
    }
    const cap = LLM_TIMEOUT_CAP_SECONDS[t];
    if (cap !== undefined) {
      const limit = Math.min(cap, pwDefaultTimeoutSeconds(event));
      if (def.timeout !== undefined && timeoutSeconds > limit)
        sink.warn(
          'timeout_capped',
          `${t} hooks are capped at ${limit} s on ${event}; this one runs with ${limit} s`,
          { ...o, at: [...at, 'timeout'] },
        );
      timeoutSeconds = Math.min(timeoutSeconds, limit);
    }

    let handler: Handler | null = null;
    if (t === 'command') {
      const command = str('command', true);
      const args = def.args;
      if (args !== undefined && !(Array.isArray(args) && args.every((a) => typeof a === 'string'))) {
        sink.error(
          'wrong_type',
          `expected a list of strings (exec form, no shell), got ${describeValue(args)}`,
          { ...o, at: [...at, 'args'] },
        );
      } else if (command !== null) {
        handler = Array.isArray(args)
          ? { kind: 'exec', argv: [command, ...(args as string[])] }
          : { kind: 'shell', command };
      }
    } else if (t === 'http') {
      const url = str('url', true);
      const headers = def.headers ?? {};
      if (!isPlainObject(headers) || !Object.values(headers).every((v) => typeof v === 'string')) {
        sink.error(
          'wrong_type',
          `expected an object of header names to string values, got ${describeValue(headers)}`,
          { ...o, at: [...at, 'headers'] },
        );
      } else if (url !== null) {
        let parsed: URL | null = null;
        try {
          parsed = new URL(url);
        } catch {
          sink.error('invalid_url', `"${url}" is not an absolute URL (e.g. https://example.com/hook)`, {
            ...o,
            at: [...at, 'url'],
          });
        }
        if (parsed && parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
          sink.error('invalid_url', `only http and https URLs can be posted to, got ${parsed.protocol}`, {
            ...o,
            at: [...at, 'url'],
          });
        else if (parsed) handler = { kind: 'http', url, headers: headers as Record<string, string> };
      }
    } else if (t === 'mcp_tool') {
      const server = str('server', true);
      const tool = str('tool', true);
      if (def.input !== undefined && !isPlainObject(def.input))
        sink.error('wrong_type', `expected an object of tool arguments, got ${describeValue(def.input)}`, {
          ...o,
          at: [...at, 'input'],
        });
      for (const p of isPlainObject(def.input) ? checkReferences(def.input) : [])
        sink.error('bad_reference', p.message, { ...o, at: [...at, 'input', ...p.at] });
      if (server !== null && tool !== null)
        handler = { kind: 'mcp_tool', server, tool, input: def.input ?? {} };
    } else {
      const prompt = str('prompt', true);
      const model = str('model', false);
      if (prompt !== null) handler = { kind: t, prompt, model };
    }
    if (sink.errorsSince(mark) > 0 || handler === null) return null;
    const isAsync = def.async === true;
    const llm = t === 'prompt' || t === 'agent';
    return makeRule(
      {
        index,
        name: `${event}[${group}].hooks[${hookIndex}]`,
        events: [event],
        handler,
        timeoutMs: Math.round(timeoutSeconds * 1000),
        mode: isAsync ? 'fire_and_forget' : 'blocking',
        errorPolicy: llm && FAIL_CLOSED_EVENTS.has(event) ? 'fail-closed' : 'fail-open',
        matcher,
        group,
        hookIndex,
        dormant: dormantReason !== null,
        dormantReason: dormantReason ? `never fires yet: waits on ${dormantReason}` : null,
      },
      doc.locate(at),
    );
  }
}

/**
 * Rules across files: user-layer `disableAllHooks` and `allowedEnvVars` (http headers), and every
 * mcp_tool hook's server against the servers the dialect's files define.
 */
export function combineSettingsSources(sources: Source[], serverSources: Source[]): void {
  const catalog = mcpCatalog(serverSources);
  const user = sources.filter((s) => isUserLayer(s) && (s.state === 'active' || s.state === 'disabled'));
  const disabledBy = user.find((s) => s.settings.disableAllHooks === true);
  const allowed = new Set(
    user.flatMap((s) =>
      Array.isArray(s.settings.allowedEnvVars) ? (s.settings.allowedEnvVars as string[]) : [],
    ),
  );
  for (const s of sources) {
    if (disabledBy && (s.state === 'active' || s.state === 'untrusted')) {
      s.state = 'disabled';
      const sink = new DiagnosticSink(s.path);
      sink.info('all_hooks_disabled', `every hook is off: disableAllHooks is true in ${disabledBy.path}`);
      s.diagnostics.unshift(...sink.list);
    }
    for (const rule of s.rules) {
      const position = rule.line ? { line: rule.line, column: rule.column ?? 1 } : null;
      if (rule.handler.kind === 'mcp_tool' && !catalog.has(rule.handler.server)) {
        const sink = new DiagnosticSink(s.path);
        sink.error(
          'unknown_server',
          `${rule.name} calls MCP server "${rule.handler.server}", which no file defines${suggest(rule.handler.server, [...catalog.keys()])}, so the hook fails when it runs; ${describeCatalog(catalog)}`,
          { ruleIndex: rule.index, position },
        );
        s.diagnostics.push(...sink.list);
      }
      if (rule.handler.kind !== 'http') continue;
      for (const [name, value] of Object.entries(rule.handler.headers)) {
        for (const [, a, b] of value.matchAll(/\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/g)) {
          const variable = (a ?? b)!;
          if (allowed.has(variable)) continue;
          const sink = new DiagnosticSink(s.path);
          sink.error(
            'env_var_not_allowed',
            `header "${name}" uses $${variable}, which is not in allowedEnvVars of a user-layer file; add it there or the hook fails instead of sending an empty value`,
            {
              ruleIndex: rule.index,
              position,
            },
          );
          s.diagnostics.push(...sink.list);
        }
      }
    }
  }
}
