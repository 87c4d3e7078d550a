// Loads every hook file of every dialect for a workspace: read → parse → validate → combine → trust.
import { channel } from 'node:diagnostics_channel';
import { readFile } from 'node:fs/promises';
import type { Dialect, Source } from '../../../shared/model.js';
import type { Candidate, DialectModule, LoadContext } from '../dialects/dialect.js';
import { DIALECT_MODULES } from '../dialects/registry.js';
import { DiagnosticSink } from '../diagnostics/sink.js';
import { readHookFile, sha256 } from '../documents/read.js';
import { serversOf } from '../../../shared/mcp.js';
import { fileGate } from '../../../shared/trust-gate.js';
import type { TrustStore } from '../trust/store.js';
import { folderDigest } from './folders.js';
import { OFF_THREAD_BYTES, validateOffThread } from './off-thread.js';
import { validateText } from './validate.js';

export interface LoadedFileBytes {
  source: Source;
  /** The bytes the source was read from (null when absent or unreadable). */
  bytes: Buffer | null;
}

/**
 * Who runs a candidate's hooks: a guarded file is Hookpanel's to run whatever Settings' roles say, since
 * its agent no longer runs it; otherwise the role set in settings, else the dialect's own.
 */
export function candidateRole(candidate: Candidate, ctx: LoadContext): Source['role'] {
  return candidate.guarded ? 'hosted' : (ctx.settings.roles[candidate.path] ?? candidate.role);
}

/** The dialect that lists the workspace's cross-tool .mcp.json among its places (shared/mcp.ts). */
export const CROSS_TOOL_MCP_DIALECT: Dialect = 'pw';

/**
 * The dialects whose files can change what one event of `dialect` does: its own, and the one that loads
 * the workspace's .mcp.json, whose servers its MCP tool hooks may call. The in-process `hookpanel emit`
 * reads only these: every other agent's files were most of what it parsed, for nothing.
 */
export function dialectsOfEvent(dialect: Dialect): DialectModule[] {
  return DIALECT_MODULES.filter((m) => m.dialect === dialect || m.dialect === CROSS_TOOL_MCP_DIALECT);
}

/**
 * Whether a file's scripts can change its trust: only where a version with these very bytes was
 * trusted (TrustStore.status); any other file is untrusted or changed whatever its scripts are.
 */
type ScriptsDecideTrust = (path: string, sha256: string) => boolean;

/**
 * Reads, parses and validates one file as one candidate of a dialect. With `scriptsDecide`, a file
 * whose trust its scripts cannot change is not read for them (LoadContext's `scriptsUnread`).
 */
export async function loadCandidate(
  mod: DialectModule,
  candidate: Candidate,
  ctx: LoadContext,
  scriptsDecide?: ScriptsDecideTrust,
): Promise<LoadedFileBytes> {
  const source: Source = {
    path: candidate.path,
    dialect: mod.dialect,
    layer: candidate.layer,
    priority: candidate.priority,
    role: candidateRole(candidate, ctx),
    state: 'active',
    projectScoped: candidate.projectScoped,
    workspace: candidate.projectScoped ? ctx.workspace : null,
    sha256: null,
    scripts: [],
    rules: [],
    diagnostics: [],
    settings: {},
    ...(candidate.guarded ? { guarded: true } : {}),
  };
  const read = await readHookFile(candidate.path);
  if (read.status === 'absent') return { source: { ...source, state: 'absent' }, bytes: null };
  if (read.status === 'failed') {
    const sink = new DiagnosticSink(candidate.path);
    for (const n of read.notes) sink.add(n.severity, n.code, n.message, { position: n.position });
    mod.onRejected?.(candidate, sink);
    return {
      source: { ...source, state: 'invalid', sha256: read.sha256, diagnostics: sink.list },
      bytes: null,
    };
  }
  source.sha256 = read.sha256;
  const fileCtx: LoadContext =
    scriptsDecide && !scriptsDecide(candidate.path, read.sha256) ? { ...ctx, scriptsUnread: true } : ctx;
  const validated =
    read.bytes.length > OFF_THREAD_BYTES
      ? await validateOffThread(mod, candidate, fileCtx, read)
      : await validateText(mod, candidate, fileCtx, read.text, read.notes);
  source.state = validated.state;
  source.rules = validated.rules;
  source.settings = validated.settings;
  source.scripts = [
    ...(await Promise.all(
      validated.scripts.map(async (path) => ({
        path,
        sha256: await readFile(path).then(sha256, () => null),
      })),
    )),
    ...validated.folders.map((path) => ({
      path,
      sha256: folderDigest(path, source.workspace),
      folder: true,
    })),
  ];
  source.diagnostics = validated.diagnostics;
  return { source, bytes: read.bytes };
}

/**
 * Each read of the hook files says so on this channel (`{ workspace, files }`), as the event's steps do on
 * phase-trace's: nobody listens in the product, so it costs one check; tests count the reads.
 */
export const SOURCES_READ_CHANNEL = 'hookpanel:sources-read';
const sourcesRead = channel(SOURCES_READ_CHANNEL);

/**
 * Every source of every dialect for the context, with trust and cross-file rules applied. `dialects`
 * narrows it to some, whose places alone are read: one event's (dialectsOfEvent), one fuzzed dialect's.
 * `scriptsOnlyForTrust`: a project's scripts are looked for only where they can change its trust, for a
 * reader that shows no script (the in-process emit): finding them parses every command of the file
 * with tree-sitter, a quarter of what one event cost it.
 */
export async function loadSources(
  ctx: LoadContext,
  trust: TrustStore | null,
  dialects: readonly DialectModule[] = DIALECT_MODULES,
  opts: { scriptsOnlyForTrust?: boolean } = {},
): Promise<Source[]> {
  const decide: ScriptsDecideTrust | undefined =
    opts.scriptsOnlyForTrust && trust ? (path, digest) => trust.entry(path)?.sha256 === digest : undefined;
  const perDialect = await Promise.all(
    dialects.map(async (mod) => {
      const loaded = await Promise.all(mod.locate(ctx).map((c) => loadCandidate(mod, c, ctx, decide)));
      const sources = loaded.map((l) => l.source);
      if (trust) for (const s of sources) applyTrust(s, trust);
      return sources;
    }),
  );
  const all = perDialect.flat();
  for (const [i, mod] of dialects.entries()) await mod.combine?.(perDialect[i]!, ctx, all);
  if (sourcesRead.hasSubscribers) sourcesRead.publish({ workspace: ctx.workspace, files: all.length });
  return all;
}

/** Project files with rules or MCP servers stay inert until their exact bytes (and scripts) are trusted. */
export function applyTrust(source: Source, trust: TrustStore): void {
  if (
    !source.projectScoped ||
    source.state !== 'active' ||
    (source.rules.length === 0 && !Object.keys(serversOf(source)).length)
  )
    return;
  const status = trust.status(source);
  if (status === 'trusted') return;
  source.state = 'untrusted';
  const sink = new DiagnosticSink(source.path);
  const gate = fileGate(source.dialect, source.role, source.guarded);
  // Inert only where Hookpanel is what runs them; an agent that runs its own files is said to.
  sink.warn(
    status === 'changed' ? 'trust_changed' : 'untrusted',
    !gate.inertUntilTrusted
      ? `${status === 'changed' ? 'this project file (or a script it runs) changed since you reviewed it' : 'this project file is not reviewed in Hookpanel yet'}. ${gate.runs} ${gate.block} Review it: hookpanel trust PATH, or Trust review in the panel`
      : status === 'changed'
        ? 'this project file (or a script it runs) changed since you trusted it, so its hooks are inert again; review the change and trust it (hookpanel trust PATH, or Trust review in the panel)'
        : 'project hooks are inert until you review and trust this exact file (hookpanel trust PATH, or Trust review in the panel)',
  );
  source.diagnostics.unshift(...sink.list);
}
