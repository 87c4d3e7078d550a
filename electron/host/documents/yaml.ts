import {
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Document,
  type Node,
  type Pair,
  type YAMLMap,
} from 'yaml';
import type { ParsedDocument, Position } from './document.js';
import { LineIndex } from './lines.js';
import { checkAliases, MAX_ALIAS_COUNT } from './yaml-aliases.js';

/** YAML 1.2 (core schema, unique keys) with positions for every key and value. */
export function parseYamlDocument(text: string, version: '1.1' | '1.2' = '1.2'): ParsedDocument {
  const counter = new LineCounter();
  const lines = new LineIndex(text);
  const doc = parseDocument(text, {
    lineCounter: counter,
    // The library's own check compares each key with every key before it (quadratic: 80k keys took
    // over a minute); duplicateKeys below reports the same problem in one pass.
    uniqueKeys: false,
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
  const syntaxProblems: ParsedDocument['syntaxProblems'] = [
    ...doc.errors.map((e) => ({
      offset: e.pos?.[0] ?? null,
      message: /call stack/i.test(e.message)
        ? 'the file is nested too deeply to read'
        : `invalid YAML: ${e.message.split('\n')[0]}`,
    })),
    ...duplicateKeys(doc).map((offset) => ({ offset, message: 'invalid YAML: Map keys must be unique' })),
  ]
    .sort((a, b) => (a.offset ?? Infinity) - (b.offset ?? Infinity))
    .map((p) => ({ message: p.message, position: p.offset === null ? null : pos(p.offset) }));
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
          const pair = pairByKey(node, step);
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

/**
 * Where a key repeats an earlier scalar key of the same map (what the library's uniqueKeys option
 * reports, compared the same way), in one pass over each map.
 */
const EMPTY_KEY = Symbol('empty key');
function duplicateKeys(doc: Document): number[] {
  const offsets: number[] = [];
  visit(doc, {
    Map(_k, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        // An empty key (`? ` alone) is the library's null key, equal to another empty key.
        if (pair.key !== null && !isScalar(pair.key)) continue;
        const key = pair.key === null ? EMPTY_KEY : pair.key.value;
        if (seen.has(key) && !Number.isNaN(key)) offsets.push(pair.key?.range?.[0] ?? map.range?.[0] ?? 0);
        seen.add(key);
      }
    },
  });
  return offsets;
}

/** The first pair of a map with this key, from an index built once per map (locate runs per problem). */
const pairIndex = new WeakMap<YAMLMap, Map<unknown, Pair>>();
function pairByKey(map: YAMLMap, key: unknown): Pair | undefined {
  let index = pairIndex.get(map);
  if (!index) {
    index = new Map();
    for (const p of map.items as Pair[]) {
      const k = isScalar(p.key) ? p.key.value : p.key;
      if (!index.has(k)) index.set(k, p);
    }
    pairIndex.set(map, index);
  }
  return index.get(key);
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
