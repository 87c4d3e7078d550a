// gemini: Gemini CLI's settings files (inspected: Gemini runs its own hooks) and Hookpanel's hosted
// hooks/gemini.json in Gemini's schema, which the engine runs with Gemini's semantics (runtime.ts).
// Facts and their sources: docs/agents/gemini.md.
import { dirname, join, resolve } from 'node:path';
import type { Source } from '../../../../shared/model.js';
import { DiagnosticSink } from '../../diagnostics/sink.js';
import { describeValue } from '../../diagnostics/zod-issues.js';
import type { ParsedDocument } from '../../documents/document.js';
import { parseJsonDocument } from '../../documents/json.js';
import { hostedCandidate, inspectedCandidate } from '../../agents/candidates.js';
import {
  trustedFoldersVerdict,
  type FolderTrust,
  type TrustedFoldersReading,
} from '../../agents/trusted-folders.js';
import type { HostEnv } from '../../paths.js';
import { defineDialect, type Candidate, type LoadContext, type LoadedFile } from '../dialect.js';
import { withProjectScripts } from '../project-scripts.js';
import { isPlainObject, noteOnSource } from '../rule.js';
import { GEMINI_EVENT_RULES, GEMINI_EVENTS } from './events.js';
import { manifest } from './manifest.js';
import { geminiRuntime } from './runtime.js';
import { readGeminiSettings, type GeminiSettings } from './settings.js';

export { GEMINI_EVENTS, GEMINI_EVENT_RULES };
export const GEMINI_LABEL = manifest.label;

export default defineDialect(manifest, {
  runtime: geminiRuntime,
  formatOf: () => 'json',
  parse: (text) => parseGeminiSettings(text),
  locate: locateGeminiFiles,
  // A project's hooks run the project's scripts (`bash "$GEMINI_PROJECT_DIR"/.gemini/hooks/x.sh`): Gemini
  // trusts the folder, not their bytes, so Hookpanel's trust pins them (dialects/gemini/script-pins.ts).
  load: (doc, candidate, sink, ctx) =>
    withProjectScripts(loadGeminiFile(doc, candidate, sink), candidate, ctx),
  onRejected: geminiRejectedNote,
  combine: (sources, ctx) => combineGeminiSources(sources, ctx),
});

/** Gemini's home folder: `$GEMINI_CLI_HOME/.gemini`, else `~/.gemini`. */
export function geminiDir(host: HostEnv): string {
  return join(host.env.GEMINI_CLI_HOME || host.home, '.gemini');
}

/** The system settings file: GEMINI_CLI_SYSTEM_SETTINGS_PATH, else the platform's place. */
export function geminiSystemSettingsPath(host: HostEnv): string {
  if (host.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH) return host.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH;
  if (host.platform === 'darwin') return '/Library/Application Support/GeminiCli/settings.json';
  if (host.platform === 'win32') return 'C:\\ProgramData\\gemini-cli\\settings.json';
  return '/etc/gemini-cli/settings.json';
}

/** Gemini's settings are JSON with comments (it strips them before JSON.parse); trailing commas are not allowed. */
export function parseGeminiSettings(text: string): ParsedDocument {
  return parseJsonDocument(text, { comments: true });
}

/**
 * Every file Gemini reads hooks from, in the order its merge applies them (later wins for single
 * values; hook lists are concatenated): system defaults, user, project (only in a trusted folder,
 * and not when the project is the home folder), system; plus Hookpanel's hosted file.
 */
export function locateGeminiFiles(ctx: LoadContext): Candidate[] {
  const file = inspectedCandidate;
  const system = geminiSystemSettingsPath(ctx.host);
  const out: Candidate[] = [
    hostedCandidate(ctx.host, manifest.id),
    file(
      ctx.host.env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH || join(dirname(system), 'system-defaults.json'),
      'system-defaults',
      1,
    ),
    file(join(geminiDir(ctx.host), 'settings.json'), 'user', 2),
  ];
  const home = ctx.host.env.GEMINI_CLI_HOME || ctx.host.home;
  if (ctx.workspace && resolve(ctx.workspace) !== resolve(home)) {
    out.push(file(join(ctx.workspace, '.gemini', 'settings.json'), 'project', 3, true));
  }
  out.push(file(system, 'system', 4));
  return out;
}

/** Checks one Gemini settings file (or Hookpanel's hosted hooks/gemini.json) with Gemini's own rules. */
export function loadGeminiFile(doc: ParsedDocument, candidate: Candidate, sink: DiagnosticSink): LoadedFile {
  const value = doc.value;
  if (!isPlainObject(value)) {
    sink.error(
      'wrong_shape',
      `expected a JSON object, got ${describeValue(value)}; ${candidate.role === 'hosted' ? 'Hookpanel rejects this file' : 'Gemini CLI refuses to start with this file'}`,
    );
    return { rules: [], valid: false };
  }
  const read = readGeminiSettings(value, sink, (at) => doc.locate(at));
  return { rules: read.rules, valid: true, settings: { ...read.settings } };
}

/** Gemini stops at start-up (exit 52) on a settings file that does not parse: say so beside the syntax error. */
export function geminiRejectedNote(candidate: Candidate, sink: DiagnosticSink): void {
  if (candidate.role === 'inspected')
    sink.error(
      'gemini_will_not_start',
      'Gemini CLI refuses to start while this file does not parse (it exits with code 52)',
      // About the whole file, also when it was rejected before it could be parsed (not UTF-8).
      { position: { line: 1, column: 1 } },
    );
}

export type GeminiTrust = FolderTrust;

/** Gemini ranks rules as written, and an unknown level is an error there (docs/agents/gemini.md). */
const GEMINI_READING: TrustedFoldersReading = {
  longest: 'rule',
  otherLevel: 'unknown',
};

/**
 * Whether Gemini trusts a folder, the way it decides: GEMINI_CLI_TRUST_WORKSPACE or
 * GEMINI_RESTRICTED_MODE; folder trust switched off in settings (then every folder is trusted);
 * else the longest matching rule in trustedFolders.json. With no rule Gemini treats the folder as
 * untrusted (and asks, in interactive mode). An IDE's trust signal, when one is connected, wins; it
 * cannot be seen from here.
 */
export function geminiFolderTrust(host: HostEnv, folder: string, folderTrustEnabled: boolean): GeminiTrust {
  if (host.env.GEMINI_RESTRICTED_MODE === 'true' || host.env.GEMINI_CLI_TRUST_WORKSPACE === 'false')
    return { trusted: false, why: 'GEMINI_RESTRICTED_MODE or GEMINI_CLI_TRUST_WORKSPACE=false is set' };
  if (host.env.GEMINI_CLI_TRUST_WORKSPACE === 'true')
    return { trusted: true, why: 'GEMINI_CLI_TRUST_WORKSPACE=true is set' };
  if (!folderTrustEnabled) return { trusted: true, why: 'security.folderTrust.enabled is false' };
  const path = host.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH || join(geminiDir(host), 'trustedFolders.json');
  return trustedFoldersVerdict(path, folder, GEMINI_READING);
}

/**
 * Rules across Gemini's files: `hooksConfig.enabled` as the merge decides it (system over project over
 * user over system defaults); `hooksConfig.disabled` (a union over files) by hook name or command;
 * and folder trust, without which Gemini runs no settings hook at all in that folder.
 */
export function combineGeminiSources(sources: Source[], ctx: LoadContext): void {
  const inspected = sources.filter(
    (s) => s.role === 'inspected' && (s.state === 'active' || s.state === 'untrusted'),
  );
  const settingsOf = (s: Source) => s.settings as GeminiSettings;
  const note = noteOnSource;
  const trust = ctx.workspace
    ? geminiFolderTrust(ctx.host, ctx.workspace, folderTrustEnabled(inspected))
    : null;
  const order = ['system-defaults', 'user', 'project', 'system'];
  const counted = inspected.filter((s) => s.layer !== 'project' || trust?.trusted === true);
  let enabled: { value: boolean; from: Source } | null = null;
  for (const layer of order) {
    for (const s of counted.filter((c) => c.layer === layer)) {
      const v = settingsOf(s).hooksEnabled;
      if (v !== undefined) enabled = { value: v, from: s };
    }
  }
  if (enabled && !enabled.value) {
    for (const s of inspected) {
      if (s.state !== 'active') continue;
      s.state = 'disabled';
      note(
        s,
        'info',
        'hooks_off',
        `Gemini runs no hooks: hooksConfig.enabled is false in ${enabled.from.path}`,
      );
    }
  }
  const disabled = new Set(counted.flatMap((s) => settingsOf(s).disabledHooks ?? []));
  for (const s of inspected) {
    for (const rule of s.rules) {
      const command = rule.handler.kind === 'shell' ? rule.handler.command : '';
      // Gemini names a hook by its "name", else by its command.
      const generated = rule.name === `${rule.events[0]}[${rule.group}].hooks[${rule.hookIndex}]`;
      const named = generated ? command : rule.name;
      if (disabled.has(named)) {
        rule.enabled = false;
        note(
          s,
          'info',
          'hook_disabled',
          `${rule.name} is in hooksConfig.disabled, so Gemini does not run it`,
          rule.index,
        );
      }
    }
  }
  if (trust && trust.trusted !== true) {
    for (const s of inspected) {
      if (!s.rules.length) continue;
      note(
        s,
        'warning',
        'folder_not_trusted',
        s.layer === 'project'
          ? `Gemini ignores this file: it trusts no project settings in ${ctx.workspace} (${trust.why})`
          : `In ${ctx.workspace} Gemini runs none of these hooks: the folder is not trusted (${trust.why}); headless runs refuse to start, interactive ones skip every settings hook`,
      );
    }
  }
}

/**
 * `security.folderTrust.enabled` as Gemini's trust check merges it: system defaults, then user, then
 * system (project files cannot switch it); true when none sets it.
 */
export function folderTrustEnabled(sources: Source[]): boolean {
  let enabled = true;
  for (const layer of ['system-defaults', 'user', 'system']) {
    for (const s of sources.filter((x) => x.layer === layer)) {
      const v = (s.settings as GeminiSettings).folderTrust;
      if (v !== undefined) enabled = v;
    }
  }
  return enabled;
}
