// The parts of a command's help commander does not write: its examples, and text wrapped to the terminal.
import type { Example } from './definitions.js';

/** Each example as a comment saying what it does above the line to copy. */
export function examplesText(examples: readonly Example[]): string {
  return ['examples:', ...examples.flatMap((e) => [`  # ${e.does}`, `  ${e.run}`])].join('\n');
}

/** `text` in lines of at most `width` columns (a longer word stands alone), the later ones indented. */
export function wrap(text: string, width: number, indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}
