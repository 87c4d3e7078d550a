// A missing or extra comma is reported by the parser at the next token, often on the next line (the
// `{` of the following entry): the mistake is at the end of the line before. This finds that place
// and shows both lines, so a person looks where the comma belongs.
import type { Position } from './document.js';
import type { LineIndex } from './lines.js';

export interface SeparatorProblem {
  message: string;
  position: Position;
  excerpt: string;
}

/**
 * For an error at `offset` whose token starts a line: where the previous token ends, with the two lines
 * as a small frame. `missing`: the parser expected a comma; otherwise a comma before a closing bracket.
 */
export function separatorProblem(
  text: string,
  offset: number,
  lines: LineIndex,
  code: string,
): SeparatorProblem | null {
  let end = offset;
  while (end > 0 && /\s/.test(text[end - 1]!)) end--;
  if (end === 0) return null;
  const here = lines.position(offset);
  const before = lines.position(end - 1);
  if (before.line === here.line) return null;
  const found = text[end - 1];
  const next = JSON.stringify(text[offset] ?? '');
  if (code === 'CommaExpected' && found !== ',') {
    const at = { line: before.line, column: before.column + 1 };
    return {
      message: `invalid JSON: a comma is missing at the end of line ${before.line}, before the ${next} on line ${here.line}`,
      position: at,
      excerpt: frame(lines, at, here.line, 'a comma belongs here'),
    };
  }
  if ((code === 'PropertyNameExpected' || code === 'ValueExpected') && found === ',') {
    return {
      message: `invalid JSON: a trailing comma at the end of line ${before.line} (JSON allows no comma before ${next})`,
      position: before,
      excerpt: frame(lines, before, here.line, 'remove this comma'),
    };
  }
  return null;
}

/** Two lines with their numbers, and a caret under `at` saying what to do there. */
function frame(lines: LineIndex, at: Position, nextLine: number, note: string): string {
  const width = String(nextLine).length;
  const row = (n: number) => `${String(n).padStart(width)} | ${lines.lineText(n) ?? ''}`;
  const first = lines.lineText(at.line) ?? '';
  // Tabs kept, so the caret lines up however the tab is drawn.
  const pad = first.slice(0, at.column - 1).replace(/[^\t]/g, ' ');
  const gap = nextLine - at.line > 1 ? [`${' '.repeat(width)} | …`] : [];
  return [row(at.line), `${' '.repeat(width)} | ${pad}^ ${note}`, ...gap, row(nextLine)]
    .map((l) => l.slice(0, 400))
    .join('\n');
}
