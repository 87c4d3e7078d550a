import { isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';
import type { ParsedDocument, Position } from './document.js';
import { LineIndex } from './lines.js';
import { checkAliases, MAX_ALIAS_COUNT } from './yaml-aliases.js';

/** YAML 1.2 (core schema, unique keys) with positions for every key and value. */
export function parseYamlDocument(text: string, version: '1.1' | '1.2' = '1.2'): ParsedDocument {
  const counter = new LineCounter();
  const lines = new LineIndex(text);
  const doc = parseDocument(text, {
    lineCounter: counter,
    uniqueKeys: true,
    prettyErrors: false,
    strict: true,
    // A library warning would print on the CLI's stderr; what it warns about is reported (or harmless).
    logLevel: 'error',
    version,
  });
  const pos = (offset: number): Position => {
    const p = counter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  const syntaxProblems: ParsedDocument['syntaxProblems'] = doc.errors.map((e) => ({
    message: /call stack/i.test(e.message)
      ? 'the file is nested too deeply to read'
      : `invalid YAML: ${e.message.split('\n')[0]}`,
    position: e.pos ? pos(e.pos[0]) : null,
  }));
  let value: unknown;
  if (syntaxProblems.length === 0) {
    const alias = checkAliases(doc);
    if (alias)
      syntaxProblems.push({ message: `invalid YAML: ${alias.message}`, position: pos(alias.offset) });
    else value = toValue(doc, syntaxProblems, pos);
  }
  return {
    value,
    syntaxProblems,
    parseWarnings: doc.warnings.map((w) => ({
      message: w.message.split('\n')[0] ?? w.message,
      path: [],
      position: w.pos ? pos(w.pos[0]) : undefined,
    })),
    locate(path, part = 'value'): Position | null {
      let node: unknown = doc.contents;
      let keyNode: Node | null = null;
      let best: Position | null = rangeStart(node, pos);
      for (const step of path) {
        keyNode = null;
        if (isMap(node)) {
          const pair = node.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === step);
          if (!pair) return best;
          keyNode = isScalar(pair.key) ? pair.key : null;
          node = pair.value;
          best = rangeStart(node, pos) ?? rangeStart(keyNode, pos) ?? best;
        } else if (isSeq(node) && typeof step === 'number') {
          node = node.items[step];
          best = rangeStart(node, pos) ?? best;
        } else {
          return best;
        }
      }
      if (part === 'key' && keyNode) return rangeStart(keyNode, pos) ?? best;
      return best;
    },
    lineText: (line) => lines.lineText(line),
  };
}

function rangeStart(node: unknown, pos: (offset: number) => Position): Position | null {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return range ? pos(range[0]) : null;
}

/** The plain value; a problem the alias check did not foresee still gets the first alias's line. */
function toValue(
  doc: Document,
  problems: ParsedDocument['syntaxProblems'],
  pos: (o: number) => Position,
): unknown {
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    let at: Position = { line: 1, column: 1 };
    visit(doc, {
      Alias(_k, node) {
        if (node.range) at = pos(node.range[0]);
        return visit.BREAK;
      },
    });
    problems.push({ message: `invalid YAML: ${(e as Error).message}`, position: at });
    return undefined;
  }
}
