// Gemini CLI trusts a folder, not the bytes of its hooks or of the scripts they run: once a project is
// trusted, a changed `.gemini/hooks/guard.sh` (or a hook added to the file) runs in Gemini unseen.
// Hookpanel pins both when the file is trusted in Hookpanel; a hook whose definition or script changed
// since is switched off in Gemini (its name in hooksConfig.disabled of the user's settings.json), so
// Gemini skips it until a person reviews the change and trusts the file again (trust.ts switches it
// back on). Called on every `check` and `trust` run and whenever the running host notices a change;
// idempotent: a hook already off is left, so a second call writes nothing.
import { relative } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import type { Rule, Source } from '../../../../shared/model.js';
import { DiagnosticSink } from '../../diagnostics/sink.js';
import type { AgentScriptPins } from '../../agents/script-pins.js';
import type { TrustStore } from '../../trust/store.js';
import type { LoadContext } from '../dialect.js';
import { ruleScripts } from '../../trust/command-scripts.js';
import { isPlainObject } from '../rule.js';
import { geminiHookName } from './hook-names.js';
import { disableHooks, geminiEdits, geminiUserSettingsPath, readRecord } from './trust-files.js';
import { readGeminiSettings } from './settings.js';

/** What happened to one Gemini hook that changed since its file was trusted in Hookpanel. */
export interface GeminiBlock {
  path: string;
  ruleIndex: number;
  rule: string;
  /** `blocked` now; `failed` where Gemini's settings could not be written. */
  outcome: 'blocked' | 'failed';
  message: string;
}

/** A hook as Gemini would run it, apart from where it sits in the file. */
const definition = (r: Rule) =>
  JSON.stringify([r.events, r.matcher, r.handler, geminiHookName(r), r.timeoutMs, r.env]);

/** The definitions of the version trusted in Hookpanel, or null when its copy is gone. */
async function trustedDefinitions(source: Source, store: TrustStore): Promise<Set<string> | null> {
  const text = await store.trustedText(source.path);
  if (text === null) return null;
  const value: unknown = parseJsonc(text, [], { allowTrailingComma: false });
  if (!isPlainObject(value)) return new Set();
  const { rules } = readGeminiSettings(value, new DiagnosticSink(source.path), () => null);
  return new Set(rules.map(definition));
}

/** Switches off in Gemini each hook of a trusted project file that changed (or whose script changed) since. */
export async function blockChangedHooks(
  sources: Source[],
  store: TrustStore,
  ctx: LoadContext,
): Promise<GeminiBlock[]> {
  const pending: { source: Source; rule: Rule; name: string; what: string }[] = [];
  for (const source of sources) {
    if (source.dialect !== 'gemini' || !source.projectScoped || !source.workspace) continue;
    if (source.role !== 'inspected' || !source.rules.length) continue;
    const entry = store.entry(source.path);
    if (!entry) continue; // never trusted in Hookpanel: Gemini's folder trust, if any, is the person's own
    const pinned = new Map(entry.scripts.map((s) => [s.path, s.sha256]));
    const changed = new Set(source.scripts.filter((s) => pinned.get(s.path) !== s.sha256).map((s) => s.path));
    const before = entry.sha256 === source.sha256 ? null : await trustedDefinitions(source, store);
    for (const rule of source.rules) {
      if (!rule.enabled) continue; // Gemini skips it already
      const found = ruleScripts(rule, { workspace: source.workspace, home: ctx.host.home });
      const mine = [...found.scripts, ...found.unpinned.flatMap((u) => u.folders)].filter((p) =>
        changed.has(p),
      );
      const label = (p: string) => relative(source.workspace!, p) || p;
      const what = mine.length
        ? `${mine.length === 1 ? `the script ${label(mine[0]!)} it runs` : `the scripts ${[...new Set(mine)].map(label).join(', ')} it runs`} changed since you trusted ${source.path}`
        : before && !before.has(definition(rule))
          ? `it is new or changed since you trusted ${source.path}`
          : null;
      if (what) pending.push({ source, rule, name: geminiHookName(rule), what });
    }
  }
  if (!pending.length) return [];
  const settings = geminiUserSettingsPath(ctx.host);
  const edited = await geminiEdits(async () => {
    const known = await readRecord(ctx.host);
    await disableHooks(
      ctx.host,
      pending
        .filter((p) => !known.disabled.some((d) => d.file === p.source.path && d.name === p.name))
        .map((p) => ({
          name: p.name,
          file: p.source.path,
          workspace: p.source.workspace!,
          why: 'changed' as const,
        })),
    );
  });
  if (edited.kind === 'refused')
    return pending.map((p) => ({
      path: p.source.path,
      ruleIndex: p.rule.index,
      rule: p.rule.name,
      outcome: 'failed',
      message: `${p.rule.name}: ${p.what}, but Hookpanel could not switch it off in Gemini CLI: ${edited.message}. Gemini runs it in a folder it trusts; review and trust the file again, or untrust it.`,
    }));
  return pending.map((p) => ({
    path: p.source.path,
    ruleIndex: p.rule.index,
    rule: p.rule.name,
    outcome: 'blocked',
    message: `${p.rule.name}: ${p.what}, so Hookpanel switched it off in Gemini CLI (\`${p.name}\` in hooksConfig.disabled of ${settings}); Gemini skips it until you review the change and trust the file again.`,
  }));
}

/** Gemini CLI's part of pinning hook scripts (electron/host/agents/script-pins.ts). */
export const scriptPins: AgentScriptPins = {
  follow: async (sources, store, ctx) =>
    (await blockChangedHooks(sources, store, ctx)).map(({ outcome, ...b }) => ({
      ...b,
      closed: outcome === 'blocked',
    })),
  codes: { closed: 'agent_hook_switched_off', notClosed: 'agent_hook_not_switched_off' },
  closedTitle: 'Switched off in Gemini CLI',
};
