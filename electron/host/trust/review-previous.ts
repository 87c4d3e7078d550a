// The last trusted version of a file, read by the same dialect loader as the current one, so the two
// can be compared by what they would run rather than by their text.
import type { Rule, Source } from '../../../shared/model.js';
import type { DialectModule, LoadContext } from '../dialects/dialect.js';
import { dialectModule } from '../dialects/registry.js';
import { DiagnosticSink } from '../diagnostics/sink.js';
import { shellParserReady } from './command-scripts.js';
import { parseDocument } from '../sources/parse.js';

export interface TrustedVersion {
  rules: Rule[];
  settings: Record<string, unknown>;
  /** Why the trusted version cannot be compared (it no longer loads), or null. */
  problem: string | null;
}

export async function loadTrustedVersion(
  source: Source,
  text: string,
  ctx: LoadContext,
  mod: DialectModule = dialectModule(source.dialect),
): Promise<TrustedVersion> {
  const candidate = {
    path: source.path,
    layer: source.layer,
    priority: source.priority,
    role: source.role,
    projectScoped: source.projectScoped,
    format: mod.formatOf(source.path),
  };
  // As readHookFile does for the current bytes: a byte-order mark is not part of the document.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const doc = parseDocument(body, candidate.format, mod.yamlVersion, mod.parse);
  if (doc.syntaxProblems.length)
    return { rules: [], settings: {}, problem: `it does not parse: ${doc.syntaxProblems[0]!.message}` };
  const sink = new DiagnosticSink(source.path, doc);
  if (candidate.projectScoped) await shellParserReady();
  const loaded = await mod.load(doc, candidate, sink, { ...ctx, workspace: source.workspace });
  if (!loaded.valid) {
    const first = sink.list.find((d) => d.severity === 'error');
    return {
      rules: [],
      settings: loaded.settings ?? {},
      problem: `Hookpanel no longer accepts it${first ? ` (${first.message})` : ''}`,
    };
  }
  return { rules: loaded.rules, settings: loaded.settings ?? {}, problem: null };
}
