// Which project files a pw or claude command runs: the paths trust must cover besides the settings file.
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { projectScripts, shellParserReady } from '../../../electron/host/trust/command-scripts.js';
import type { Handler } from '../../../shared/model.js';
import { makeEnv, type TestEnv } from '../../helpers/env.js';

let env: TestEnv;
beforeAll(() => shellParserReady());
afterEach(() => env?.cleanup());

function scriptsOf(handler: Handler): string[] {
  return projectScripts([handler], { workspace: env.workspace, home: env.home }).map((p) =>
    p.startsWith(env.workspace) ? `ws${p.slice(env.workspace.length)}` : p,
  );
}
const shell = (command: string): Handler => ({ kind: 'shell', command });
const exec = (...argv: string[]): Handler => ({ kind: 'exec', argv });

describe('scripts a command names', () => {
  test('the first word of a shell command, relative or absolute, inside the workspace', () => {
    env = makeEnv();
    expect(scriptsOf(shell('./scripts/x.sh'))).toEqual(['ws/scripts/x.sh']);
    expect(scriptsOf(shell('scripts/x.sh --fast "quoted arg"'))).toEqual(['ws/scripts/x.sh']);
    expect(scriptsOf(shell(`${env.workspace}/bin/guard`))).toEqual(['ws/bin/guard']);
    expect(scriptsOf(shell('"$CLAUDE_PROJECT_DIR"/.claude/hooks/check.sh'))).toEqual([
      'ws/.claude/hooks/check.sh',
    ]);
    expect(scriptsOf(shell('${PW_PROJECT_DIR}/hooks/a.sh arg'))).toEqual(['ws/hooks/a.sh']);
    expect(scriptsOf(shell('./a/../b.sh'))).toEqual(['ws/b.sh']);
  });

  test('every command of a list or pipeline, after assignments, wrappers and cd', () => {
    env = makeEnv();
    expect(
      scriptsOf(shell('FOO=1 ./a.sh && ./b.sh | tee log; env X=2 ./c.sh || exec ./d.sh & ./e.sh')),
    ).toEqual(['ws/a.sh', 'ws/b.sh', 'ws/c.sh', 'ws/d.sh', 'ws/e.sh']);
    expect(scriptsOf(shell('./one.sh\n./two.sh'))).toEqual(['ws/one.sh', 'ws/two.sh']);
    expect(scriptsOf(shell('echo "a\nb" && ./after.sh'))).toEqual(['ws/after.sh']);
    expect(scriptsOf(shell('cd tools && ./run.sh'))).toEqual(['ws/tools/run.sh']);
    expect(scriptsOf(shell('if ./test.sh; then ./yes.sh; fi'))).toEqual(['ws/test.sh', 'ws/yes.sh']);
    expect(scriptsOf(shell('x=$(./sub.sh) && echo `./tick.sh`'))).toEqual(['ws/sub.sh', 'ws/tick.sh']);
    expect(scriptsOf(shell('./a.sh > ./out.sh 2>&1 < ./in.sh'))).toEqual(['ws/a.sh']);
  });

  test('interpreter plus script: bash, python3, node and friends', () => {
    env = makeEnv();
    env.write('ws/z.js', 'console.log(1)');
    env.write('ws/server', '#!/usr/bin/env node');
    expect(scriptsOf(shell('bash ./x.sh'))).toEqual(['ws/x.sh']);
    expect(scriptsOf(shell('python3 -u scripts/y.py --flag'))).toEqual(['ws/scripts/y.py']);
    expect(scriptsOf(shell('node z.js'))).toEqual(['ws/z.js']);
    expect(scriptsOf(shell('node server'))).toEqual(['ws/server']);
    // The first operand is the script, named or not, present or not (its appearing re-gates the file).
    expect(scriptsOf(shell('node missing-no-extension'))).toEqual(['ws/missing-no-extension']);
    expect(scriptsOf(shell('/usr/bin/python3 tool.py'))).toEqual(['ws/tool.py']);
    expect(scriptsOf(shell('npx tsx hooks/gate.ts'))).toEqual(['ws/hooks/gate.ts']);
    expect(scriptsOf(shell('deno run check.ts'))).toEqual(['ws/check.ts']);
    expect(scriptsOf(shell("sh -c './inner.sh && ./inner2.sh'"))).toEqual(['ws/inner.sh', 'ws/inner2.sh']);
    expect(scriptsOf(exec('python3', 'scripts/y.py'))).toEqual(['ws/scripts/y.py']);
    expect(scriptsOf(exec('./bin/gate', '--strict'))).toEqual(['ws/bin/gate']);
    expect(scriptsOf(exec('bash', '-c', './from-exec.sh'))).toEqual(['ws/from-exec.sh']);
  });

  test('nothing where no project file runs', () => {
    env = makeEnv();
    for (const c of [
      'echo hello',
      'jq .tool_input',
      'node -e "require(\'./x.js\')"',
      'python3 -c "print(1)"',
      'python3 -m pytest',
      '$OTHER/x.sh',
      '~/bin/mine.sh',
      '$HOME/bin/mine.sh',
      '/usr/local/bin/guard.sh',
      '../outside.sh',
      './*.sh',
      'echo "unterminated',
      'hookpanel emit claude PreToolUse',
    ])
      expect(scriptsOf(shell(c)), c).toEqual([]);
    expect(scriptsOf(exec('/bin/true'))).toEqual([]);
    expect(scriptsOf({ kind: 'http', url: 'http://x', headers: {} })).toEqual([]);
  });
});

describe('chrys command and shell hooks', () => {
  test('their project scripts are tracked like type: script paths, in the rule cwd', async () => {
    env = makeEnv();
    env.write(
      'ws/.chrys/hooks/hooks.yaml',
      [
        'hooks:',
        '  - { id: a, event: after_turn, run: { type: shell, shell: "./tools/a.sh && bash b.sh" } }',
        '  - { id: c, event: after_turn, run: { type: command, argv: [python3, c.py], cwd: sub } }',
        '  - { id: d, event: after_turn, run: { type: shell, shell: ./d.sh, cwd: "${session_id}" } }',
        '  - { id: e, event: after_turn, run: { type: script, path: scripts/e.py } }',
      ].join('\n'),
    );
    const s = await env.source('ws/.chrys/hooks/hooks.yaml', {
      dialects: { chrys: { projectHooksEnabled: true } },
    });
    expect(s.scripts.map((x) => x.path.slice(env.workspace.length + 1)).sort()).toEqual([
      '.chrys/hooks/scripts/e.py',
      'b.sh',
      'sub/c.py',
      'tools/a.sh',
    ]);
  });
});
