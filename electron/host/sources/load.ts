// Loads every hook file of every dialect for a workspace: read → parse → validate → combine → trust.
import { readFile } from 'node:fs/promises';
import type { Source } from '../../../shared/model.js';
import type { Candidate, DialectModule, LoadContext } from '../dialects/dialect.js';
import { DIALECT_MODULES } from '../dialects/registry.js';
import { DiagnosticSink } from '../diagnostics/sink.js';
import { readHookFile, sha256 } from '../documents/read.js';
import { serversOf } from '../../../shared/mcp.js';
import type { TrustStore } from '../trust/store.js';
import { shellParserReady } from '../dialects/pw/scripts.js';
import { folderDigest } from './folders.js';
import { parseDocument } from './parse.js';

export interface LoadedFileBytes {
  source: Source;
  /** The bytes the source was read from (null when absent or unreadable). */
  bytes: Buffer | null;
}

/** Reads, parses and validates one file as one candidate of a dialect. */
export async function loadCandidate(
  mod: DialectModule,
  candidate: Candidate,
  ctx: LoadContext,
): Promise<LoadedFileBytes> {
  const source: Source = {
    path: candidate.path,
    dialect: mod.dialect,
    layer: candidate.layer,
    priority: candidate.priority,
    role: ctx.settings.roles[candidate.path] ?? candidate.role,
    state: 'active',
    projectScoped: candidate.projectScoped,
    workspace: candidate.projectScoped ? ctx.workspace : null,
    sha256: null,
    scripts: [],
    rules: [],
    diagnostics: [],
    settings: {},
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
  const doc = parseDocument(read.text, candidate.format, mod.yamlVersion, mod.parse);
  const sink = new DiagnosticSink(candidate.path, doc);
  for (const n of read.notes) sink.add(n.severity, n.code, n.message, { position: n.position });
  if (doc.syntaxProblems.length) {
    for (const p of doc.syntaxProblems)
      sink.error('syntax', p.message, { position: p.position, excerpt: p.excerpt });
    mod.onRejected?.(candidate, sink);
    return { source: { ...source, state: 'invalid', diagnostics: sink.list }, bytes: read.bytes };
  }
  for (const w of doc.parseWarnings)
    sink.warn('parse_warning', w.message, { at: w.path, position: w.position });
  if (read.text.trim() === '' && candidate.format !== 'json')
    sink.info('empty_file', 'the file is empty, so it declares no hooks');
  // Project files' commands are read with the shell parser, for the scripts trust covers.
  if (candidate.projectScoped) await shellParserReady();
  const result = await mod.load(doc, candidate, sink, ctx);
  source.state = result.state ?? (result.valid ? 'active' : 'invalid');
  source.rules = result.valid ? result.rules : [];
  source.settings = result.settings ?? {};
  source.scripts = [
    ...(await Promise.all(
      [...new Set(result.scripts ?? [])].map(async (path) => ({
        path,
        sha256: await readFile(path).then(sha256, () => null),
      })),
    )),
    ...[...new Set(result.folders ?? [])].map((path) => ({
      path,
      sha256: folderDigest(path, source.workspace),
      folder: true,
    })),
  ];
  source.diagnostics = sink.list;
  return { source, bytes: read.bytes };
}

/** Every source of every dialect for the context, with trust and cross-file rules applied. */
export async function loadSources(ctx: LoadContext, trust: TrustStore | null): Promise<Source[]> {
  const perDialect = await Promise.all(
    DIALECT_MODULES.map(async (mod) => {
      const loaded = await Promise.all(mod.locate(ctx).map((c) => loadCandidate(mod, c, ctx)));
      const sources = loaded.map((l) => l.source);
      if (trust) for (const s of sources) applyTrust(s, trust);
      return sources;
    }),
  );
  const all = perDialect.flat();
  for (const [i, mod] of DIALECT_MODULES.entries()) await mod.combine?.(perDialect[i]!, ctx, all);
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
  sink.warn(
    status === 'changed' ? 'trust_changed' : 'untrusted',
    status === 'changed'
      ? 'this project file (or a script it runs) changed since you trusted it, so its hooks are inert again; review the change and trust it (hookpanel trust PATH, or Trust review in the panel)'
      : 'project hooks are inert until you review and trust this exact file (hookpanel trust PATH, or Trust review in the panel)',
  );
  source.diagnostics.unshift(...sink.list);
}
