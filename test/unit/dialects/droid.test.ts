// Factory Droid's own files checked with Droid 0.225.2's own rules (docs/agents/droid.md): what it runs,
// what makes it ignore a whole file and why, each at its line and column; hooks.json beside
// settings.json; its master switch; and its matchers for hosted rules.
import { afterEach, describe, expect, test } from 'vitest';
import { droidMatches, droidRuntime } from '../../../electron/host/dialects/droid/runtime.js';
import { trust } from '../../../electron/host/dialects/droid/trust.js';
import { makeRule } from '../../../electron/host/dialects/rule.js';
import { runCli } from '../../helpers/cli.js';
import { diagnosticRows, fixtureText } from '../../helpers/dialect-fixtures.js';
import { makeEnv, type TestEnv } from '../../helpers/env.js';

let env: TestEnv | null = null;
afterEach(async () => {
  await env?.cleanup();
  env = null;
});
const fixture = (name: string) => fixtureText('droid', name);
const hook = (command: string) => [{ hooks: [{ type: 'command', command }] }];

describe('droid settings.json', () => {
  test('comments allowed; command hooks in seconds; matchers and command filters; other keys left alone', async () => {
    env = makeEnv();
    env.write('~/.factory/settings.json', fixture('valid.json'));
    const source = await env.source('~/.factory/settings.json');
    expect(source).toMatchObject({ dialect: 'droid', layer: 'user', role: 'inspected', state: 'active' });
    expect(diagnosticRows(source)).toEqual([]);
    expect(
      source.rules.map((r) => [r.name, r.events[0], r.matcher, r.match, r.timeoutMs, r.line, r.column]),
    ).toEqual([
      [
        'PreToolUse[0].hooks[0]',
        'PreToolUse',
        'Execute',
        { args: { command: { regex: '^git.*push' } } },
        5000,
        10,
        19,
      ],
      ['PreToolUse[1].hooks[0]', 'PreToolUse', 'Create|Edit', null, 60_000, 12, 45],
      ['Stop[0].hooks[0]', 'Stop', null, null, 60_000, 14, 26],
      ['SessionStart[0].hooks[0]', 'SessionStart', 'startup', null, 60_000, 15, 56],
    ]);
  });

  test('one hook Droid cannot read makes it ignore the whole file; each problem at its line and column', async () => {
    env = makeEnv();
    env.write('~/.factory/settings.json', fixture('problems.json'));
    const source = await env.source('~/.factory/settings.json');
    expect(diagnosticRows(source)).toEqual([
      ['error', 'wrong_type', 3, 22, 'hooks.hooksDisabled'],
      ['error', 'unknown_event', 4, 5, 'hooks.BeforeTool'],
      ['warning', 'invalid_matcher', 6, 20, 'hooks.PreToolUse[0].matcher'],
      ['error', 'wrong_type', 7, 20, 'hooks.PreToolUse[1].matcher'],
      ['warning', 'unknown_key', 8, 31, 'hooks.PreToolUse[2].parallel'],
      ['error', 'invalid_value', 9, 19, 'hooks.PreToolUse[2].hooks[0].type'],
      ['error', 'missing_key', 10, 9, 'hooks.PreToolUse[2].hooks[1]'],
      ['error', 'wrong_type', 11, 60, 'hooks.PreToolUse[2].hooks[2].timeout'],
      ['warning', 'invalid_value', 12, 60, 'hooks.PreToolUse[2].hooks[3].timeout'],
      ['warning', 'unknown_key', 13, 49, 'hooks.PreToolUse[2].hooks[4].retries'],
      ['error', 'missing_key', 15, 7, 'hooks.PreToolUse[3]'],
      ['error', 'wrong_type', 17, 13, 'hooks.Stop'],
    ]);
    // Droid validates the hooks object as one: none of this file's hooks runs.
    expect(source.state).toBe('invalid');
    expect(source.rules).toEqual([]);
    expect(source.diagnostics[0]!.message).toContain('Droid ignores every hook in this file');
  });

  test('hooks.json holds the events at the top level, and its event replaces the same one of settings.json', async () => {
    env = makeEnv();
    env.write('~/.factory/hooks.json', fixture('hooks.json'));
    // The older place, read only while hooks.json is missing.
    env.write('~/.factory/hooks/hooks.json', JSON.stringify({ Stop: hook('legacy.sh') }));
    env.write(
      '~/.factory/settings.json',
      JSON.stringify({
        hooks: { PreToolUse: hook('settings-pre.sh'), PostToolUse: hook('settings-post.sh') },
      }),
    );
    const file = await env.source('~/.factory/hooks.json');
    // A "hooks" key is not an event in hooks.json: Droid drops it with its Stop hook.
    expect(diagnosticRows(file)).toEqual([['error', 'unknown_event', 3, 3, 'hooks']]);
    const report = await trust.report(await env.load(), env.ctx());
    expect(report.hooks.map((h) => [h.path.split('/').pop(), h.event, h.status])).toEqual([
      ['settings.json', 'PreToolUse', 'skips'],
      ['settings.json', 'PostToolUse', 'runs'],
      ['hooks.json', 'PreToolUse', 'runs'],
      ['hooks.json', 'Stop', 'skips'],
    ]);
    expect(report.hooks[3]!.message).toBe(
      `Droid will skip this: ${env.path('~/.factory/hooks.json')} exists, so Droid reads it instead`,
    );
    expect(report.hooks[0]!.message).toBe(
      `Droid will skip this: ${env.path('~/.factory/hooks.json')} lists PreToolUse, which replaces this file's PreToolUse hooks`,
    );
  });

  test('hooksDisabled in the project switches every file off; false there switches them back on', async () => {
    env = makeEnv();
    env.write(
      '~/.factory/settings.json',
      JSON.stringify({ hooks: { hooksDisabled: true, Stop: hook('true') } }),
    );
    env.write('ws/.factory/settings.json', JSON.stringify({ hooks: { Stop: hook('true') } }));
    const report = async () => trust.report(await env!.load(), env!.ctx());
    expect((await report()).hooks.map((h) => h.status)).toEqual(['skips', 'skips']);
    const user = (await env.load()).find(
      (s) => s.dialect === 'droid' && s.layer === 'user' && s.rules.length,
    )!;
    expect(user.state).toBe('disabled');
    env.write(
      'ws/.factory/settings.json',
      JSON.stringify({ hooks: { hooksDisabled: false, Stop: hook('true') } }),
    );
    expect((await report()).hooks.map((h) => h.status)).toEqual(['runs', 'runs']);
  });
});

describe('hookpanel connect droid', () => {
  test('says which bridges Droid would not run because ~/.factory/hooks.json lists their events, and exits 1', async () => {
    env = makeEnv();
    const hooksJson = env.write('~/.factory/hooks.json', JSON.stringify({ PreToolUse: hook('guard.sh') }));
    const out = await runCli(['connect', 'droid', '--yes'], {
      env: env.processEnv,
      cwd: env.workspace,
      timeoutMs: 60_000,
    });
    expect(out.code, out.stderr).toBe(1);
    expect(out.stdout).toContain(`Connected Factory Droid: ${env.path('~/.factory/settings.json')}`);
    expect(out.stdout).toContain(
      `Droid will not run the bridge for PreToolUse: ${hooksJson} lists this event, which replaces the same event of settings.json.`,
    );
  });
});

describe('droid matchers (hosted rules)', () => {
  test('all, exact, and a regular expression searched anywhere, case-sensitive', () => {
    expect(droidMatches('', 'Execute')).toBe(true);
    expect(droidMatches('*', 'Execute')).toBe(true);
    expect(droidMatches('Exec', 'Execute')).toBe(true);
    expect(droidMatches('^Exec$', 'Execute')).toBe(false);
    expect(droidMatches('execute', 'Execute')).toBe(false);
    expect(droidMatches('Create|Edit', 'Edit')).toBe(true);
    expect(droidMatches('[', 'Execute')).toBe(false);
  });

  test("a group's commandRegex filters shell commands, and a call without a command skips it", () => {
    const rule = makeRule(
      {
        index: 0,
        name: 'r',
        events: ['PreToolUse'],
        handler: { kind: 'shell', command: 'true' },
        timeoutMs: 1000,
        mode: 'blocking',
        errorPolicy: 'fail-open',
        matcher: 'Execute',
        match: { args: { command: { regex: 'out\\.txt' } } },
      },
      null,
    );
    const ev = (tool: string, input: Record<string, unknown>) => ({
      dialect: 'droid' as const,
      event: 'PreToolUse',
      workspace: '/w',
      payload: { tool_name: tool, tool_input: input },
    });
    const matches = (e: ReturnType<typeof ev>) => droidRuntime.matches(rule, e as never);
    expect(matches(ev('Execute', { command: 'echo hi > out.txt' }))).toBe(true);
    expect(matches(ev('Execute', { command: 'ls' }))).toBe(false);
    expect(matches(ev('Read', { file_path: 'out.txt' }))).toBe(false);
  });
});
