// Where hosted rules run, as settings.json says it (docs/remote.md, "Rules for one machine"): the shape
// is checked, and a mistake is said at its file, line, column and key.
import { afterEach, describe, expect, test } from 'vitest';
import { loadSettings } from '../../electron/host/settings/settings.js';
import { runsFor, whereInWords } from '../../shared/rule-machines.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

// A test may read several files, each in a home of its own.
const envs: TestEnv[] = [];
afterEach(async () => {
  await Promise.all(envs.splice(0).map((e) => e.cleanup()));
});

async function problemOf(text: string) {
  const env = makeEnv();
  envs.push(env);
  const path = env.write('hp/settings.json', text);
  const loaded = await loadSettings(env.host);
  return { path, ...loaded };
}

describe('ruleMachines in settings.json', () => {
  test('a valid choice is read; a file without one reads as every rule everywhere', async () => {
    const { settings, problem } = await problemOf(
      JSON.stringify({
        ruleMachines: {
          '/hp/hooks/claude.json#PreToolUse[0].hooks[0]': { thisComputer: false, machines: ['me@devbox'] },
        },
      }),
    );
    expect(problem).toBeNull();
    const where = settings.ruleMachines['/hp/hooks/claude.json#PreToolUse[0].hooks[0]'];
    expect([runsFor(where, null), runsFor(where, 'me@devbox'), runsFor(where, 'you@box')]).toEqual([
      false,
      true,
      false,
    ]);
    expect(whereInWords(where)).toBe('me@devbox only');
    const none = await problemOf('{}');
    expect(none.settings.ruleMachines).toEqual({});
    expect([runsFor(undefined, null), runsFor(undefined, 'you@box')]).toEqual([true, true]);
  });

  test.each([
    [
      'a machine that is not user@host',
      '{\n  "ruleMachines": {\n    "/h/c.json#r": {\n      "thisComputer": true,\n      "machines": ["-oProxyCommand=x"]\n    }\n  }\n}\n',
      ':5:20: ruleMachines["/h/c.json#r"].machines[0]: a machine is user@host',
    ],
    [
      'a key the shape does not know',
      '{\n  "ruleMachines": {\n    "/h/c.json#r": {\n      "thisComputer": true,\n      "machines": [],\n      "when": "always"\n    }\n  }\n}\n',
      ':6:7: ruleMachines["/h/c.json#r"].when: Unrecognized key',
    ],
    [
      'a rule that runs nowhere',
      '{\n  "ruleMachines": {\n    "/h/c.json#r": { "thisComputer": false, "machines": [] }\n  }\n}\n',
      ':3:20: ruleMachines["/h/c.json#r"]: runs nowhere',
    ],
    [
      'a key that names no rule',
      '{\n  "ruleMachines": {\n    "/h/c.json": { "thisComputer": true, "machines": [] }\n  }\n}\n',
      ':3:5: ruleMachines["/h/c.json"]: a key is "<hook file path>#<rule name>"',
    ],
  ])('%s is said with its place, and the settings are not used', async (_, text, said) => {
    const { path, problem, settings } = await problemOf(text);
    expect(problem).toContain(said.startsWith(':') ? `${path}${said}` : said);
    expect(settings.ruleMachines).toEqual({});
  });
});
