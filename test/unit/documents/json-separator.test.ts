// A missing comma is reported where it belongs (the end of the line before the next entry), with that
// line and the next shown; a comma before a closing bracket likewise.
import { afterEach, describe, expect, test } from 'vitest';
import { makeEnv, type TestEnv } from '../../helpers/env.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

const FILE = '~/.claude/settings.json';
const syntax = async () => {
  const s = await env.source(FILE);
  const d = s.diagnostics[0]!;
  return { state: s.state, at: [d.line, d.column], message: d.message, excerpt: d.excerpt };
};

describe('JSON separators', () => {
  test('a missing comma between two hooks: the line where it belongs, and the next', async () => {
    env = makeEnv();
    env.write(
      FILE,
      [
        '{ "hooks": { "Stop": [ { "hooks": [',
        '  { "type": "command", "command": "a.sh" }',
        '  { "type": "command", "command": "b.sh" }',
        '] } ] } }',
      ].join('\n'),
    );
    expect(await syntax()).toEqual({
      state: 'invalid',
      at: [2, 43],
      message: 'invalid JSON: a comma is missing at the end of line 2, before the "{" on line 3',
      excerpt: [
        '2 |   { "type": "command", "command": "a.sh" }',
        '  |                                           ^ a comma belongs here',
        '3 |   { "type": "command", "command": "b.sh" }',
      ].join('\n'),
    });
  });

  test('lines between (blank or not) are elided; a comma on the same line keeps the one-line report', async () => {
    env = makeEnv();
    env.write(FILE, '{\n  "hooks": {}\n\n\n  "x": 1\n}');
    const far = await syntax();
    expect(far.at).toEqual([2, 14]);
    expect(far.excerpt!.split('\n')).toEqual([
      '2 |   "hooks": {}',
      '  |              ^ a comma belongs here',
      '  | …',
      '5 |   "x": 1',
    ]);
    env.write(FILE, '{ "hooks": {} "x": 1 }');
    const same = await syntax();
    expect(same.at).toEqual([1, 15]);
    expect(same.excerpt).toBe('{ "hooks": {} "x": 1 }');
    expect(same.message).toContain('expected a comma between entries');
  });

  test('a trailing comma before the closing brace points at the comma', async () => {
    env = makeEnv();
    env.write(FILE, '{\n  "hooks": {},\n}\n');
    expect(await syntax()).toEqual({
      state: 'invalid',
      at: [2, 14],
      message: 'invalid JSON: a trailing comma at the end of line 2 (JSON allows no comma before "}")',
      excerpt: ['2 |   "hooks": {},', '  |              ^ remove this comma', '3 | }'].join('\n'),
    });
  });
});
