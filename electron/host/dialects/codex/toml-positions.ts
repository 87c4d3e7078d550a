// config.toml with a position for every table, array-of-tables element and key, so a problem in
// `[[hooks.PreToolUse.hooks]]` points at its line. smol-toml gives the value and syntax errors but
// no positions; this scan follows TOML's headers and `key = value` lines (inline tables and arrays
// resolve to the line of their key).
import type { KeyPath, ParsedDocument, Position } from '../../documents/document.js';
import { LineIndex } from '../../documents/lines.js';
import { parseTomlDocument } from '../../documents/toml.js';

interface Spot {
  key: Position;
  value: Position;
}

export function parseCodexToml(text: string): ParsedDocument {
  const base = parseTomlDocument(text);
  const lines = new LineIndex(text);
  const spots = scan(lines);
  return {
    ...base,
    locate(path: KeyPath, part = 'value'): Position | null {
      for (let n = path.length; n >= 1; n--) {
        const spot = spots.get(JSON.stringify(path.slice(0, n)));
        if (spot) return n === path.length && part === 'key' ? spot.key : spot.value;
      }
      return null;
    },
  };
}

function scan(lines: LineIndex): Map<string, Spot> {
  const spots = new Map<string, Spot>();
  const elements = new Map<string, number>();
  let current: (string | number)[] = [];
  let open: { close: string } | { depth: number } | null = null;
  const put = (path: (string | number)[], spot: Spot) => {
    const k = JSON.stringify(path);
    if (!spots.has(k)) spots.set(k, spot);
  };
  // An array-of-tables segment stands for its latest element.
  const resolve = (segments: string[]) => {
    const out: (string | number)[] = [];
    for (const s of segments) {
      out.push(s);
      const count = elements.get(JSON.stringify(out));
      if (count !== undefined) out.push(count - 1);
    }
    return out;
  };
  for (let n = 1; n <= lines.lineCount; n++) {
    const line = lines.lineText(n) ?? '';
    if (open) {
      open = continueOpen(line, open);
      continue;
    }
    const indent = line.length - line.trimStart().length;
    const rest = line.slice(indent);
    if (rest === '' || rest.startsWith('#')) continue;
    const at = { line: n, column: indent + 1 };
    if (rest.startsWith('[[')) {
      const keys = readKeys(rest, 2);
      if (!keys) continue;
      const parent = resolve(keys.segments.slice(0, -1));
      const array = [...parent, keys.segments.at(-1)!];
      const count = (elements.get(JSON.stringify(array)) ?? 0) + 1;
      elements.set(JSON.stringify(array), count);
      current = [...array, count - 1];
      put(array, { key: at, value: at });
      put(current, { key: at, value: at });
    } else if (rest.startsWith('[')) {
      const keys = readKeys(rest, 1);
      if (!keys) continue;
      current = resolve(keys.segments);
      put(current, { key: at, value: at });
    } else {
      const keys = readKeys(rest, 0);
      if (!keys) continue;
      const after = rest.slice(keys.end);
      const eq = /^\s*=\s*/.exec(after);
      if (!eq) continue;
      const valueColumn = indent + keys.end + eq[0].length + 1;
      put([...current, ...keys.segments], { key: at, value: { line: n, column: valueColumn } });
      open = opensValue(after.slice(eq[0].length));
    }
  }
  return spots;
}

/** Reads dotted keys (bare, "quoted" or 'literal') from `start`, up to `=` or the header's `]`. */
function readKeys(text: string, start: number): { segments: string[]; end: number } | null {
  const segments: string[] = [];
  let i = start;
  for (;;) {
    while (text[i] === ' ' || text[i] === '\t') i++;
    if (text[i] === '"') {
      const m = /^"((?:[^"\\]|\\.)*)"/.exec(text.slice(i));
      if (!m) return null;
      try {
        segments.push(JSON.parse(`"${m[1]}"`) as string);
      } catch {
        segments.push(m[1]!);
      }
      i += m[0].length;
    } else if (text[i] === "'") {
      const m = /^'([^']*)'/.exec(text.slice(i));
      if (!m) return null;
      segments.push(m[1]!);
      i += m[0].length;
    } else {
      const m = /^[A-Za-z0-9_-]+/.exec(text.slice(i));
      if (!m) return null;
      segments.push(m[0]);
      i += m[0].length;
    }
    while (text[i] === ' ' || text[i] === '\t') i++;
    if (text[i] !== '.') break;
    i++;
  }
  return segments.length ? { segments, end: i } : null;
}

/** A value that goes on past its line: a multi-line string, or an array not yet closed. */
function opensValue(value: string): { close: string } | { depth: number } | null {
  for (const q of ['"""', "'''"]) {
    if (value.startsWith(q)) return value.slice(3).includes(q) ? null : { close: q };
  }
  if (value.startsWith('[')) {
    const depth = bracketDepth(value);
    return depth > 0 ? { depth } : null;
  }
  return null;
}

function continueOpen(line: string, open: { close: string } | { depth: number }): typeof open | null {
  if ('close' in open) return line.includes(open.close) ? null : open;
  const depth = open.depth + bracketDepth(line);
  return depth > 0 ? { depth } : null;
}

/** Net `[` minus `]` outside strings and comments. */
function bracketDepth(text: string): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#') break;
    else if (c === '[') depth++;
    else if (c === ']') depth--;
  }
  return depth;
}
