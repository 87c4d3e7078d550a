import { parse, TomlError } from 'smol-toml';
import type { KeyPath, ParsedDocument, Position } from './document.js';
import { LineIndex } from './lines.js';

/**
 * TOML via smol-toml. smol-toml reports syntax errors with positions but keeps no positions for
 * values, so keys are located by scanning for array-of-tables headers and `key =` lines: enough for
 * io's `[[hook]]` tables, which is all Hookpanel reads from io.toml.
 */
export function parseTomlDocument(text: string): ParsedDocument {
  const lines = new LineIndex(text);
  let value: unknown;
  const syntaxProblems: ParsedDocument['syntaxProblems'] = [];
  try {
    value = parse(text);
  } catch (e) {
    if (e instanceof TomlError) {
      syntaxProblems.push({
        message: `invalid TOML: ${e.message.split('\n')[0]}`,
        position: { line: e.line, column: e.column },
      });
    } else {
      syntaxProblems.push({
        message: `invalid TOML: ${(e as Error).message}`,
        position: { line: 1, column: 1 },
      });
    }
  }
  const tables = scanTables(lines);
  const byName = new Map<string, TableHeader[]>();
  for (const t of tables) {
    if (!byName.has(t.name)) byName.set(t.name, []);
    byName.get(t.name)!.push(t);
  }
  return {
    value,
    syntaxProblems,
    parseWarnings: [],
    locate(path: KeyPath, part = 'value'): Position | null {
      const [head, index, key] = path;
      if (typeof head !== 'string') return null;
      const headers = byName.get(head) ?? [];
      const table = typeof index === 'number' ? headers[index] : headers[0];
      // `[hook.x]` or `[hook."y"]` defines hook as a table: point at its first such header.
      const dotted = tables.find((t) => t.name.startsWith(`${head}.`) || t.name.startsWith(`"${head}".`));
      if (!table)
        return (
          findTopLevelKey(lines, head, tables) ??
          (dotted ? { line: dotted.line, column: dotted.column } : null)
        );
      if (typeof key !== 'string') return { line: table.line, column: table.column };
      for (let line = table.line + 1; line <= table.end; line++) {
        const text = lines.lineText(line) ?? '';
        const m = new RegExp(`^(\\s*)(?:${escape(key)}|"${escape(key)}")\\s*=\\s*`).exec(text);
        if (m) return { line, column: (part === 'key' ? m[1]!.length : m[0].length) + 1 };
      }
      return { line: table.line, column: table.column };
    },
    lineText: (line) => lines.lineText(line),
  };
}

interface TableHeader {
  name: string;
  line: number;
  column: number;
  end: number;
}

function scanTables(lines: LineIndex): TableHeader[] {
  const out: TableHeader[] = [];
  for (let line = 1; line <= lines.lineCount; line++) {
    const m = /^(\s*)\[\[?\s*([^\]]+?)\s*\]\]?/.exec(lines.lineText(line) ?? '');
    if (!m) continue;
    const prev = out[out.length - 1];
    if (prev) prev.end = line - 1;
    out.push({ name: m[2]!.replace(/^"|"$/g, ''), line, column: m[1]!.length + 1, end: lines.lineCount });
  }
  return out;
}

function findTopLevelKey(lines: LineIndex, key: string, tables: TableHeader[]): Position | null {
  const limit = tables[0]?.line ?? lines.lineCount + 1;
  for (let line = 1; line < limit; line++) {
    const m = new RegExp(`^(\\s*)${escape(key)}\\s*=`).exec(lines.lineText(line) ?? '');
    if (m) return { line, column: m[1]!.length + 1 };
  }
  return null;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
