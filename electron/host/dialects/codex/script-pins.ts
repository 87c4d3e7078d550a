// Codex's trust hash covers a hook's definition, not the script it runs: `python3 .codex/guard.py`
// stays trusted in Codex whatever guard.py becomes. Hookpanel pins the scripts of a project's Codex
// hooks (its trust store keeps their digests); when one changes after the file was trusted, Codex's
// own trust of every hook that runs it is taken back through `codex app-server`, so `codex exec`
// skips the hook until a person reviews the change and trusts the file again.
//
// Called on every `check` and `trust` run and whenever the running host notices a change. Idempotent:
// only hooks whose `hooks.state` record still holds a `trusted_hash` are touched, so a second call
// finds nothing to do and never starts Codex.
import { relative } from 'node:path';
import type { Source } from '../../../../shared/model.js';
import { withCodexAppServer } from './app-server.js';
import type { AgentScriptPins } from '../../agents/script-pins.js';
import type { TrustStore } from '../../trust/store.js';
import { findProgram } from '../../util/which.js';
import type { LoadContext } from '../dialect.js';
import { ruleScripts } from '../../trust/command-scripts.js';
import { codexHookKey, type CodexConfigSettings } from './index.js';

/** What happened to Codex's trust of one hook whose pinned script changed. */
export interface CodexWithdrawal {
  /** The project hook file. */
  path: string;
  ruleIndex: number;
  rule: string;
  /** `withdrawn` now; `failed` where Codex could not be asked (not installed, not answering). */
  outcome: 'withdrawn' | 'failed';
  /** One sentence, for `check`, `trust` and the panel. */
  message: string;
}

interface Pending {
  source: Source;
  ruleIndex: number;
  rule: string;
  key: string;
  enabled: boolean;
  /** The changed scripts (or watched folders) it runs, relative to the workspace. */
  changed: string[];
}

/**
 * Takes back Codex's trust of each hook of a trusted project file whose pinned script changed since
 * it was trusted in Hookpanel. `sources` are every source of one workspace as loaded (Codex's user
 * config.toml among them: its `hooks.state` says which hooks Codex still trusts).
 */
export async function withdrawChangedScripts(
  sources: Source[],
  store: TrustStore,
  ctx: LoadContext,
): Promise<CodexWithdrawal[]> {
  const pending = changedHooks(sources, store, ctx);
  if (!pending.length) return [];
  const cwd = pending[0]!.source.workspace!;
  const result = (outcome: CodexWithdrawal['outcome'], message: (p: Pending) => string) =>
    pending.map((p) => ({
      path: p.source.path,
      ruleIndex: p.ruleIndex,
      rule: p.rule,
      outcome,
      message: message(p),
    }));
  const what = (p: Pending) =>
    `${p.changed.length === 1 ? `the script ${p.changed[0]} it runs` : `the scripts ${p.changed.join(', ')} it runs`} changed since you trusted ${p.source.path}`;
  const program = findProgram('codex', ctx.host.env.PATH, null, ctx.host.platform);
  const cannot = (why: string) =>
    result(
      'failed',
      (p) =>
        `${p.rule}: ${what(p)}, but Codex's own trust of this hook could not be taken back: ${why}. Codex still trusts its definition, so a Codex started with this config.toml would run the changed script; review and trust the file again, or untrust it.`,
    );
  if (!program) return cannot('Codex is not installed here (no codex on PATH)');
  try {
    const run = await withCodexAppServer(
      { program, env: { ...ctx.host.env }, cwd: ctx.host.home },
      (server) =>
        server.untrustHooks(
          pending.map((p) => ({ key: p.key, enabled: p.enabled })),
          [cwd],
        ),
    );
    if (run.kind === 'not-installed') return cannot('Codex is not installed here');
    return result(
      'withdrawn',
      (p) =>
        `${p.rule}: ${what(p)}, so Hookpanel took back Codex's trust of this hook (through Codex, in ${run.value.filePath}); \`codex exec\` skips it until you review the change and trust the file again.`,
    );
  } catch (e) {
    return cannot(`Codex did not answer (${(e as Error).message})`);
  }
}

/** Hooks Codex still trusts whose scripts changed since their file was trusted in Hookpanel. */
function changedHooks(sources: Source[], store: TrustStore, ctx: LoadContext): Pending[] {
  const config = sources.find(
    (s) => s.dialect === 'codex' && s.layer === 'user' && s.path.endsWith('config.toml'),
  );
  const states = (config?.settings as CodexConfigSettings | undefined)?.hookStates ?? {};
  const out: Pending[] = [];
  for (const source of sources) {
    if (source.dialect !== 'codex' || !source.projectScoped || !source.workspace) continue;
    if (source.role !== 'inspected' || !source.rules.length) continue;
    const entry = store.entry(source.path);
    if (!entry) continue; // never trusted in Hookpanel: Codex's trust, if any, is the person's own
    const pinned = new Map(entry.scripts.map((s) => [s.path, s.sha256]));
    const changed = new Set(source.scripts.filter((s) => pinned.get(s.path) !== s.sha256).map((s) => s.path));
    if (!changed.size) continue;
    for (const rule of source.rules) {
      if (rule.group === null || rule.hookIndex === null) continue;
      const key = codexHookKey(source.path, rule.events[0]!, rule.group, rule.hookIndex);
      if (typeof states[key]?.trusted_hash !== 'string') continue; // Codex does not run it now
      const found = ruleScripts(rule, { workspace: source.workspace, home: ctx.host.home });
      const runs = [...found.scripts, ...found.unpinned.flatMap((u) => u.folders)];
      const mine = runs.filter((p) => changed.has(p));
      if (!mine.length) continue;
      out.push({
        source,
        ruleIndex: rule.index,
        rule: rule.name,
        key,
        enabled: states[key]?.enabled !== false,
        changed: [...new Set(mine)].map((p) => relative(source.workspace!, p) || p),
      });
    }
  }
  return out;
}

/** Codex's part of pinning hook scripts (electron/host/agents/script-pins.ts). */
export const scriptPins: AgentScriptPins = {
  follow: async (sources, store, ctx) =>
    (await withdrawChangedScripts(sources, store, ctx)).map(({ outcome, ...w }) => ({
      ...w,
      closed: outcome === 'withdrawn',
    })),
  codes: { closed: 'agent_trust_withdrawn', notClosed: 'agent_trust_not_withdrawn' },
  closedTitle: "Codex's trust taken back",
};
