// A nesting limit checked before parsing. The parsers recurse, so a pathologically deep file would
// overflow the stack at a depth that depends on how deep the stack already was: the same file would
// fail at another place, or not at all, from one load to the next. Refusing it here is deterministic
// and names the line. Hook files nest a handful of levels; this is far beyond any real one.
import type { FileFormat } from './document.js';
import type { Position } from './document.js';

export const MAX_NESTING = 200;

/** Where the text first nests deeper than MAX_NESTING (brackets, braces, YAML block indentation), or null. */
export function tooDeep(text: string, format: FileFormat): Position | null {
  let line = 1;
  let lineStart = 0;
  let depth = 0;
  let quote: string | null = null;
  // YAML block nesting: the stack of indentations of the open block collections.
  const indents: number[] = [];
  let atLineStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') {
      line++;
      lineStart = i + 1;
      atLineStart = true;
      // JSON and TOML one-line strings end at a newline (unclosed: the parser says so); YAML's span lines.
      if (quote && quote.length === 1 && format !== 'yaml') quote = null;
      continue;
    }
    if (quote) {
      if (c === '\\' && quote !== "'" && quote !== "'''") i++;
      else if (text.startsWith(quote, i)) {
        i += quote.length - 1;
        quote = null;
      }
      continue;
    }
    if (format === 'yaml' && atLineStart) {
      atLineStart = false;
      let j = i;
      while (text[j] === ' ') j++;
      const indent = j - lineStart;
      if (text[j] !== '\n' && text[j] !== '#' && j < text.length) {
        while (indents.length && indents[indents.length - 1]! >= indent) indents.pop();
        indents.push(indent);
        // `- - - a` opens one sequence per dash on the same line.
        let k = j;
        while (text[k] === '-' && text[k + 1] === ' ') {
          indents.push(indent + (k - j) + 1);
          k += 2;
        }
        if (indents.length + depth > MAX_NESTING) return { line, column: j - lineStart + 1 };
      }
    }
    if (c === '#' && format !== 'json' && (i === lineStart || /\s/.test(text[i - 1]!))) {
      const end = text.indexOf('\n', i);
      i = (end === -1 ? text.length : end) - 1;
      continue;
    }
    if (c === '"' || (c === "'" && format !== 'json')) {
      const triple = format === 'toml' && text.startsWith(c.repeat(3), i);
      // In YAML a quote opens a string only where a scalar starts, not inside `don't`.
      if (format !== 'yaml' || i === lineStart || /[\s[{,:]/.test(text[i - 1]!)) {
        quote = triple ? c.repeat(3) : c;
        if (triple) i += 2;
      }
      continue;
    }
    if (c === '[' || c === '{') {
      depth++;
      if (depth + (format === 'yaml' ? indents.length : 0) > MAX_NESTING)
        return { line, column: i - lineStart + 1 };
    } else if ((c === ']' || c === '}') && depth > 0) depth--;
  }
  return null;
}
