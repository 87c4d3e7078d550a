// Every form of command line that runs a project file, read with the shell parser: the scripts trust
// pins for it, or that its files cannot be pinned and which folders are watched instead. One row per
// form; add a row for each form found.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findScripts, shellParserReady } from '../../../electron/host/trust/command-scripts.js';
import type { Handler } from '../../../shared/model.js';
import { makeEnv, type TestEnv } from '../../helpers/env.js';

let env: TestEnv;
beforeAll(async () => {
  await shellParserReady();
  env = makeEnv();
  env.write('ws/hooks/gate.sh', '#!/bin/sh\n. "$(dirname "$0")/lib.sh"\ncheck\n');
  env.write('ws/hooks/lib.sh', 'source ./hooks/deeper.sh\ncheck() { ./tools/inner.sh; }\n');
  env.write('ws/hooks/deeper.sh', 'true\n');
  env.write('ws/hooks/loop.sh', 'for f in hooks/plugins/*.sh; do . "$f"; done\n');
  env.write('ws/hooks/self.sh', '. ./hooks/self.sh\n');
  env.write('ws/hooks/gate.py', 'print(1)\n');
  env.write('ws/tools/inner.sh', '#!/usr/bin/env bash\nDIR=tools; "$DIR"/leaf.sh\n');
  env.write('ws/tools/leaf.sh', 'true\n');
  env.write('ws/hooks/node-tool', '#!/usr/bin/env node\n');
});
afterAll(() => env?.cleanup());

/** Scripts as `ws/…`, folders as `ws/…/`; 'cannot pin' rows name the folders watched. */
function read(handler: Handler) {
  const rel = (p: string) => (p.startsWith(env.workspace) ? `ws${p.slice(env.workspace.length)}` : p);
  const found = findScripts([handler], { workspace: env.workspace, home: env.home });
  return {
    scripts: found.scripts.map(rel).sort(),
    unpinned: found.unpinned.length
      ? [...new Set(found.unpinned.flatMap((u) => u.folders))].map((f) => `${rel(f)}/`).sort()
      : null,
    why: found.unpinned.map((u) => u.why),
  };
}

// The scripts a tracked hooks/gate.sh brings along: what it sources, and what that runs, transitively.
const GATE = [
  'ws/hooks/deeper.sh',
  'ws/hooks/gate.sh',
  'ws/hooks/lib.sh',
  'ws/tools/inner.sh',
  'ws/tools/leaf.sh',
];

type Row = [command: string, scripts: string[], cannotPin?: string[]];
const ROWS: Row[] = [
  // Interpreters with options before the script: -e was once read as inline code, leaving it unpinned.
  ['sh -e hooks/gate.sh', GATE],
  ['bash -e hooks/gate.sh', GATE],
  ['sh -eu hooks/gate.sh', GATE],
  ['bash -x hooks/gate.sh', GATE],
  ['bash -- hooks/gate.sh', GATE],
  ['bash -o pipefail hooks/gate.sh', GATE],
  ['bash --norc --noprofile hooks/gate.sh arg', GATE],
  ['zsh -f hooks/gate.sh', GATE],
  ['dash hooks/gate.sh', GATE],
  ['sh hooks/gate.sh', GATE],
  ['./hooks/gate.sh', GATE],
  ['"$CLAUDE_PROJECT_DIR"/hooks/gate.sh', GATE],
  ['${PW_PROJECT_DIR}/hooks/gate.sh', GATE],
  [`${'$'}{CLAUDE_PROJECT_DIR}/hooks/../hooks/gate.sh`, GATE],
  ['python3 hooks/gate.py', ['ws/hooks/gate.py']],
  ['python3 -u -W ignore hooks/gate.py --flag', ['ws/hooks/gate.py']],
  ['python3.12 hooks/gate.py', ['ws/hooks/gate.py']],
  ['node hooks/node-tool', ['ws/hooks/node-tool']],
  ['node --require ./hooks/setup.js hooks/main.js', ['ws/hooks/main.js', 'ws/hooks/setup.js']],
  ['npx tsx hooks/gate.ts', ['ws/hooks/gate.ts']],
  ['deno run -A hooks/gate.ts', ['ws/hooks/gate.ts']],
  ['ruby -w hooks/gate.rb', ['ws/hooks/gate.rb']],
  ['perl -I lib hooks/gate.pl', ['ws/hooks/gate.pl']],
  ['uv run hooks/gate.py', ['ws/hooks/gate.py']],
  // Wrappers.
  ['timeout 5 ./hooks/gate.sh', GATE],
  ['timeout -k 2 -s TERM 5 ./hooks/gate.sh', GATE],
  ['env FOO=1 ./hooks/gate.sh', GATE],
  ['env -i -u X bash hooks/gate.sh', GATE],
  ['env -S "sh -e hooks/gate.sh"', GATE],
  ['nice -n 10 ./hooks/gate.sh', GATE],
  ['nohup ./hooks/gate.sh', GATE],
  ['command ./hooks/gate.sh', GATE],
  ['exec ./hooks/gate.sh', GATE],
  ['exec -a gate ./hooks/gate.sh', GATE],
  ['time ./hooks/gate.sh', GATE],
  ['sudo -u nobody ./hooks/gate.sh', GATE],
  ['FOO=1 ./hooks/gate.sh', GATE],
  ['xargs -n 1 ./hooks/gate.sh', GATE],
  ['command -v ./hooks/gate.sh', []],
  // Sourcing, here and inside tracked scripts (transitively, and a loop of sources ends).
  ['. ./hooks/gate.sh', GATE],
  ['source hooks/gate.sh', GATE],
  ['. hooks/self.sh', ['ws/hooks/self.sh']],
  // Standard input.
  ['bash < hooks/gate.sh', GATE],
  ['sh -s < hooks/gate.sh', GATE],
  ['cat hooks/gate.sh | bash', GATE],
  ['bash <<EOF\n./hooks/gate.sh\nEOF', GATE],
  ['bash <<< "./hooks/gate.sh"', GATE],
  ['python3 < hooks/gate.py', ['ws/hooks/gate.py']],
  // Inline shell text, eval, substitutions, lists and compound commands.
  ["sh -c './hooks/gate.sh && ./tools/leaf.sh'", GATE],
  ["bash -ec './hooks/gate.sh'", GATE],
  ['eval ./hooks/gate.sh', GATE],
  ['eval "./hooks/gate.sh --fast"', GATE],
  ['x=$(./hooks/gate.sh) && echo `./tools/leaf.sh`', GATE],
  ['diff <(./tools/leaf.sh) /dev/null', ['ws/tools/leaf.sh']],
  ['if ./tools/leaf.sh; then ./hooks/gate.sh; fi', GATE],
  ['( ./tools/leaf.sh ) || { ./hooks/gate.sh; }', GATE],
  ['cd hooks && ./gate.sh', GATE],
  ['./hooks/gate.sh > ./out.sh 2>&1 < ./in.sh', GATE],
  ['./a.sh\n./b.sh', ['ws/a.sh', 'ws/b.sh']],
  // Not the project's: nothing to pin.
  ['echo hello', []],
  ['jq .tool_input', []],
  ['python3 -c "print(1)"', []],
  ['python3 -m pytest', []],
  ['node -e "require(\'./x.js\')"', []],
  ['~/bin/mine.sh', []],
  ['$HOME/bin/mine.sh', []],
  ['/usr/local/bin/guard.sh', []],
  ['../outside.sh', []],
  ['hookpanel emit claude PreToolUse', []],
  ['curl -s https://example.com/x.sh | jq .', []],
  // Cannot pin: said so, and the folders named are watched.
  ['sh hooks/*.sh', [], ['ws/hooks/']],
  ['./*.sh', [], ['ws/']],
  ['for f in hooks/plugins/*.sh; do . "$f"; done', [], ['ws/hooks/plugins/']],
  ['. hooks/loop.sh', ['ws/hooks/loop.sh'], ['ws/hooks/plugins/']],
  ['PATH=hooks:$PATH gate.sh', [], ['ws/hooks/']],
  ['export PATH="$CLAUDE_PROJECT_DIR/bin:$PATH"; gate', [], ['ws/bin/']],
  ['env PATH=hooks:/usr/bin gate.sh', [], ['ws/hooks/']],
  ['eval "$(cat hooks/cmd)"', [], []],
  ['eval "./hooks/$NAME.sh"', [], ['ws/hooks/']],
  ['"$CLAUDE_PROJECT_DIR"/hooks/$NAME.sh', [], ['ws/hooks/']],
  ['$OTHER/x.sh', [], []],
  ['bash "$SCRIPT"', [], []],
  ['sh -c "$CMD"', [], []],
  ['curl -s https://example.com/x.sh | sh', [], []],
  ['find hooks -name "*.sh" | xargs bash', [], ['ws/hooks/']],
  ['bun run lint', [], []],
  ['echo "unterminated', [], []],
];

describe('what a command runs: one row per form', () => {
  test.each(ROWS)('%s', (command, scripts, cannotPin) => {
    const got = read({ kind: 'shell', command });
    expect({ scripts: got.scripts, cannotPin: got.unpinned }).toEqual({
      scripts,
      cannotPin: cannotPin ?? null,
    });
    // Plain words: nothing of the parser's marks, no trailing period (the review adds its own).
    if (cannotPin) for (const why of got.why) expect(why).toMatch(/^[^\0]+[^.]$/);
  });

  test('exec-form commands (an argv) are read the same way', () => {
    expect(read({ kind: 'exec', argv: ['sh', '-e', 'hooks/gate.sh'] }).scripts).toEqual(GATE);
    expect(read({ kind: 'exec', argv: ['bash', '-c', './hooks/gate.sh'] }).scripts).toEqual(GATE);
    expect(read({ kind: 'exec', argv: ['timeout', '5', 'python3', 'hooks/gate.py'] }).scripts).toEqual([
      'ws/hooks/gate.py',
    ]);
    expect(read({ kind: 'exec', argv: ['./bin/a|b'] }).scripts).toEqual(['ws/bin/a|b']);
  });

  test('reasons are plain words', () => {
    expect(read({ kind: 'shell', command: 'sh hooks/*.sh' }).why).toEqual([
      'it runs the files a pattern matches (hooks/*.sh)',
    ]);
    expect(read({ kind: 'shell', command: 'PATH=hooks:$PATH gate.sh' }).why).toEqual([
      'PATH points into the project, so gate.sh may be any file there',
    ]);
    expect(read({ kind: 'shell', command: 'eval "$X"' }).why).toEqual([
      'eval runs text only known when it runs',
    ]);
  });
});
