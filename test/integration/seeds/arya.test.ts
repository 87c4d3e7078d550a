// Rules of arya's seed (../shared/seeds/000_ba1a3d8d5091bbc1.txt) that had no test: each test names the
// seed sentence it checks.
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { makeEnv, type TestEnv } from '../../helpers/env.js';
import { makeGate } from '../../helpers/gate.js';
import { openHost } from '../../helpers/host.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

const FILE = '~/.arya/polish/hooks.json';

describe('arya, per its seed', () => {
  test('"`action.args` — Argument vector — no shell quoting, no interpolation"', async () => {
    env = makeEnv();
    env.write(
      FILE,
      JSON.stringify([
        {
          name: 'literal',
          on: 'turn/stopping',
          action: { kind: 'exec', command: 'printf', args: ['%s|', '$HOME', '*', 'a b', '%TEMP%', '$(id)'] },
        },
      ]),
    );
    const h = await openHost(env);
    const { background } = await h.fire('arya', 'turn/stopping', { turn: 1 });
    expect((await background)[0]).toMatchObject({ outcome: 'ok', stdoutTail: '$HOME|*|a b|%TEMP%|$(id)|' });
  });

  test('"They run after the event, asynchronously": the answer does not wait for the hook', async () => {
    env = makeEnv();
    const marker = env.path('ran');
    const gate = makeGate(env.path('gate'));
    env.write(
      FILE,
      JSON.stringify({
        hooks: [
          {
            on: 'compaction/end',
            action: {
              kind: 'exec',
              command: '/bin/sh',
              args: ['-c', `read _ < ${gate.path}; touch ${marker}`],
            },
          },
        ],
      }),
    );
    const h = await openHost(env);
    // The hook is held at its gate until the answer is in: were the answer waiting, this would hang.
    const { answer, background } = await h.fire('arya', 'compaction/end', {
      sessionId: 's',
      compactionId: 'c',
    });
    expect(answer).toMatchObject({ decision: 'allow', dispatches: [] });
    expect(existsSync(marker)).toBe(false);
    await gate.open();
    expect((await background).map((d) => [d.rule, d.outcome])).toEqual([['rule-0', 'ok']]);
    expect(existsSync(marker)).toBe(true);
  });
});
