// Whether Gemini CLI will run each hook of its settings files, and Trust review's click through
// Gemini's own gates. Gemini runs no settings hook in a folder it does not trust (headless runs refuse
// to start there; interactive ones skip every settings hook), none when hooksConfig.enabled is off,
// and not those named in hooksConfig.disabled. Trusting a project file adds a TRUST_FOLDER rule for its
// folder to Gemini's trusted-folders file; untrusting takes that rule back, or, where the folder is
// trusted by a decision of the person's own, switches the file's hooks off in hooksConfig.disabled.
// What Hookpanel wrote is remembered (trust-files.ts), so it takes back exactly that.
import type { Source } from '../../../../shared/model.js';
import {
  hookOf,
  type AgentChange,
  type AgentHookTrust,
  type AgentTrustPart,
} from '../../agents/agent-trust.js';
import { loadSources } from '../../sources/load.js';
import { findProgram } from '../../util/which.js';
import type { LoadContext } from '../dialect.js';
import { geminiFingerprint, geminiHookName, knownFingerprints } from './hook-names.js';
import { folderTrustEnabled, geminiFolderTrust, type GeminiTrust } from './index.js';
import { manifest } from './manifest.js';
import {
  addFolderRule,
  disableHooks,
  disabledNames,
  enableHooks,
  geminiEdits,
  geminiUserSettingsPath,
  readRecord,
  removeFolderRule,
  trustedFoldersPath,
} from './trust-files.js';

const NOT_INSTALLED = 'Gemini CLI is not installed here (no gemini on PATH)';
const installed = (ctx: LoadContext) =>
  findProgram('gemini', ctx.host.env.PATH, null, ctx.host.platform) !== null;

const inspectedOf = (sources: Source[]) =>
  sources.filter(
    (s) =>
      s.dialect === manifest.id &&
      s.role === 'inspected' &&
      s.rules.length &&
      s.state !== 'absent' &&
      s.state !== 'invalid',
  );

/** Gemini's verdict on a folder, from the files as loaded (security.folderTrust in its settings). */
function folderVerdict(sources: Source[], ctx: LoadContext, workspace: string): GeminiTrust {
  return geminiFolderTrust(ctx.host, workspace, folderTrustEnabled(inspectedOf(sources)));
}

const listed = (names: string[]) => names.map((n) => `\`${n}\``).join(', ');
const them = (n: number) => (n === 1 ? 'it' : 'them');

/** Trust this version, and `hookpanel trust FILE`: Gemini's folder trust, and back on what Hookpanel switched off. */
async function trustFile(source: Source, ctx: LoadContext): Promise<AgentChange> {
  const fail = (why: string): AgentChange => ({
    kind: 'refused',
    message: `Gemini CLI's trust was not recorded: ${why}`,
  });
  if (!installed(ctx)) return fail(`${NOT_INSTALLED}.`);
  if (!source.projectScoped || !source.workspace)
    return {
      kind: 'done',
      message:
        'Gemini CLI runs the hooks of this file in every folder it trusts: there is no trust of its own to record for it.',
    };
  const ws = source.workspace;
  const sources = await loadSources(ctx, null);
  const folder = folderVerdict(sources, ctx, ws);
  if (folder.trusted === null) return fail(`${folder.why}; fix it first.`);
  // A "do not trust" said in Gemini itself is the person's decision there: Hookpanel does not overrule it.
  if (!folder.trusted && /DO_NOT_TRUST|GEMINI_RESTRICTED_MODE|GEMINI_CLI_TRUST_WORKSPACE/.test(folder.why))
    return fail(
      `${folder.why}, which Hookpanel leaves to you. Change it in Gemini CLI (or in that file), then trust this file again.`,
    );
  const edited = await geminiEdits(async () => {
    const lines: string[] = [];
    if (folder.trusted)
      lines.push(`Gemini CLI already trusts ${ws} (${folder.why}), so it runs this file's hooks there.`);
    else {
      await addFolderRule(ctx.host, ws);
      lines.push(
        `Gemini CLI now trusts ${ws}: Hookpanel added "${ws}": "TRUST_FOLDER" to ${trustedFoldersPath(ctx.host)}, so Gemini runs this file's hooks there (and reads the rest of the folder's settings).`,
      );
    }
    const back = await enableHooks(ctx.host, (d) => d.file === source.path);
    if (back.length)
      lines.push(
        `Switched back on in Gemini CLI: ${listed(back)} (taken out of hooksConfig.disabled in ${geminiUserSettingsPath(ctx.host)}).`,
      );
    return lines;
  });
  if (edited.kind === 'refused') return fail(`${edited.message}.`);
  const lines = edited.value;
  const off = new Set(await disabledNames(ctx.host).catch(() => []));
  const left = [...new Set(source.rules.map(geminiHookName))].filter((n) => off.has(n));
  if (left.length)
    lines.push(
      `Left off, as your hooksConfig.disabled says: ${listed(left)}; Gemini skips ${them(left.length)}.`,
    );
  lines.push(
    'Gemini trusts the folder, not these bytes: when this file or a script it runs changes, Hookpanel switches the changed hooks off in Gemini CLI once it sees the change, until you review it.',
  );
  return { kind: 'done', message: lines.join(' ') };
}

/** Keep blocked, Revoke, and `hookpanel untrust FILE`: Gemini runs none of the file's hooks after it. */
async function untrustFile(path: string, ctx: LoadContext): Promise<AgentChange> {
  const fail = (why: string): AgentChange => ({
    kind: 'refused',
    message: `Gemini CLI's trust was not taken back: ${why}`,
  });
  const sources = await loadSources(ctx, null);
  const source = sources.find((s) => s.dialect === manifest.id && s.path === path);
  const ws = source?.workspace ?? null;
  if (!source?.projectScoped || !ws)
    return {
      kind: 'done',
      message: 'Hookpanel recorded no trust of this file in Gemini CLI: nothing changed there.',
    };
  const edited = await geminiEdits(async (): Promise<AgentChange> => {
    const lines: string[] = [];
    const taken = await removeFolderRule(ctx.host, ws);
    const folders = trustedFoldersPath(ctx.host);
    if (taken === 'removed' || taken === 'restored')
      lines.push(
        `Hookpanel took its TRUST_FOLDER rule for ${ws} back out of ${folders}${taken === 'restored' ? ' (the rule that was there before is back)' : ''}.`,
      );
    else if (taken === 'changed-since')
      lines.push(
        `The TRUST_FOLDER rule Hookpanel added for ${ws} was changed since, so it was left as it is.`,
      );
    const folder = folderVerdict(await loadSources(ctx, null), ctx, ws);
    if (folder.trusted !== true) {
      // Nothing of the folder runs: what Hookpanel switched off of this file is not needed any more.
      await enableHooks(ctx.host, (d) => d.file === path);
      lines.push(
        `Gemini CLI does not trust ${ws} now (${folder.why}), so it runs none of this file's hooks (headless runs refuse to start there).`,
      );
      return { kind: 'done', message: lines.join(' ') };
    }
    if (source.state === 'invalid' || !source.rules.length)
      return source.state === 'invalid'
        ? fail(
            `${path} cannot be read as Gemini settings, so its hooks cannot be named; Gemini CLI trusts ${ws} (${folder.why}).`,
          )
        : { kind: 'done', message: [...lines, 'The file has no hooks: nothing to switch off.'].join(' ') };
    const names = [...new Set(source.rules.map(geminiHookName))];
    const added = await disableHooks(
      ctx.host,
      names.map((name) => ({ name, file: path, workspace: ws, why: 'blocked' as const })),
    );
    lines.push(
      `Gemini CLI still trusts ${ws} (${folder.why}), which is yours to change; so Hookpanel switched this file's hooks off in Gemini: ${added.length ? `${listed(added)} added to hooksConfig.disabled in ${geminiUserSettingsPath(ctx.host)}` : 'they were off already (hooksConfig.disabled)'}. Gemini skips ${them(names.length)} until you trust the file again.`,
    );
    const shared = sharedNames(sources, path, names);
    if (shared.length)
      lines.push(
        `Gemini switches hooks off by name: ${listed(shared)} also names a hook of another file, off now too.`,
      );
    return { kind: 'done', message: lines.join(' ') };
  });
  return edited.kind === 'edited' ? edited.value : fail(`${edited.message}.`);
}

/** Names of the file's hooks that hooks of Gemini's other files share (switched off with them). */
function sharedNames(sources: Source[], path: string, names: string[]): string[] {
  const others = new Set(
    inspectedOf(sources)
      .filter((s) => s.path !== path)
      .flatMap((s) => s.rules.map(geminiHookName)),
  );
  return names.filter((n) => others.has(n));
}

export const trust: AgentTrustPart = {
  trustFile,
  untrustFile,

  async report(sources, ctx) {
    const inspected = inspectedOf(sources);
    const base = { dialect: manifest.id, label: manifest.label, installed: installed(ctx) };
    if (!inspected.length) return { ...base, hooks: [], fix: null, folder: null };
    const folder = ctx.workspace ? folderVerdict(sources, ctx, ctx.workspace) : null;
    const record = await readRecord(ctx.host).catch(() => null);
    const settings = geminiUserSettingsPath(ctx.host);
    const known = ctx.workspace ? knownFingerprints(ctx.host, ctx.workspace) : null;
    let untrusted = false;
    const hooks = inspected.flatMap((source) =>
      source.rules.map((rule): AgentHookTrust => {
        const skip = (state: string, why: string) => ({
          status: 'skips' as const,
          state,
          message: `Gemini CLI will skip this: ${why}`,
        });
        const mine = record?.disabled.find((d) => d.file === source.path && d.name === geminiHookName(rule));
        const verdict =
          source.state === 'disabled'
            ? skip('off', 'hooks are switched off (hooksConfig.enabled is false)')
            : folder && folder.trusted !== true
              ? ((untrusted = true), skip('folder-untrusted', `the folder is not trusted (${folder.why})`))
              : !rule.enabled && mine
                ? skip(
                    mine.why === 'changed' ? 'changed' : 'blocked',
                    mine.why === 'changed'
                      ? `Hookpanel switched it off (hooksConfig.disabled in ${settings}): it or a script it runs changed since you trusted the file`
                      : `Hookpanel switched it off (hooksConfig.disabled in ${settings}) when the file was untrusted`,
                  )
                : !rule.enabled
                  ? skip('off', 'it is in hooksConfig.disabled')
                  : {
                      status: 'runs' as const,
                      state: folder ? 'folder-trusted' : 'runs',
                      message: folder
                        ? 'Gemini CLI will run this here'
                        : 'Gemini CLI will run this in folders it trusts',
                    };
        return {
          ...hookOf(source, rule),
          trustable: null,
          fingerprint:
            source.projectScoped && known
              ? { key: geminiFingerprint(rule), known: known.keys.has(geminiFingerprint(rule)) }
              : null,
          ...verdict,
        };
      }),
    );
    const project = inspected.some((s) => s.projectScoped);
    const fix = untrusted
      ? project
        ? `Trust ${ctx.workspace} in Gemini CLI: review its .gemini/settings.json in Hookpanel's Trust review or with hookpanel trust FILE (both add a TRUST_FOLDER rule to ${trustedFoldersPath(ctx.host)}), or answer Gemini's trust dialog when it starts there.`
        : `Trust ${ctx.workspace} in Gemini CLI: its trust dialog when it starts there, or a TRUST_FOLDER rule in ${trustedFoldersPath(ctx.host)}.`
      : hooks.some((h) => h.state === 'changed' || h.state === 'blocked')
        ? "Review the file in Hookpanel's Trust review (or hookpanel trust FILE): trusting it switches its hooks back on in Gemini CLI."
        : hooks.some((h) => h.status === 'skips')
          ? 'Switch them on in Gemini CLI: hooksConfig.enabled, and hooksConfig.disabled, in its settings.'
          : null;
    return {
      ...base,
      hooks,
      fix,
      folder:
        folder && ctx.workspace
          ? {
              path: ctx.workspace,
              trusted: folder.trusted,
              why: folder.why,
              file: trustedFoldersPath(ctx.host),
            }
          : null,
    };
  },
};
