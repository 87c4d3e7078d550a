// codex: OpenAI Codex CLI's own hook files (inspected: Codex runs them itself) and Hookpanel's hosted
// hooks/codex.json in Codex's schema, which the engine runs with Codex's semantics (runtime.ts).
// Facts and their sources: docs/agents/codex.md.
import { join } from 'node:path';
import type { Source } from '../../../../shared/model.js';
import { DiagnosticSink } from '../../diagnostics/sink.js';
import { describeValue } from '../../diagnostics/zod-issues.js';
import type { KeyPath, ParsedDocument } from '../../documents/document.js';
import { hostedCandidate, inspectedCandidate } from '../../agents/candidates.js';
import type { HostEnv } from '../../paths.js';
import { defineDialect, type Candidate, type LoadContext, type LoadedFile } from '../dialect.js';
import { withProjectScripts } from '../project-scripts.js';
import { isPlainObject, noteOnSource } from '../rule.js';
import { CODEX_EVENT_RULES, CODEX_EVENTS } from './events.js';
import { readCodexHooks, wholeFileConsequence, type CodexHooksContext } from './hooks.js';
import { manifest } from './manifest.js';
import { codexRuntime } from './runtime.js';
import { parseCodexToml } from './toml-positions.js';

export { CODEX_EVENTS, CODEX_EVENT_RULES, parseCodexToml };
export const CODEX_LABEL = manifest.label;

export default defineDialect(manifest, {
  runtime: codexRuntime,
  formatOf: (path) => (path.endsWith('.toml') ? 'toml' : 'json'),
  parse: (text, format) => (format === 'toml' ? parseCodexToml(text) : null),
  locate: locateCodexFiles,
  // A project's hooks run the project's scripts (`python3 .codex/guard.py`, in the session's folder):
  // Hookpanel's trust covers their bytes too, where Codex's own hash covers only the hook's definition.
  load: (doc, candidate, sink, ctx) =>
    withProjectScripts(loadCodexFile(doc, candidate, sink), candidate, ctx),
  combine: (sources, ctx) => combineCodexSources(sources, ctx),
});

/** `$CODEX_HOME`, else `~/.codex`. */
export function codexHome(host: HostEnv): string {
  return host.env.CODEX_HOME || join(host.home, '.codex');
}

/**
 * Every file Codex reads hooks from, lowest precedence first (Codex runs the hooks of all of them):
 * the system layer (Unix), the user layer in Codex's home, the project's `.codex/` (loaded by Codex
 * only in a project trusted in the user's config.toml), each as hooks.json and as `[hooks]` in
 * config.toml; plus Hookpanel's hosted file.
 */
export function locateCodexFiles(ctx: LoadContext): Candidate[] {
  const at = (path: string, layer: string, priority: number, projectScoped = false): Candidate =>
    inspectedCandidate(path, layer, priority, projectScoped, path.endsWith('.toml') ? 'toml' : 'json');
  const out: Candidate[] = [hostedCandidate(ctx.host, manifest.id)];
  if (ctx.host.platform !== 'win32') {
    out.push(at('/etc/codex/hooks.json', 'system', 1), at('/etc/codex/config.toml', 'system', 2));
  }
  const home = codexHome(ctx.host);
  out.push(at(join(home, 'hooks.json'), 'user', 3), at(join(home, 'config.toml'), 'user', 4));
  if (ctx.workspace) {
    out.push(
      at(join(ctx.workspace, '.codex', 'hooks.json'), 'project', 5, true),
      at(join(ctx.workspace, '.codex', 'config.toml'), 'project', 6, true),
    );
  }
  return out;
}

/** What a Codex config.toml says beyond its hooks, for the rules that span files. */
export interface CodexConfigSettings {
  /** `[features] hooks` (or the older `codex_hooks`): false turns every hook off. */
  hooksFeature?: boolean;
  /** `[hooks.state."<key>"]`: Codex's per-hook trust and on/off records. */
  hookStates?: Record<string, { enabled?: boolean; trusted_hash?: string }>;
  /** `[projects."<path>"] trust_level`. */
  projectTrust?: Record<string, string>;
}

/** Checks one Codex file (hooks.json or config.toml) with Codex's own rules. */
export function loadCodexFile(doc: ParsedDocument, candidate: Candidate, sink: DiagnosticSink): LoadedFile {
  const kind = candidate.format === 'toml' ? 'config.toml' : 'hooks.json';
  const ctx: CodexHooksContext = {
    sink,
    kind,
    hosted: candidate.role === 'hosted',
    locate: (at: KeyPath) => doc.locate(at),
  };
  const value = doc.value;
  if (kind === 'config.toml') {
    if (!isPlainObject(value)) return { rules: [], valid: false };
    const settings = configSettings(value);
    if (value.hooks === undefined) return { rules: [], valid: true, settings: { ...settings } };
    const read = readCodexHooks(value.hooks, ['hooks'], ctx);
    return { rules: read.rules, valid: read.fatal === 0, settings: { ...settings } };
  }
  const whole = wholeFileConsequence(ctx);
  if (Array.isArray(value) && value.length === 0) {
    sink.warn('empty_list', 'the file is an empty list; Codex reads it as no hooks at all');
    return { rules: [], valid: true };
  }
  if (!isPlainObject(value)) {
    sink.error(
      'wrong_shape',
      `expected a JSON object with a "hooks" key, got ${describeValue(value)}; ${whole}`,
    );
    return { rules: [], valid: false };
  }
  let fatal = 0;
  for (const key of Object.keys(value)) {
    if (key === 'hooks' || key === 'description') continue;
    sink.error(
      'unknown_key',
      `unknown key "${key}": Codex allows only "description" and "hooks" here; ${whole}`,
      {
        at: [key],
        part: 'key',
      },
    );
    fatal++;
  }
  if (value.description !== undefined && typeof value.description !== 'string') {
    sink.error('wrong_type', `expected a string, got ${describeValue(value.description)}; ${whole}`, {
      at: ['description'],
    });
    fatal++;
  }
  // serde rejects a repeated field anywhere but inside a free-form map (an mcp_tool's input).
  for (const w of doc.parseWarnings) {
    if (w.path.includes('input')) continue;
    sink.error('duplicate_key', `${w.message.replace(/: only the last one counts$/, '')}; ${whole}`, {
      position: w.position ?? doc.locate(w.path, 'key'),
    });
    fatal++;
  }
  if (value.hooks === undefined) return { rules: [], valid: fatal === 0 };
  const read = readCodexHooks(value.hooks, ['hooks'], ctx);
  return { rules: read.rules, valid: fatal + read.fatal === 0 };
}

/** The `hooks.state` key Codex keeps a hook's trust under: `<source file>:<event_label>:<group>:<index>`. */
export function codexHookKey(sourcePath: string, event: string, group: number, index: number): string {
  const rules = CODEX_EVENT_RULES[event];
  if (!rules) throw new Error(`"${event}" is not a Codex hook event`);
  return `${sourcePath}:${rules.label}:${group}:${index}`;
}

function configSettings(value: Record<string, unknown>): CodexConfigSettings {
  const out: CodexConfigSettings = {};
  const features = value.features;
  if (isPlainObject(features)) {
    const flag = features.hooks ?? features.codex_hooks;
    if (typeof flag === 'boolean') out.hooksFeature = flag;
  }
  const hooks = value.hooks;
  if (isPlainObject(hooks) && isPlainObject(hooks.state)) {
    out.hookStates = {};
    for (const [key, s] of Object.entries(hooks.state)) {
      if (!isPlainObject(s)) continue;
      out.hookStates[key] = {
        ...(typeof s.enabled === 'boolean' ? { enabled: s.enabled } : {}),
        ...(typeof s.trusted_hash === 'string' ? { trusted_hash: s.trusted_hash } : {}),
      };
    }
  }
  if (isPlainObject(value.projects)) {
    out.projectTrust = {};
    for (const [path, p] of Object.entries(value.projects)) {
      if (isPlainObject(p) && typeof p.trust_level === 'string') out.projectTrust[path] = p.trust_level;
    }
  }
  return out;
}

/**
 * Rules across Codex's files: `[features] hooks = false` turns every hook off; a hook switched off in
 * `hooks.state` is disabled; project files of a project Codex does not trust are never loaded by
 * Codex; hooks.json beside `[hooks]` in one layer makes Codex warn. Trust per hook comes from Codex
 * itself (app-server.ts), never from a hash computed here.
 */
export function combineCodexSources(sources: Source[], ctx: LoadContext): void {
  const inspected = sources.filter((s) => s.role === 'inspected');
  const configs = inspected.filter((s) => s.path.endsWith('config.toml') && s.state !== 'absent');
  const settingsOf = (s: Source) => s.settings as CodexConfigSettings;
  const user = configs.find((s) => s.layer === 'user');
  const off = configs.filter((s) => s.layer !== 'project').find((s) => settingsOf(s).hooksFeature === false);
  const states = { ...(user ? settingsOf(user).hookStates : {}) };
  for (const s of inspected) {
    const note = (severity: 'info' | 'warning', code: string, message: string, ruleIndex?: number) =>
      noteOnSource(s, severity, code, message, ruleIndex);
    if (s.state === 'absent') continue;
    if (off && s.state === 'active') {
      s.state = 'disabled';
      note('info', 'hooks_off', `Codex runs no hooks: [features] hooks = false in ${off.path}`);
    }
    for (const rule of s.rules) {
      if (rule.group === null || rule.hookIndex === null) continue;
      const key = codexHookKey(s.path, rule.events[0]!, rule.group, rule.hookIndex);
      if (states[key]?.enabled === false) {
        rule.enabled = false;
        note(
          'info',
          'hook_disabled',
          `${rule.name} is switched off in Codex (hooks.state in ${user!.path})`,
          rule.index,
        );
      }
    }
    if (s.layer === 'project' && ctx.workspace) {
      const level = user ? settingsOf(user).projectTrust?.[ctx.workspace] : undefined;
      if (level !== 'trusted' && s.rules.length)
        note(
          'warning',
          'project_not_trusted',
          `Codex does not load this file: the project is not trusted in Codex (${user?.path ?? join(codexHome(ctx.host), 'config.toml')} has no [projects."${ctx.workspace}"] trust_level = "trusted"), so none of its hooks run`,
        );
    }
  }
  for (const layer of new Set(inspected.map((s) => s.layer))) {
    const both = inspected.filter((s) => s.layer === layer && s.rules.length > 0);
    if (both.length > 1)
      for (const s of both) {
        const sink = new DiagnosticSink(s.path);
        sink.warn(
          'two_representations',
          `Codex loads hooks from both ${both.map((b) => b.path).join(' and ')} and warns at start; prefer one of them per layer`,
        );
        s.diagnostics.push(...sink.list);
      }
  }
}
