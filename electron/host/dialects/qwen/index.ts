// qwen: Qwen Code's settings files (inspected: Qwen Code runs its own hooks) and Hookpanel's hosted
// hooks/qwen.json in the same schema, which the engine runs with Qwen Code's semantics (runtime.ts).
// Facts and their sources: docs/agents/qwen.md.
import { join, resolve } from 'node:path';
import type { Source } from '../../../../shared/model.js';
import type { DiagnosticSink } from '../../diagnostics/sink.js';
import { describeValue } from '../../diagnostics/zod-issues.js';
import type { ParsedDocument } from '../../documents/document.js';
import { parseJsonDocument } from '../../documents/json.js';
import { hostedCandidate, inspectedCandidate } from '../../agents/candidates.js';
import type { HostEnv } from '../../paths.js';
import { defineDialect, type Candidate, type LoadContext, type LoadedFile } from '../dialect.js';
import { switchOffInspected } from '../hooks-off.js';
import { isPlainObject } from '../rule.js';
import { manifest } from './manifest.js';
import { qwenRuntime } from './runtime.js';
import { readQwenSettings, type QwenSettings } from './settings.js';

export default defineDialect(manifest, {
  runtime: qwenRuntime,
  formatOf: () => 'json',
  // Qwen Code strips comments before it parses a settings file.
  parse: (text) => parseJsonDocument(text, { comments: true }),
  locate: locateQwenFiles,
  load: (doc, candidate, sink) => loadQwenFile(doc, candidate, sink),
  combine: (sources) => combineQwenSources(sources),
});

/** Qwen Code's home folder: `$QWEN_HOME`, else `~/.qwen`. */
export function qwenDir(host: HostEnv): string {
  return host.env.QWEN_HOME ? resolve(host.env.QWEN_HOME) : join(host.home, '.qwen');
}

/** The system settings file: QWEN_CODE_SYSTEM_SETTINGS_PATH, else the platform's place. */
function qwenSystemSettingsPath(host: HostEnv): string {
  if (host.env.QWEN_CODE_SYSTEM_SETTINGS_PATH) return host.env.QWEN_CODE_SYSTEM_SETTINGS_PATH;
  if (host.platform === 'darwin') return '/Library/Application Support/QwenCode/settings.json';
  if (host.platform === 'win32') return 'C:\\ProgramData\\qwen-code\\settings.json';
  return '/etc/qwen-code/settings.json';
}

/**
 * Every file Qwen Code reads hooks from: system defaults, user, project (its hooks only in a folder Qwen
 * Code trusts, and not when the project is the home folder), system; plus Hookpanel's hosted file.
 */
function locateQwenFiles(ctx: LoadContext): Candidate[] {
  const file = inspectedCandidate;
  const system = qwenSystemSettingsPath(ctx.host);
  const out: Candidate[] = [
    hostedCandidate(ctx.host, manifest.id),
    file(
      ctx.host.env.QWEN_CODE_SYSTEM_DEFAULTS_PATH || join(resolve(system, '..'), 'system-defaults.json'),
      'system-defaults',
      1,
    ),
    file(join(qwenDir(ctx.host), 'settings.json'), 'user', 2),
  ];
  const project = ctx.workspace ? join(ctx.workspace, '.qwen', 'settings.json') : null;
  if (project && project !== join(qwenDir(ctx.host), 'settings.json'))
    out.push(file(project, 'project', 3, true));
  out.push(file(system, 'system', 4));
  return out;
}

/** Checks one Qwen Code settings file (or Hookpanel's hosted hooks/qwen.json) with Qwen Code's rules. */
function loadQwenFile(doc: ParsedDocument, candidate: Candidate, sink: DiagnosticSink): LoadedFile {
  if (!isPlainObject(doc.value)) {
    sink.error('wrong_shape', `expected a JSON object, got ${describeValue(doc.value)}`);
    return { rules: [], valid: false };
  }
  const read = readQwenSettings(doc.value, sink, (at) => doc.locate(at));
  return { rules: read.rules, valid: true, settings: { ...read.settings } };
}

/**
 * `disableAllHooks` as Qwen Code merges its settings (system defaults, user, project, system: the later
 * file wins), or undefined where no file sets it.
 */
export function qwenHooksDisabled(sources: Source[]): { value: boolean; from: Source } | null {
  let found: { value: boolean; from: Source } | null = null;
  for (const layer of ['system-defaults', 'user', 'project', 'system'])
    for (const s of sources.filter((x) => x.layer === layer && x.role === 'inspected')) {
      const v = (s.settings as QwenSettings).disableAllHooks;
      if (v !== undefined) found = { value: v, from: s };
    }
  return found;
}

/** With `disableAllHooks` in effect Qwen Code runs no hook of any of its files. */
function combineQwenSources(sources: Source[]): void {
  const off = qwenHooksDisabled(sources);
  if (off?.value)
    switchOffInspected(sources, `Qwen Code runs no hooks: disableAllHooks is true in ${off.from.path}`);
}
