import type { Position } from './document.js';

/** Maps offsets in a text to 1-based line and column numbers. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }

  position(offset: number): Position {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 };
  }

  lineText(line: number): string | null {
    const start = this.starts[line - 1];
    if (start === undefined) return null;
    const next = this.starts[line];
    return this.text.slice(start, next === undefined ? undefined : next - 1).replace(/\r$/, '');
  }

  get lineCount(): number {
    return this.starts.length;
  }
}
