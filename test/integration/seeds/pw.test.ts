// Rules of pw's seed (../shared/seeds/003_c7fb5911eadfcab5.txt) that had no test: each test names the seed
// sentence it checks.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { makeEnv, type TestEnv } from '../../helpers/env.js';
import { openHost } from '../../helpers/host.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

const USER = '~/.config/pw/code.json';
const hooks = (h: Record<string, unknown>) => JSON.stringify({ hooks: h });
const cmd = (command: string) => ({ type: 'command', command });
const json = (o: unknown) => `echo '${JSON.stringify(o)}'`;

describe('pw, per its seed', () => {
  test('"Every layer\'s hooks for an event run": user, vendor-neutral and a trusted project file, listed by priority', async () => {
    env = makeEnv();
    const log = env.path('ran.log');
    env.write('~/.config/agents/settings.json', hooks({ Stop: [{ hooks: [cmd(`echo agents >> ${log}`)] }] }));
    env.write(USER, hooks({ Stop: [{ hooks: [cmd(`echo user >> ${log}`)] }] }));
    const project = env.write(
      'ws/.agents/settings.json',
      hooks({ Stop: [{ hooks: [cmd(`echo project >> ${log}`)] }] }),
    );
    const h = await openHost(env);
    const source = (await h.host.sources(env.workspace)).find((s) => s.path === project)!;
    await h.host.trust.trust(source, readFileSync(project), []);
    const { answer } = await h.fire('pw', 'Stop', {});
    expect(answer.dispatches.map((d) => [d.source, d.outcome])).toEqual([
      [env.path('~/.config/agents/settings.json'), 'ok'],
      [env.path(USER), 'ok'],
      [project, 'ok'],
    ]);
    expect(readFileSync(log, 'utf8').trim().split('\n').sort()).toEqual(['agents', 'project', 'user']);
  });

  // The seed's "with a notice" half has no counterpart in Hookpanel yet (reported, not tested).
  test('"`permissionDecision: "defer"` is treated as `"ask"`"', async () => {
    env = makeEnv();
    env.write(
      USER,
      hooks({
        PreToolUse: [{ hooks: [cmd(json({ hookSpecificOutput: { permissionDecision: 'defer' } }))] }],
      }),
    );
    const h = await openHost(env);
    const { answer } = await h.fire('pw', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
    expect(answer).toMatchObject({ decision: 'allow', permissionDecision: 'ask' });
    expect(JSON.parse(answer.protocol.stdout).hookSpecificOutput.permissionDecision).toBe('ask');
  });

  test('"`suppressOutput` is accepted but has no effect"', async () => {
    env = makeEnv();
    env.write(
      USER,
      hooks({
        UserPromptSubmit: [
          {
            hooks: [
              cmd(json({ suppressOutput: true, hookSpecificOutput: { additionalContext: 'still here' } })),
            ],
          },
        ],
      }),
    );
    const h = await openHost(env);
    const { answer } = await h.fire('pw', 'UserPromptSubmit', { prompt: 'hi' });
    expect(answer).toMatchObject({
      decision: 'allow',
      context: 'still here',
      dispatches: [{ outcome: 'ok' }],
    });
  });

  test('"any hook returns `{"decision": "block"}`" blocks a blockable event, and the reason goes with it', async () => {
    env = makeEnv();
    env.write(
      USER,
      hooks({ PostToolBatch: [{ hooks: [cmd(json({ decision: 'block', reason: 'batch rejected' }))] }] }),
    );
    const h = await openHost(env);
    const { answer } = await h.fire('pw', 'PostToolBatch', {});
    expect(answer).toMatchObject({ decision: 'block', reason: 'batch rejected' });
  });
});
