// Trusting and untrusting one hook file, the one code path of `hookpanel trust` / `untrust` and the
// panel's Trust this version / Revoke: Hookpanel's own record (the trust store, which gates what
// Hookpanel runs) and, for an agent's own file, the agent's own trust where Hookpanel can change it
// (Codex's, through its app server; Gemini CLI's, through its trusted-folders file and hook switches).
// What changed in the agent is said in words, and so is what did not: Claude Code outside guarded
// mode runs the file itself whatever Hookpanel records, so nothing is trusted and it says so. Where the
// agent's trust could not be recorded (not installed, not reachable, not loading the file), nothing is
// trusted at all and `ok` is false; untrusting always takes back Hookpanel's record, and says what it
// could not take back in the agent.
import { resolve } from 'node:path';
import { dialectManifest } from '../../../shared/dialects.js';
import { serversOf } from '../../../shared/mcp.js';
import type { Dialect, Source } from '../../../shared/model.js';
import type { LoadContext } from '../dialects/dialect.js';
import { sameScripts } from '../panel/review.js';
import { fileGate } from '../../../shared/trust-gate.js';
import { candidateRole, loadCandidate, loadSources } from '../sources/load.js';
import { placeFile } from '../sources/single.js';
import { readScripts, type TrustEntry, type TrustStore } from '../trust/store.js';
import { counted } from '../util/counted.js';
import { agentTrustParts, type AgentTrustPart } from './agent-trust.js';

interface FileTrustResult {
  /** Everything asked was done: Hookpanel's record and, where Hookpanel can change it, the agent's trust. */
  ok: boolean;
  /** What changed (and what did not), one sentence or two a line: Hookpanel's record first, then the agent. */
  lines: string[];
  /** The trust store entry made, when one was. */
  entry: TrustEntry | null;
}

interface TrustFileRequest {
  path: string;
  /** The file's sha256 as reviewed: a file changed since is refused. */
  sha256: string;
  /** The scripts' digests as reviewed; when given, a script changed since is refused too. */
  scripts?: { path: string; sha256: string | null }[];
}

/** The agent whose own file this is, when Hookpanel only inspects it (the agent runs it itself). */
interface AgentOfFile {
  label: string;
  part: AgentTrustPart | null;
}

async function agentOf(dialect: Dialect, role: string): Promise<AgentOfFile | null> {
  const manifest = dialectManifest(dialect);
  if (manifest.kind !== 'agent' || role !== 'inspected') return null;
  const part = (await agentTrustParts()).find((p) => p.id === dialect)?.part ?? null;
  return { label: manifest.label, part };
}

/** Whether trusting this file records the agent's own trust (Codex), user-level files included. */
export async function recordsAgentTrust(path: string, ctx: LoadContext): Promise<boolean> {
  const placed = placeFile(path, ctx);
  if (!placed) return false;
  return !!(await agentOf(placed.module.dialect, candidateRole(placed.candidate, ctx)))?.part?.trustFile;
}

/** The file as loaded with every other source of the workspace: the agents' cross-file rules applied. */
async function combined(ctx: LoadContext, path: string): Promise<{ source: Source; all: Source[] } | null> {
  const all = await loadSources(ctx, null);
  const source = all.find((s) => s.path === path);
  return source ? { source, all } : null;
}

/**
 * For an agent Hookpanel cannot change: that it runs the file itself, and what it will do with it now,
 * as its own trust gate says (Gemini CLI's folder trust), where Hookpanel knows.
 */
async function unchangedAgent(agent: AgentOfFile, path: string, ctx: LoadContext): Promise<string> {
  const { label, part } = agent;
  const lines = [
    part
      ? `${label} runs this file's hooks itself, under its own trust: Hookpanel did not change ${label}.`
      : `${label} runs this file's hooks itself: Hookpanel did not change ${label}, and cannot stop or start them there.`,
  ];
  if (part) {
    const loaded = await combined(ctx, path);
    if (loaded) {
      const report = await part.report(
        loaded.all.filter((s) => s.dialect === loaded.source.dialect),
        ctx,
      );
      const mine = report.hooks.filter((h) => h.path === path);
      const skip = mine.find((h) => h.status === 'skips');
      const verdict = skip ?? mine.find((h) => h.status === 'unknown') ?? mine[0];
      if (verdict) lines.push(`Now: ${verdict.message}.`);
      if (skip && report.fix) lines.push(report.fix);
    }
  }
  return lines.join(' ');
}

/** Trusts a file exactly as reviewed: the agent's own trust first where Hookpanel records it, then Hookpanel's. */
export async function trustFile(
  store: TrustStore,
  ctx: LoadContext,
  req: TrustFileRequest,
): Promise<FileTrustResult> {
  const refuse = (...lines: string[]): FileTrustResult => ({ ok: false, lines, entry: null });
  const placed = placeFile(req.path, ctx);
  if (!placed) return refuse(`${resolve(req.path)} is not a hook file location Hookpanel knows`);
  const path = placed.candidate.path;
  // The file's own workspace: its hooks' relative script paths resolve there, its agent is asked there.
  const wctx = { ...ctx, workspace: placed.workspace ?? ctx.workspace };
  const { source, bytes } = await loadCandidate(placed.module, placed.candidate, wctx);
  if (!bytes) return refuse(`${path} cannot be read`);
  // Trust exactly what the person saw: if the file changed since, they must look again.
  const changed = `${path} changed since it was shown; review the new version`;
  if (source.sha256 !== req.sha256) return refuse(changed);
  const scripts = await readScripts(source);
  if (req.scripts && !sameScripts(req.scripts, scripts))
    return refuse(`a script ${path} runs changed since it was shown; review the new version`);
  const agent = await agentOf(source.dialect, source.role);
  if (!source.projectScoped && !agent?.part?.trustFile) return refuse(`${path} is not a project hook file`);

  const lines: string[] = [];
  if (agent?.part?.trustFile) {
    const loaded = await combined(wctx, path);
    if (loaded?.source.sha256 !== req.sha256) return refuse(changed);
    const change = await agent.part.trustFile(loaded.source, wctx);
    switch (change.kind) {
      case 'refused':
        return refuse(
          change.message,
          change.then ??
            `Not trusted: nothing was recorded, in Hookpanel or in ${agent.label}; trust it again once ${agent.label} can record it.`,
        );
      case 'still-runs':
      case 'done':
        // Still-runs (policy runs some hooks whatever is recorded) is the agent trusting them anyway.
        lines.push(change.message);
        break;
      default:
        change satisfies never;
    }
  }
  let entry: TrustEntry | null = null;
  if (source.projectScoped) {
    entry = await store.trust(source, bytes, scripts);
    const servers = Object.keys(serversOf(source)).length;
    const what = `sha256 ${entry.sha256.slice(0, 12)}…, ${counted(source.rules.length, 'rule')}${servers ? `, ${counted(servers, 'MCP server')}` : ''}${scripts.length ? `, ${counted(scripts.length, 'script')}` : ''}`;
    lines.unshift(
      agent ? `Trusted ${entry.path} in Hookpanel (${what}).` : `Trusted ${entry.path} (${what}).`,
    );
  }
  if (agent && !agent.part?.trustFile) lines.push(await unchangedAgent(agent, path, wctx));
  // Guarded: Hookpanel runs it in the agent's place, so this trust is what lets it run.
  if (source.guarded) lines.push(fileGate(source.dialect, source.role, true).trust);
  return { ok: true, lines, entry };
}

/** Takes back the trust of a file: Hookpanel's record, and the agent's own where Hookpanel can change it. */
export async function untrustFile(
  store: TrustStore,
  ctx: LoadContext,
  path: string,
): Promise<FileTrustResult> {
  const full = resolve(path);
  const removed = await store.untrust(full);
  const placed = placeFile(full, ctx);
  const role = placed ? candidateRole(placed.candidate, ctx) : null;
  const agent = placed && role ? await agentOf(placed.module.dialect, role) : null;
  if (!agent)
    return {
      ok: true,
      lines: [
        removed ? `Untrusted ${full}; its hooks are inert again.` : `${full} was not trusted.`,
        // Guarded: the agent does not run it either, so untrusting here is what stops it.
        ...(placed?.candidate.guarded ? [fileGate(placed.module.dialect, 'hosted', true).block] : []),
      ],
      entry: null,
    };
  // A user-level file has no record in Hookpanel (only the agent gates it): nothing to say of one.
  const lines =
    removed || placed!.candidate.projectScoped
      ? [
          removed
            ? `Untrusted ${full} in Hookpanel: its record is gone.`
            : `${full} was not trusted in Hookpanel.`,
        ]
      : [];
  const wctx = { ...ctx, workspace: placed!.workspace ?? ctx.workspace };
  if (agent.part?.untrustFile) {
    const change = await agent.part.untrustFile(full, wctx);
    lines.push(change.message);
    // Refused or still running: the person asked for the hooks to stop, and in the agent they did not.
    return { ok: change.kind === 'done', lines, entry: null };
  }
  lines.push(await unchangedAgent(agent, full, wctx));
  return { ok: true, lines, entry: null };
}
