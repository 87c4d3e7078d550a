// One file's Trust review: what it would run now against what was trusted, each command's status and
// risk flags, the scripts it runs with their own changes, and the plain-words summary on top.
import { readFile } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import {
  LOUD_RISKS,
  type ChangeStatus,
  type ReviewCommand,
  type ReviewItem,
  type ReviewScript,
} from '../../../shared/ipc.js';
import { serversOf, type McpServerConfig } from '../../../shared/mcp.js';
import type { Source } from '../../../shared/model.js';
import { dialectManifest } from '../../../shared/dialects.js';
import { fileGate } from '../../../shared/trust-gate.js';
import type { LoadContext } from '../dialects/dialect.js';
import { dialectModule } from '../dialects/registry.js';
import {
  compareRunnables,
  ruleRunnable,
  serverRunnable,
  stableJson,
  type Runnable,
} from './review-changes.js';
import { ruleScripts, shellParserReady, type Unpinned } from './command-scripts.js';
import { loadTrustedVersion, type TrustedVersion } from './review-previous.js';
import {
  analysisLimit,
  isShellScript,
  runnableRisks,
  scriptRisks,
  type RiskContext,
} from './review-risks.js';
import { RISK_ORDER } from './review-patterns.js';
import { summarize } from './review-summary.js';
import type { TrustStore } from './store.js';

export async function reviewSource(source: Source, trust: TrustStore, ctx: LoadContext): Promise<ReviewItem> {
  const mod = dialectModule(source.dialect);
  const status = trust.status(source);
  const entry = trust.entry(source.path) ?? null;
  const text = await readFile(source.path, 'utf8').catch(() => null);
  const trustedText = entry ? await trust.trustedText(source.path) : null;
  let previous: TrustedVersion | null = null;
  if (entry)
    previous =
      trustedText === null
        ? { rules: [], settings: {}, problem: 'the copy of the trusted version is gone' }
        : await loadTrustedVersion(source, trustedText, ctx, mod);
  const comparable = previous !== null && previous.problem === null;
  await shellParserReady();
  const riskCtx: RiskContext = { workspace: source.workspace, home: ctx.host.home };
  const label = (path: string) => workspaceRelative(path, source.workspace);

  // Scripts first: a command whose script changed has changed too.
  const scripts = await reviewScripts(source, entry, trust, riskCtx);
  const scriptStatus = new Map(scripts.map((s) => [s.path, s.status]));

  // An agent's own file says nothing of a hook being on: the agent's switches elsewhere do (Gemini's
  // hooksConfig.disabled, Codex's hooks.state), shown as the agent's verdict, not as a change of the file.
  const agentFile = dialectManifest(source.dialect).kind === 'agent';
  const runnables = (rules: Source['rules'], settings: Record<string, unknown>): Runnable[] => [
    ...rules.map((r) => ruleRunnable(agentFile ? { ...r, enabled: true } : r, mod.runtime)),
    ...Object.entries(serversOfSettings(settings)).map(([name, c]) => serverRunnable(name, c)),
  ];
  const comparison = compareRunnables(
    comparable ? runnables(previous!.rules, previous!.settings) : null,
    runnables(source.rules, source.settings),
  );
  const scriptTexts = new Map(scripts.map((s) => [s.path, s.text]));
  let fileChanged = comparison.reordered;
  const commands: ReviewCommand[] = comparison.items.map((c, i) => {
    const r = (c.now ?? c.before)!;
    const found =
      r.rule && source.workspace && source.projectScoped
        ? ruleScripts(r.rule, { workspace: source.workspace, home: ctx.host.home })
        : null;
    const known = new Set(source.scripts.map((s) => s.path));
    const own = found
      ? [...new Set([...found.scripts, ...found.unpinned.flatMap((u) => u.folders)])].filter((p) =>
          known.has(p),
        )
      : scriptsOf(
          r,
          source.scripts.map((s) => s.path),
          source.workspace,
        );
    const folders = new Set(source.scripts.filter((s) => s.folder).map((s) => s.path));
    let status: ChangeStatus = c.status;
    const changes = [...c.changes];
    if (status === 'added' || status === 'changed' || status === 'removed') fileChanged = true;
    if (entry && status !== 'removed') {
      for (const path of own) {
        const s = scriptStatus.get(path);
        if (s !== 'changed' && s !== 'added') continue;
        changes.push(
          folders.has(path)
            ? `the files under ${label(path)}/ that it may run ${s === 'added' ? 'are newly watched' : 'changed'}`
            : `the script ${label(path)} it runs ${s === 'added' ? 'is new' : 'changed'}`,
        );
        if (status === 'unchanged') status = 'changed';
      }
    }
    return {
      key: `${r.kind}:${r.label}:${i}`,
      rule: r.label,
      event: r.event,
      matcher: r.matcher,
      kind: r.kind,
      status,
      ...r.runs,
      before: status === 'changed' && c.before ? c.before.runs : null,
      changes,
      risks: c.now
        ? risksOf(
            c.now,
            own.map((path) => ({ path, text: scriptTexts.get(path) ?? null })),
            riskCtx,
          )
        : [],
      scripts: own,
      unpinned: (c.now ? (found?.unpinned ?? []) : []).map((u) => unpinnedText(u, label)),
    };
  });
  commands.sort((a, b) => attentionRank(a) - attentionRank(b) || loudness(a) - loudness(b));

  const settings = comparable ? settingsChanges(previous!.settings, source.settings) : [];
  if (settings.length) fileChanged = true;
  const scriptsChanged = scripts.some(
    (s) => s.status === 'changed' || s.status === 'added' || s.status === 'removed',
  );
  const change: ReviewItem['change'] = !entry
    ? 'new'
    : !comparable
      ? 'unknown'
      : fileChanged
        ? 'changed'
        : scriptsChanged
          ? 'scripts'
          : entry.sha256 !== source.sha256
            ? 'formatting'
            : 'same';
  const textChanged = trustedText !== null && text !== null && trustedText !== text;
  // Loud flags on what is new to the person; what they trusted before, unchanged, was read then.
  const fresh = (s: ChangeStatus) => s === 'new' || s === 'added' || s === 'changed';
  const loud = [...commands, ...scripts]
    .filter((x) => fresh(x.status))
    .some((x) => x.risks.some((r) => LOUD_RISKS.includes(r.kind)));
  const gained =
    commands.some((c) => c.status === 'added' || c.status === 'changed') ||
    scripts.some((s) => s.status === 'added' || s.status === 'changed') ||
    settings.length > 0;
  return {
    source,
    status,
    trustedAt: entry?.trustedAt ?? null,
    change,
    summary: summarize({
      change,
      commands,
      scripts,
      settings,
      reordered: comparison.reordered,
      problem: previous?.problem ?? null,
      textChanged,
      scriptLabel: label,
      gate: fileGate(source.dialect, source.role, source.guarded),
    }),
    settings,
    confirm: status !== 'trusted' && (loud || (entry !== null && (gained || change === 'unknown'))),
    diff: textChanged ? rawDiff(source.path, trustedText!, text!) : null,
    text,
    commands,
    scripts,
  };
}

async function reviewScripts(
  source: Source,
  entry: ReturnType<TrustStore['entry']> | null,
  trust: TrustStore,
  ctx: RiskContext,
): Promise<ReviewScript[]> {
  const current = await Promise.all(
    source.scripts.map(async (s): Promise<ReviewScript> => {
      const trusted = entry?.scripts.find((t) => t.path === s.path);
      const text = s.folder ? null : await readFile(s.path, 'utf8').catch(() => null);
      const status: ChangeStatus = !entry
        ? 'new'
        : !trusted
          ? 'added'
          : trusted.sha256 === s.sha256
            ? 'unchanged'
            : 'changed';
      const then =
        status === 'changed' && trusted?.sha256 ? await trust.trustedText(s.path, trusted.sha256) : null;
      const shown = text !== null && text.length <= MAX_SHOWN;
      const notes = [
        text !== null && !shown
          ? `it is too large to show here (${Math.round(text.length / 1024)} KiB)`
          : null,
        text !== null ? analysisLimit(text, isShellScript(s.path, text)) : null,
      ].filter((n): n is string => n !== null);
      return {
        path: s.path,
        sha256: s.sha256,
        status,
        diff: then !== null && text !== null && shown ? rawDiff(s.path, then, text) : null,
        text: shown ? text : null,
        risks: text === null ? [] : scriptRisks(s.path, text, ctx),
        note: s.folder
          ? 'a folder watched because a command runs files Hookpanel cannot pin: any change under it asks for review again'
          : notes.length
            ? notes.join('; ')
            : null,
        ...(s.folder ? { folder: true } : {}),
      };
    }),
  );
  const gone = (entry?.scripts ?? [])
    .filter((t) => !source.scripts.some((s) => s.path === t.path))
    .map((t): ReviewScript => ({
      path: t.path,
      sha256: t.sha256,
      status: 'removed',
      diff: null,
      text: null,
      risks: [],
      note: null,
      ...(t.folder ? { folder: true } : {}),
    }));
  return [...current, ...gone];
}

/** One unpinned command's reason and the folders watched instead, in plain words. */
function unpinnedText(u: Unpinned, label: (path: string) => string): string {
  const where = u.folders.map((f) => `${label(f)}/`);
  return `${u.why}; ${
    where.length
      ? `any change under ${where.join(', ')} asks for review again`
      : 'Hookpanel cannot watch them, so read what it runs'
  }`;
}

/** Scripts larger than this are not sent to the panel whole (their flags are still read). */
const MAX_SHOWN = 1024 * 1024;

/** A unified diff, or null when the two texts are too far apart to diff in reasonable time. */
function rawDiff(path: string, before: string, now: string): string | null {
  return createTwoFilesPatch(path, path, before, now, 'trusted', 'now', { timeout: 2000 }) ?? null;
}

function risksOf(r: Runnable, scripts: { path: string; text: string | null }[], ctx: RiskContext) {
  const h = r.rule?.handler;
  const server = r.server;
  return runnableRisks(
    {
      argv: r.runs.argv,
      shell: r.runs.shell,
      url: h?.kind === 'http' ? h.url : server && server.type !== 'stdio' ? server.url : null,
      headers: h?.kind === 'http' ? h.headers : server && server.type !== 'stdio' ? server.headers : {},
      env: r.rule?.env ?? (server?.type === 'stdio' ? server.env : {}),
      // A script handler's script is its argv too; its text is what matters.
      scripts,
    },
    ctx,
  );
}

/** Scripts a command runs: a script handler's own, or scripts whose path its command names. */
function scriptsOf(r: Runnable, paths: string[], workspace: string | null): string[] {
  const h = r.rule?.handler;
  if (h?.kind === 'script') return paths.filter((p) => p === h.path);
  const text = [r.runs.shell ?? '', ...(r.runs.argv ?? [])].join('\n');
  return paths.filter((p) => {
    if (text.includes(p)) return true;
    const rel = workspaceRelative(p, workspace);
    return rel !== p && text.includes(rel);
  });
}

function serversOfSettings(settings: Record<string, unknown>): Record<string, McpServerConfig> {
  return serversOf({ settings } as Source);
}

function settingsChanges(
  before: Record<string, unknown>,
  now: Record<string, unknown>,
): ReviewItem['settings'] {
  const out: ReviewItem['settings'] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(now)])) {
    if (key === 'mcpServers') continue; // compared server by server, as things that run
    const was = key in before ? stableJson(before[key]) : null;
    const is = key in now ? stableJson(now[key]) : null;
    if (was !== is) out.push({ key, before: was, after: is });
  }
  return out;
}

function workspaceRelative(path: string, workspace: string | null): string {
  if (!workspace) return path;
  const rel = relative(workspace, path);
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}

/** What a person should read first: new and changed commands, then removed, then the unchanged. */
function attentionRank(c: ReviewCommand): number {
  return { added: 0, changed: 0, new: 0, removed: 1, unchanged: 2 }[c.status];
}

function loudness(c: ReviewCommand): number {
  const first = c.risks[0];
  return first ? RISK_ORDER.indexOf(first.kind) : RISK_ORDER.length;
}
