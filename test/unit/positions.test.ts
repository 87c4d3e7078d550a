// Every problem points at a line: alias errors at the alias, whole-file errors at line 1.
import { afterEach, describe, expect, test } from 'vitest';
import { MAX_HOOK_FILE_BYTES } from '../../electron/host/documents/read.js';
import { diag, makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

const CHRYS = '~/.chrys/hooks/hooks.yaml';
const first = async (target: string) => {
  const s = await env.source(target);
  return { state: s.state, first: diag(s)[0], message: s.diagnostics[0]!.message };
};

describe('YAML aliases', () => {
  test('an unresolved alias names its line and column', async () => {
    env = makeEnv();
    env.write(CHRYS, 'hooks:\n  - id: a\n    event: after_turn\n    run: *nowhere\n');
    expect(await first(CHRYS)).toMatchObject({
      state: 'invalid',
      first: ['error', 'syntax', 4, 10],
      message: expect.stringContaining('alias *nowhere has no anchor &nowhere before it'),
    });
  });

  test('an alias used before its anchor is unresolved too', async () => {
    env = makeEnv();
    env.write(CHRYS, 'a: *later\nb: &later 1\n');
    expect((await first(CHRYS)).first).toEqual(['error', 'syntax', 1, 4]);
  });

  test('"billion laughs" is refused at the alias that crosses the limit', async () => {
    env = makeEnv();
    const nine = (name: string, of: string) => `${name}: &${name} [${Array(9).fill(`*${of}`).join(', ')}]`;
    env.write(
      CHRYS,
      ['a: &a [x, x]', nine('b', 'a'), nine('c', 'b'), nine('d', 'c'), nine('e', 'd')].join('\n'),
    );
    const got = await first(CHRYS);
    expect(got.first).toEqual(['error', 'syntax', 4, 8]); // as the yaml library counts: d is the first over
    expect(got.message).toContain('resource exhaustion');
  });

  test('an alias inside the node it names is a cycle, not a crash', async () => {
    env = makeEnv();
    env.write(CHRYS, 'hooks:\n  - &h\n    id: a\n    self: *h\n');
    expect(await first(CHRYS)).toMatchObject({
      first: ['error', 'syntax', 4, 11],
      message: expect.stringContaining('inside the node it names'),
    });
  });

  test('ordinary anchors and aliases still load', async () => {
    env = makeEnv();
    env.write(
      CHRYS,
      'x-run: &run { type: shell, shell: "true" }\nhooks:\n  - { id: a, event: after_turn, run: *run }\n',
    );
    const s = await env.source(CHRYS);
    expect(diag(s)).toEqual([
      ['error', 'unknown_key', 1, 1],
      ['warning', 'hooks_config_invalid', 1, 1],
    ]);
    env.write(
      CHRYS,
      'hooks:\n  - { id: a, event: after_turn, run: &run { type: shell, shell: "true" } }\n  - { id: b, event: after_turn, run: *run }\n',
    );
    expect((await env.source(CHRYS)).rules.map((r) => r.name)).toEqual(['a', 'b']);
  });

  test('an unknown tag warns at its line', async () => {
    env = makeEnv();
    env.write(
      CHRYS,
      'hooks:\n  - id: !custom a\n    event: after_turn\n    run: { type: shell, shell: "true" }\n',
    );
    expect(diag(await env.source(CHRYS))[0]).toEqual(['warning', 'parse_warning', 2, 9]);
  });
});

describe('whole-file problems point at line 1', () => {
  test('wrong shape, in every dialect', async () => {
    env = makeEnv();
    // Keyed by file, not by dialect: each dialect's user file with a top level of the wrong shape.
    const cases: [string, string, [string, string, number, number]][] = [
      ['~/.config/pw/code.json', '[1, 2]', ['error', 'wrong_shape', 1, 1]],
      ['~/.claude/settings.json', '"text"', ['error', 'wrong_shape', 1, 1]],
      ['~/.arya/polish/hooks.json', '5', ['error', 'wrong_shape', 1, 1]],
      // where the content starts, after the comment
      [CHRYS, '# a comment first\n- just a list\n', ['error', 'wrong_shape', 2, 1]],
      ['~/.config/io/io.toml', 'hook = 5\n', ['error', 'wrong_shape', 1, 1]],
    ];
    for (const [file, text] of cases) env.write(file, text);
    const sources = await env.load();
    for (const [file, , expected] of cases) {
      const source = sources.find((s) => s.path === env.path(file))!;
      expect([file, diag(source)[0]]).toEqual([file, expected]);
    }
  });

  test('too large, not UTF-8, nested too deeply', async () => {
    env = makeEnv();
    env.write('~/.config/pw/code.json', Buffer.alloc(MAX_HOOK_FILE_BYTES + 1, 0x20));
    expect(await first('~/.config/pw/code.json')).toMatchObject({ first: ['error', 'file_too_large', 1, 1] });
    env.write('~/.config/pw/code.json', Buffer.from('{\n  "a": "\xff"\n}', 'latin1'));
    expect((await first('~/.config/pw/code.json')).first).toEqual(['error', 'not_utf8', 2, 9]);
    env.write('~/.config/pw/code.json', '['.repeat(200_000));
    expect(await first('~/.config/pw/code.json')).toMatchObject({
      first: ['error', 'syntax', 1, 201],
      message: 'the file nests more than 200 levels deep; hook files need a few',
    });
    // YAML block nesting counts too, and the same file fails the same way every time.
    const block = Array.from({ length: 300 }, (_, i) => `${' '.repeat(i)}a:`).join('\n');
    env.write(CHRYS, block);
    const once = await first(CHRYS);
    expect(once.first).toEqual(['error', 'syntax', 201, 201]);
    expect(await first(CHRYS)).toEqual(once);
    // Brackets inside strings and comments do not count.
    env.write(
      CHRYS,
      `a: "${'['.repeat(300)}"\nb: '${'{'.repeat(300)}'\n# ${'['.repeat(300)}\nc: don't ${'x'.repeat(3)}\n`,
    );
    expect((await env.source(CHRYS)).diagnostics.map((d) => d.code)).not.toContain('syntax');
  });
});

describe('keys a document cannot place', () => {
  test('io: a [hook."x"] table (found by the longer fuzz run) points at its header', async () => {
    env = makeEnv();
    env.write('~/.config/io/io.toml', 'model = "m"\n\n[hook."a b"]\nx = 1\n');
    expect(diag(await env.source('~/.config/io/io.toml'))[0]).toEqual(['error', 'wrong_shape', 3, 1]);
  });
});
