// A hook file with many keys reads in time that grows with its size, not its square, and duplicate
// keys are still reported where they are, at every level.
import { describe, expect, test } from 'vitest';
import { parseYamlDocument } from '../../../electron/host/documents/yaml.js';

function manyKeys(n: number): string {
  const lines = ['hooks:', '  - { id: a, event: after_turn, run: { type: shell, shell: "true" } }'];
  for (let i = 0; i < n; i++) lines.push(`k${i}: ${i}`);
  return `${lines.join('\n')}\n`;
}

describe('YAML with many keys', () => {
  test('40k keys parse, with every key located, in bounded time (quadratic took ~17 s)', () => {
    const text = manyKeys(40_000);
    const started = performance.now();
    const doc = parseYamlDocument(text, '1.1');
    for (let i = 0; i < 40_000; i += 1) expect(doc.locate([`k${i}`], 'key')?.line).toBe(i + 3);
    const ms = performance.now() - started;
    expect(doc.syntaxProblems).toEqual([]);
    expect(Object.keys(doc.value as object)).toHaveLength(40_001);
    // Linear work is well under a second on a quiet machine; the bound leaves room for a busy one.
    expect(ms).toBeLessThan(8000);
  });

  test('duplicate keys are still errors, each at the repeated key, nested maps and flow maps too', () => {
    const doc = parseYamlDocument(
      ['a: 1', 'b:', '  x: 1', '  y: 2', '  x: 3', 'c: { p: 1, p: 2 }', 'a: 2', '1: one', '1: uno'].join(
        '\n',
      ),
    );
    expect(doc.syntaxProblems).toEqual([
      { message: 'invalid YAML: Map keys must be unique', position: { line: 5, column: 3 } },
      { message: 'invalid YAML: Map keys must be unique', position: { line: 6, column: 12 } },
      { message: 'invalid YAML: Map keys must be unique', position: { line: 7, column: 1 } },
      { message: 'invalid YAML: Map keys must be unique', position: { line: 9, column: 1 } },
    ]);
    expect(doc.value).toBeUndefined();
    // The same key in different maps, and "1" against 1, are not duplicates.
    expect(parseYamlDocument('a: { k: 1 }\nb: { k: 1 }\n"1": x\n1: y\n').syntaxProblems).toEqual([]);
  });
});
