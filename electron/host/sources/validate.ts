// Parse → validate → normalize one hook file's text: the same code whether it runs on the host's own
// thread or, for a large file, on a worker (off-thread.ts), so both give the same rules, positions
// and diagnostics.
import type { Diagnostic, Rule, Source } from '../../../shared/model.js';
import { readsScripts, type Candidate, type DialectModule, type LoadContext } from '../dialects/dialect.js';
import { DiagnosticSink } from '../diagnostics/sink.js';
import type { ReadNote } from '../documents/read.js';
import { shellParserReady } from '../trust/command-scripts.js';
import { parseDocument } from './parse.js';

/** What a file's text says, before its scripts are hashed and trust is applied. Plain data: it crosses threads. */
export interface Validated {
  state: Source['state'];
  rules: Rule[];
  settings: Record<string, unknown>;
  /** Scripts the rules run, and folders watched for files that cannot be pinned (absolute paths). */
  scripts: string[];
  folders: string[];
  diagnostics: Diagnostic[];
}

export async function validateText(
  mod: DialectModule,
  candidate: Candidate,
  ctx: LoadContext,
  text: string,
  notes: readonly ReadNote[],
): Promise<Validated> {
  const doc = parseDocument(text, candidate.format, mod.yamlVersion, mod.parse);
  const sink = new DiagnosticSink(candidate.path, doc);
  for (const n of notes) sink.add(n.severity, n.code, n.message, { position: n.position });
  if (doc.syntaxProblems.length) {
    for (const p of doc.syntaxProblems)
      sink.error('syntax', p.message, { position: p.position, excerpt: p.excerpt });
    mod.onRejected?.(candidate, sink);
    return rejected(sink.list);
  }
  for (const w of doc.parseWarnings)
    sink.warn('parse_warning', w.message, { at: w.path, position: w.position });
  if (text.trim() === '' && candidate.format !== 'json')
    sink.info('empty_file', 'the file is empty, so it declares no hooks');
  // Project files' commands are read with the shell parser, for the scripts trust covers.
  if (readsScripts(candidate, ctx)) await shellParserReady();
  const result = await mod.load(doc, candidate, sink, ctx);
  return {
    state: result.state ?? (result.valid ? 'active' : 'invalid'),
    rules: result.valid ? result.rules : [],
    settings: result.settings ?? {},
    scripts: [...new Set(result.scripts ?? [])],
    folders: [...new Set(result.folders ?? [])],
    diagnostics: sink.list,
  };
}

/** A whole file refused before its rules were read (a syntax error, a parse over its time bound). */
export function rejected(diagnostics: Diagnostic[]): Validated {
  return { state: 'invalid', rules: [], settings: {}, scripts: [], folders: [], diagnostics };
}
