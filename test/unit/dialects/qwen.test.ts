// Qwen Code's settings files checked with Qwen Code 0.24.4's own rules (docs/agents/qwen.md): what it
// runs, what it drops and why, each at its line and column; its master switch; its folder trust for
// project hooks; and its matchers for hosted rules.
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { qwenMatches } from '../../../electron/host/dialects/qwen/runtime.js';
import { trust } from '../../../electron/host/dialects/qwen/trust.js';
import { diagnosticRows, fixtureText } from '../../helpers/dialect-fixtures.js';
import { makeEnv, type TestEnv } from '../../helpers/env.js';

let env: TestEnv | null = null;
afterEach(async () => {
  await env?.cleanup();
  env = null;
});
const fixture = (name: string) => fixtureText('qwen', name);

describe('qwen settings.json', () => {
  test('comments allowed; command, http and prompt hooks; seconds; matchers; names', async () => {
    env = makeEnv();
    env.write('~/.qwen/settings.json', fixture('valid.json'));
    const source = await env.source('~/.qwen/settings.json');
    expect(source).toMatchObject({ dialect: 'qwen', layer: 'user', role: 'inspected', state: 'active' });
    expect(diagnosticRows(source)).toEqual([]);
    expect(
      source.rules.map((r) => [
        r.name,
        r.events[0],
        r.matcher,
        r.handler.kind,
        r.timeoutMs,
        r.line,
        r.column,
      ]),
    ).toEqual([
      ['PreToolUse[0].hooks[0]', 'PreToolUse', 'run_shell_command|write_file', 'shell', 5000, 11, 11],
      ['audit', 'PreToolUse', 'run_shell_command|write_file', 'shell', 60_000, 12, 11],
      ['Stop[0].hooks[0]', 'Stop', null, 'http', 10_000, 16, 26],
      ['UserPromptSubmit[0].hooks[0]', 'UserPromptSubmit', null, 'prompt', 30_000, 17, 38],
      ['SessionStart[0].hooks[0]', 'SessionStart', 'startup', 'shell', 60_000, 18, 56],
    ]);
  });

  test('what Qwen Code drops or reads otherwise, each at its line and column', async () => {
    env = makeEnv();
    env.write('~/.qwen/settings.json', fixture('problems.json'));
    const source = await env.source('~/.qwen/settings.json');
    expect(diagnosticRows(source)).toEqual([
      ['error', 'wrong_type', 2, 22, 'disableAllHooks'],
      ['error', 'unknown_event', 4, 5, 'hooks.BeforeTool'],
      ['warning', 'invalid_matcher', 6, 20, 'hooks.PreToolUse[0].matcher'],
      ['error', 'wrong_type', 7, 20, 'hooks.PreToolUse[1].matcher'],
      ['warning', 'unknown_key', 8, 41, 'hooks.PreToolUse[2].parallel'],
      ['error', 'invalid_value', 9, 19, 'hooks.PreToolUse[2].hooks[0].type'],
      ['error', 'invalid_value', 10, 19, 'hooks.PreToolUse[2].hooks[1].type'],
      ['error', 'missing_key', 11, 9, 'hooks.PreToolUse[2].hooks[2]'],
      ['error', 'missing_key', 12, 9, 'hooks.PreToolUse[2].hooks[3]'],
      ['warning', 'wrong_type', 13, 60, 'hooks.PreToolUse[2].hooks[4].timeout'],
      ['warning', 'timeout_units', 14, 60, 'hooks.PreToolUse[2].hooks[5].timeout'],
      ['warning', 'unknown_key', 15, 49, 'hooks.PreToolUse[2].hooks[6].retries'],
      ['info', 'duplicate_hook', 16, 9, 'hooks.PreToolUse[2].hooks[7]'],
      ['error', 'missing_key', 18, 7, 'hooks.PreToolUse[3]'],
      ['error', 'wrong_type', 20, 13, 'hooks.Stop'],
    ]);
    // What Qwen Code would run, with the timeouts it would use.
    expect(source.rules.map((r) => [r.name, r.matcher, r.timeoutMs])).toEqual([
      ['PreToolUse[0].hooks[0]', '[', 60_000],
      // PreToolUse[1]'s matcher is a number: Qwen Code's matching throws on it, so its hook never runs.
      ['PreToolUse[2].hooks[4]', 'run_shell_command', 60_000],
      ['PreToolUse[2].hooks[5]', 'run_shell_command', 5000],
      ['PreToolUse[2].hooks[6]', 'run_shell_command', 60_000],
    ]);
    // `hookpanel check` prints each as path:line:col.
    expect(source.diagnostics[1]!.message).toContain('BeforeTool');
  });

  test('disableAllHooks in any layer switches every file off, the later layer winning', async () => {
    env = makeEnv();
    const hook = { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } };
    env.write('~/.qwen/settings.json', JSON.stringify({ ...hook, disableAllHooks: true }));
    env.write('ws/.qwen/settings.json', JSON.stringify(hook));
    const report = async () => trust.report(await env!.load(), env!.ctx());
    const off = await report();
    expect(off.hooks.map((h) => h.status)).toEqual(['skips', 'skips']);
    expect(off.hooks[1]!.message).toBe(
      `Qwen Code will skip this: hooks are switched off (disableAllHooks is true in ${env.path('~/.qwen/settings.json')})`,
    );
    const user = (await env.load()).find((s) => s.dialect === 'qwen' && s.layer === 'user')!;
    expect(user.state).toBe('disabled');
    // The project file, read after the user's, switches them back on.
    env.write('ws/.qwen/settings.json', JSON.stringify({ ...hook, disableAllHooks: false }));
    expect((await report()).hooks.map((h) => h.status)).toEqual(['runs', 'runs']);
  });

  test('Qwen Code runs project hooks while folder trust is off, else only in a folder it trusts', async () => {
    env = makeEnv();
    const hook = { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } };
    env.write('ws/.qwen/settings.json', JSON.stringify(hook));
    const report = async () => trust.report(await env!.load(), env!.ctx());
    expect((await report()).hooks.map((h) => [h.status, h.message])).toEqual([
      ['runs', 'Qwen Code will run this'],
    ]);

    env.write(
      '~/.qwen/settings.json',
      JSON.stringify({ security: { folderTrust: { enabled: true } }, ...hook }),
    );
    const untrusted = await report();
    expect(untrusted.hooks.map((h) => [h.path.endsWith('/ws/.qwen/settings.json'), h.status])).toEqual([
      [false, 'runs'],
      [true, 'skips'],
    ]);
    expect(untrusted.hooks[1]!.message).toContain('Qwen Code will skip this: the folder is not trusted');
    expect(untrusted.fix).toContain(`Trust ${env.workspace} in Qwen Code`);

    env.write(
      '~/.qwen/trustedFolders.json',
      JSON.stringify({ [join(env.workspace, 'sub')]: 'TRUST_PARENT' }),
    );
    expect((await report()).hooks.map((h) => h.status)).toEqual(['runs', 'runs']);
    env.write('~/.qwen/trustedFolders.json', JSON.stringify({ [env.workspace]: 'DO_NOT_TRUST' }));
    expect((await report()).hooks.map((h) => h.status)).toEqual(['runs', 'skips']);
  });
});

describe('qwen matchers', () => {
  test.each([
    ['run_shell_command', 'run_shell_command', true],
    ['*', 'anything', true],
    ['', 'anything', true],
    ['run_shell_command|write_file', 'write_file', true],
    ['shell', 'run_shell_command', true], // a regular expression found anywhere in the name
    ['^shell$', 'run_shell_command', false],
    ['write_file', 'run_shell_command', false],
    ['[', 'run_shell_command', false],
  ])('%j against %s: %s', (matcher, value, expected) => {
    expect(qwenMatches(matcher, value)).toBe(expected);
  });
});
