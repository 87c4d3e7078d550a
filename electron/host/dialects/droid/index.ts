// droid: Factory Droid's own hook files (inspected: Droid runs them itself) and Hookpanel's hosted
// hooks/droid.json in the settings.json form, which the engine runs with Droid's semantics (runtime.ts).
// Facts and their sources: docs/agents/droid.md.
import { basename, join, resolve } from 'node:path';
import type { Source } from '../../../../shared/model.js';
import { hostedCandidate, inspectedCandidate } from '../../agents/candidates.js';
import { describeValue } from '../../diagnostics/zod-issues.js';
import { parseJsonDocument } from '../../documents/json.js';
import type { HostEnv } from '../../paths.js';
import { defineDialect, type Candidate, type LoadContext } from '../dialect.js';
import { switchOffInspected } from '../hooks-off.js';
import { isPlainObject } from '../rule.js';
import { manifest } from './manifest.js';
import { droidRuntime } from './runtime.js';
import { readDroidHooks, type DroidHookSettings } from './settings.js';

export default defineDialect(manifest, {
  runtime: droidRuntime,
  formatOf: () => 'json',
  // Droid reads its files as JSON with comments.
  parse: (text) => parseJsonDocument(text, { comments: true }),
  locate: locateDroidFiles,
  load(doc, candidate, sink) {
    if (!isPlainObject(doc.value)) {
      sink.error('wrong_shape', `expected a JSON object, got ${describeValue(doc.value)}`);
      return { rules: [], valid: false };
    }
    // hooks.json holds the hooks object itself; settings.json (and the hosted file) under `hooks`.
    const bare = isHooksFile(candidate.path);
    const value = bare ? doc.value : doc.value.hooks;
    if (value === undefined) return { rules: [], valid: true, settings: { events: [], ignored: false } };
    const read = readDroidHooks(value, bare ? [] : ['hooks'], sink, (at) => doc.locate(at));
    return { rules: read.rules, valid: !read.settings.ignored, settings: { ...read.settings } };
  },
  combine: (sources) => switchOff(sources),
});

/** Droid's own folder: `$FACTORY_HOME_OVERRIDE/.factory`, else `~/.factory`. */
export function factoryDir(host: HostEnv): string {
  return join(
    host.env.FACTORY_HOME_OVERRIDE ? resolve(host.env.FACTORY_HOME_OVERRIDE) : host.home,
    '.factory',
  );
}

/** hooks.json (or the older hooks/hooks.json) rather than a settings.json. */
export function isHooksFile(path: string): boolean {
  return basename(path) === 'hooks.json';
}

/**
 * Every file Droid reads hooks from in the folders Hookpanel knows, in Droid's order of precedence
 * (lowest first): the user's, then the project's (`.factory` at the workspace, unless that is the user's
 * own folder). In each folder `hooks/hooks.json` is read only while `hooks.json` is missing.
 */
function locateDroidFiles(ctx: LoadContext): Candidate[] {
  const out: Candidate[] = [hostedCandidate(ctx.host, manifest.id)];
  const folder = (dir: string, layer: string, priority: number, projectScoped: boolean) =>
    [join(dir, 'settings.json'), join(dir, 'hooks.json'), join(dir, 'hooks', 'hooks.json')].map((path, i) =>
      inspectedCandidate(path, layer, priority + i, projectScoped),
    );
  const user = factoryDir(ctx.host);
  out.push(...folder(user, 'user', 1, false));
  const project = ctx.workspace ? join(ctx.workspace, '.factory') : null;
  if (project && project !== user) out.push(...folder(project, 'project', 4, true));
  return out;
}

/** The files in force, project over user and hooks.json over settings.json, as Droid layers them. */
function byPrecedence(sources: Source[]): Source[] {
  return sources
    .filter((s) => s.role === 'inspected' && s.state !== 'absent')
    .sort((a, b) => b.priority - a.priority);
}

/** `hooksDisabled` as Droid merges it (the first file in precedence that sets it), or null. */
export function droidHooksDisabled(sources: Source[]): { value: boolean; from: Source } | null {
  for (const s of byPrecedence(sources)) {
    const v = (s.settings as Partial<DroidHookSettings>).hooksDisabled;
    if (v !== undefined) return { value: v, from: s };
  }
  return null;
}

/** With `hooksDisabled` in effect Droid runs no hook of any of its files. */
function switchOff(sources: Source[]): void {
  const off = droidHooksDisabled(sources);
  if (off?.value)
    switchOffInspected(sources, `Droid runs no hooks: hooksDisabled is true in ${off.from.path}`);
}
