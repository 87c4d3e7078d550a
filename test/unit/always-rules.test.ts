// "Always allow" pieces on their own: which commands have words a Codex prefix rule can stand for,
// how short a prefix may be, and appending a line to a real rules file (concurrently, through a link).
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { prefixRule } from '../../shared/permissions.js';
import { commandWords, minimumWords } from '../../electron/host/permissions/always/command-words.js';
import { appendRuleLine } from '../../electron/host/permissions/always/rules-file.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv | null = null;
afterEach(async () => {
  await env?.cleanup();
  env = null;
});

describe('commandWords', () => {
  test.each([
    ['git status --short', ['git', 'status', '--short']],
    [`touch '/tmp/a b' "c d"`, ['touch', '/tmp/a b', 'c d']],
    [`echo '$HOME' 'a|b' "x > y"`, ['echo', '$HOME', 'a|b', 'x > y']],
    ['printf %s\\ x', ['printf', '%s x']],
  ])('%s is the words %j', (command, words) => {
    expect(commandWords(command)).toEqual({ words });
  });

  test.each([
    ['a\nb', 'more than one line'],
    ['echo "$(id)"', 'a variable or substitution ($(…))'],
    ['ls ~/x', 'a home-directory path the shell expands (~/x)'],
    ['cp a.{js,ts} b', 'a brace expansion (a.{js,ts})'],
    ['ls # all', 'a comment (#)'],
    ['sleep 1 &', 'a background command (&)'],
    ['(cd x)', 'a subshell or substitution ( … )'],
    ['cat < in', 'a redirection (<)'],
    ['a || b', 'more than one command (||)'],
  ])('%j has no words: %s', (command, what) => {
    expect(commandWords(command)).toEqual({
      whyNot: `the command has ${what}: a prefix rule would allow more than this command`,
    });
  });

  test('an empty command has none', () => {
    expect(commandWords('   ')).toEqual({ whyNot: 'the command is empty' });
  });
});

test.each([
  [['git', 'status'], 1],
  [['sudo', 'apt', 'install', 'x'], 2],
  [['/usr/bin/env', 'node', 'x.js'], 2],
  [['python3'], 1],
  [['bash', '-lc', 'make test'], 3],
  [['bash', 'build.sh'], 2],
])('minimumWords(%j) is %i', (words, n) => {
  expect(minimumWords(words)).toBe(n);
});

test('prefixRule quotes each word as Starlark does', () => {
  expect(prefixRule(['echo', 'say "hi"', 'back\\slash'])).toBe(
    'prefix_rule(pattern=["echo", "say \\"hi\\"", "back\\\\slash"], decision="allow")',
  );
});

describe('appendRuleLine', () => {
  test('concurrent appends all land, an identical line once, through a symlink', async () => {
    env = makeEnv();
    const real = env.path('dotfiles/codex.rules');
    mkdirSync(join(real, '..'), { recursive: true });
    writeFileSync(real, '# kept\n');
    mkdirSync(env.path('~/.codex/rules'), { recursive: true });
    symlinkSync(real, env.path('~/.codex/rules/default.rules'));
    const link = env.path('~/.codex/rules/default.rules');
    const lines = ['a', 'b', 'c', 'd'].map((w) => prefixRule([w]));
    const added = await Promise.all([...lines, ...lines].map((l) => appendRuleLine(link, l)));
    expect(added.filter(Boolean)).toHaveLength(4);
    const text = readFileSync(real, 'utf8');
    expect(text.startsWith('# kept\n')).toBe(true);
    expect(text.split('\n').slice(1, -1).sort()).toEqual(lines);
    // Still a link to the same file.
    expect(readFileSync(link, 'utf8')).toBe(text);
  });
});
