// copilot: GitHub Copilot CLI's hook files and the `hooks` of its settings.json (inspected: Copilot
// CLI runs its own hooks) and Hookpanel's hosted hooks/copilot.json in Copilot's schema, which the engine
// runs with Copilot's semantics (runtime.ts). Facts and their sources: docs/agents/copilot.md.
import { readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { Source } from '../../../../shared/model.js';
import { hostedCandidate, inspectedCandidate } from '../../agents/candidates.js';
import { DiagnosticSink } from '../../diagnostics/sink.js';
import { describeValue } from '../../diagnostics/zod-issues.js';
import { parseJsonDocument } from '../../documents/json.js';
import type { HostEnv } from '../../paths.js';
import { defineDialect, type Candidate, type LoadContext } from '../dialect.js';
import { isPlainObject } from '../rule.js';
import { readCopilotHooks, type CopilotHookSettings } from './hooks-file.js';
import { manifest } from './manifest.js';
import { copilotRuntime } from './runtime.js';

/** The layer of `$COPILOT_HOME/settings.json`: its hooks, which `disableAllHooks` switches off. */
const SETTINGS_LAYER = 'user-settings';

export default defineDialect(manifest, {
  runtime: copilotRuntime,
  formatOf: () => 'json',
  // Copilot reads its hook files as strict JSON: its log names "Invalid JSON" at a line and column.
  parse: (text) => parseJsonDocument(text, { comments: false }),
  locate: locateCopilotFiles,
  load(doc, candidate, sink) {
    if (!isPlainObject(doc.value)) {
      sink.error('wrong_shape', `expected a JSON object, got ${describeValue(doc.value)}`);
      return { rules: [], valid: false };
    }
    const kind = candidate.layer === SETTINGS_LAYER ? 'settings' : 'hook-file';
    const read = readCopilotHooks(doc.value, sink, (at) => doc.locate(at), { kind });
    return { rules: read.rules, valid: read.valid, settings: { ...read.settings } };
  },
  combine: disableSettingsHooks,
});

/** Copilot CLI's home folder: `$COPILOT_HOME`, else `~/.copilot`. */
export function copilotHome(host: HostEnv): string {
  return host.env.COPILOT_HOME ? resolve(host.env.COPILOT_HOME) : join(host.home, '.copilot');
}

/** The `*.json` files of a hooks folder, in name order. */
export function hookFilesIn(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((n) => join(folder, n));
}

/**
 * Every file Copilot CLI reads hooks from: the user's hook files and settings.json, and a repository's
 * `.github/hooks/*.json` (loaded only where Copilot trusts the folder: trust.ts); plus Hookpanel's
 * hosted file.
 */
function locateCopilotFiles(ctx: LoadContext): Candidate[] {
  const file = inspectedCandidate;
  const home = copilotHome(ctx.host);
  const out: Candidate[] = [
    hostedCandidate(ctx.host, manifest.id),
    ...hookFilesIn(join(home, 'hooks')).map((p) => file(p, 'user', 1)),
    file(join(home, 'settings.json'), SETTINGS_LAYER, 2),
  ];
  if (ctx.workspace)
    out.push(...hookFilesIn(join(ctx.workspace, '.github', 'hooks')).map((p) => file(p, 'project', 3, true)));
  return out;
}

/** `disableAllHooks` in settings.json, where it is true. */
export function copilotHooksDisabled(sources: Source[]): Source | null {
  return (
    sources.find(
      (s) =>
        s.layer === SETTINGS_LAYER &&
        s.role === 'inspected' &&
        (s.settings as CopilotHookSettings).disableAllHooks === true,
    ) ?? null
  );
}

/**
 * With `disableAllHooks` true, Copilot CLI 1.0.102 runs none of the hooks of settings.json, but still
 * runs those of its hook files (measured: docs/agents/copilot.md, "disableAllHooks").
 */
function disableSettingsHooks(sources: Source[]): void {
  const off = copilotHooksDisabled(sources);
  if (!off || off.state !== 'active' || !off.rules.length) return;
  off.state = 'disabled';
  const sink = new DiagnosticSink(off.path);
  sink.info(
    'hooks_off',
    `Copilot CLI runs none of the hooks of ${basename(off.path)}: disableAllHooks is true (its hook files in hooks/ still run)`,
  );
  off.diagnostics.push(...sink.list);
}
