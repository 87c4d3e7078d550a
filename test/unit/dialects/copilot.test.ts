// GitHub Copilot CLI's hook files checked with Copilot CLI 1.0.102's own rules (docs/agents/copilot.md):
// what it runs, what it drops and why, each at its line and column; settings.json's disableAllHooks; its
// folder trust for repository hooks; its matchers; and its answers, for hosted rules and Ask me.
import { afterEach, describe, expect, test } from 'vitest';
import { permissions } from '../../../electron/host/dialects/copilot/permissions.js';
import { copilotMatches, renderCopilotAnswer } from '../../../electron/host/dialects/copilot/runtime.js';
import { trust } from '../../../electron/host/dialects/copilot/trust.js';
import { diagnosticRows, fixtureText } from '../../helpers/dialect-fixtures.js';
import { makeEnv, type TestEnv } from '../../helpers/env.js';

let env: TestEnv | null = null;
afterEach(async () => {
  await env?.cleanup();
  env = null;
});
const fixture = (name: string) => fixtureText('copilot', name);

describe('copilot hook files', () => {
  test('a user hook file: command and http hooks, bash or command, matchers, seconds, cwd and env', async () => {
    env = makeEnv();
    env.write('~/.copilot/hooks/team.json', fixture('valid.json'));
    const source = await env.source('~/.copilot/hooks/team.json');
    expect(source).toMatchObject({ dialect: 'copilot', layer: 'user', role: 'inspected', state: 'active' });
    expect(diagnosticRows(source)).toEqual([]);
    expect(
      source.rules.map((r) => [
        r.name,
        r.events[0],
        r.matcher,
        r.handler.kind,
        r.timeoutMs,
        r.cwd,
        r.env,
        r.line,
        r.column,
      ]),
    ).toEqual([
      ['sessionStart[0]', 'sessionStart', null, 'shell', 30_000, null, {}, 4, 22],
      ['preToolUse[0]', 'preToolUse', 'bash|edit', 'shell', 5000, null, {}, 6, 7],
      ['preToolUse[1]', 'preToolUse', null, 'shell', 30_000, 'scripts', { LEVEL: '2' }, 7, 7],
      ['permissionRequest[0]', 'permissionRequest', null, 'shell', 600_000, null, {}, 9, 27],
      ['agentStop[0]', 'agentStop', null, 'http', 30_000, null, {}, 10, 19],
    ]);
  });

  test('what Copilot CLI skips or reads otherwise, each at its line and column', async () => {
    env = makeEnv();
    env.write('~/.copilot/hooks/problems.json', fixture('problems.json'));
    const source = await env.source('~/.copilot/hooks/problems.json');
    expect(source.state).toBe('active');
    expect(diagnosticRows(source)).toEqual([
      ['error', 'unknown_event', 4, 5, 'hooks.beforeTool'],
      ['error', 'invalid_value', 6, 17, 'hooks.preToolUse[0].type'],
      ['error', 'wrong_type', 7, 58, 'hooks.preToolUse[1].timeoutSec'],
      ['error', 'invalid_matcher', 8, 55, 'hooks.preToolUse[2].matcher'],
      ['warning', 'unknown_key', 9, 44, 'hooks.preToolUse[3].retries'],
      ['error', 'missing_key', 10, 7, 'hooks.preToolUse[4]'],
      ['error', 'wrong_type', 11, 7, 'hooks.preToolUse[5]'],
      ['warning', 'powershell_only', 12, 42, 'hooks.preToolUse[6].powershell'],
      ['warning', 'matcher_ignored', 14, 77, 'hooks.userPromptSubmitted[0].matcher'],
    ]);
    expect(source.diagnostics[0]!.message).toBe(
      'hooks.beforeTool: Copilot CLI has no event beforeTool, so this hook never runs',
    );
    // What Copilot CLI would run: a hook with an unknown key, a powershell-only hook (with pwsh), and a
    // hook whose matcher its event ignores.
    expect(source.rules.map((r) => [r.name, r.matcher, r.handler])).toEqual([
      ['preToolUse[3]', null, { kind: 'shell', command: 'e.sh' }],
      ['preToolUse[6]', null, { kind: 'shell', command: "pwsh -nop -nol -c 'g.ps1'" }],
      ['userPromptSubmitted[0]', null, { kind: 'shell', command: 'h.sh' }],
    ]);
  });

  test('a version other than 1 drops the whole file', async () => {
    env = makeEnv();
    env.write('~/.copilot/hooks/v2.json', fixture('wrong-version.json'));
    const source = await env.source('~/.copilot/hooks/v2.json');
    expect(source.state).toBe('invalid');
    expect(diagnosticRows(source)).toEqual([['error', 'invalid_value', 2, 14, 'version']]);
    expect(source.diagnostics[0]!.message).toContain('Copilot CLI rejects the whole file');
  });

  test('every *.json of $COPILOT_HOME/hooks, settings.json and .github/hooks are found', async () => {
    env = makeEnv();
    const hook = JSON.stringify({ version: 1, hooks: { agentStop: [{ type: 'command', bash: 'true' }] } });
    env.write('copilot-home/hooks/b.json', hook);
    env.write('copilot-home/hooks/a.json', hook);
    env.write('copilot-home/hooks/notes.txt', 'not a hook file');
    env.write('ws/.github/hooks/repo.json', hook);
    env.processEnv.COPILOT_HOME = env.path('copilot-home');
    const found = (await env.load())
      .filter((s) => s.dialect === 'copilot')
      .map((s) => [s.path.replace(env!.root, '$TMP'), s.layer, s.role]);
    expect(found).toEqual([
      ['$TMP/hookpanel/hooks/copilot.json', 'hosted', 'hosted'],
      ['$TMP/copilot-home/hooks/a.json', 'user', 'inspected'],
      ['$TMP/copilot-home/hooks/b.json', 'user', 'inspected'],
      ['$TMP/copilot-home/settings.json', 'user-settings', 'inspected'],
      ['$TMP/ws/.github/hooks/repo.json', 'project', 'inspected'],
    ]);
  });

  test("disableAllHooks switches settings.json's hooks off, not the hook files'", async () => {
    env = makeEnv();
    const hooks = { agentStop: [{ type: 'command', bash: 'true' }] };
    env.write('~/.copilot/settings.json', JSON.stringify({ disableAllHooks: true, hooks }));
    env.write('~/.copilot/hooks/mine.json', JSON.stringify({ version: 1, hooks }));
    const report = await trust.report(await env.load(), env.ctx());
    expect(report.hooks.map((h) => [h.path.split('/').pop(), h.status])).toEqual([
      ['mine.json', 'runs'],
      ['settings.json', 'skips'],
    ]);
    expect((await env.source('~/.copilot/settings.json')).state).toBe('disabled');
    expect(report.fix).toContain('remove disableAllHooks');
  });

  test('repository hooks run only in a folder Copilot CLI trusts (trustedFolders in config.json)', async () => {
    env = makeEnv();
    const hook = JSON.stringify({ version: 1, hooks: { agentStop: [{ type: 'command', bash: 'true' }] } });
    env.write('ws/.github/hooks/repo.json', hook);
    const report = async () => trust.report(await env!.load(), env!.ctx());
    const untrusted = await report();
    expect(untrusted.hooks.map((h) => h.status)).toEqual(['skips']);
    expect(untrusted.hooks[0]!.message).toContain(
      'Copilot CLI will skip this in copilot -p: the folder is not trusted',
    );
    expect(untrusted.fix).toContain(`Trust ${env.workspace} in Copilot CLI`);
    // Copilot keeps config.json with comments of its own.
    env.write(
      '~/.copilot/config.json',
      `// managed\n${JSON.stringify({ trustedFolders: [env.workspace] })}\n`,
    );
    expect((await report()).hooks.map((h) => [h.status, h.message])).toEqual([
      ['runs', 'Copilot CLI will run this'],
    ]);
  });
});

describe('copilot matchers', () => {
  test.each([
    ['bash', 'bash', true],
    ['edit|bash', 'bash', true],
    ['ba', 'bash', false], // the whole name
    ['^ba', 'bash', false],
    ['Bash', 'bash', false], // case kept
    ['b.*', 'bash', true],
    ['(', 'bash', false],
  ])('%j against %s: %s', (matcher, value, expected) => {
    expect(copilotMatches(matcher, value)).toBe(expected);
  });
});

describe('copilot answers', () => {
  const base = { decision: 'allow', reason: null, context: null, permissionDecision: null } as const;
  const render = (answer: object, event: string) =>
    renderCopilotAnswer({ ...base, ...answer } as Parameters<typeof renderCopilotAnswer>[0], { event });

  test('a deny carries its reason as JSON: Copilot tells the model only "exited with code 2" on exit 2', () => {
    expect(render({ decision: 'block', reason: 'no' }, 'preToolUse')).toEqual({
      exitCode: 0,
      stdout: '{"permissionDecision":"deny","permissionDecisionReason":"no"}\n',
      stderr: '',
    });
    expect(render({ decision: 'block', reason: 'no' }, 'permissionRequest').stdout).toBe(
      '{"behavior":"deny","message":"no"}\n',
    );
    expect(render({ permissionDecision: 'allow' }, 'permissionRequest').stdout).toBe(
      '{"behavior":"allow"}\n',
    );
    expect(render({}, 'permissionRequest')).toEqual({ exitCode: 0, stdout: '', stderr: '' });
  });

  test("Ask me reads a permissionRequest, answers in Copilot's shape, and knows the call when it ran", () => {
    const request = {
      hookName: 'permissionRequest',
      sessionId: 's-1',
      cwd: '/w',
      toolName: 'bash',
      toolInput: { command: 'rm -rf build' },
      permissionSuggestions: [],
    };
    const facts = permissions.read(request);
    expect(facts).toMatchObject({ tool: 'bash', subject: 'rm -rf build', sessionId: 's-1', cwd: '/w' });
    expect(permissions.answer({ behavior: 'deny', reason: 'not now', always: null }).stdout).toBe(
      '{"behavior":"deny","message":"not now"}\n',
    );
    expect(permissions.answer({ behavior: 'allow', reason: null, always: null }).stdout).toBe(
      '{"behavior":"allow"}\n',
    );
    // postToolUse's toolArgs carries a description the request's toolInput does not: the same call.
    const ran = {
      sessionId: 's-1',
      toolName: 'bash',
      toolArgs: { command: 'rm -rf build', description: 'x' },
    };
    expect(permissions.movedOn('postToolUse', ran)).toEqual({ sessionId: 's-1', call: facts.callKey });
    expect(permissions.movedOn('agentStop', { sessionId: 's-1' })).toEqual({ sessionId: 's-1', call: null });
    expect(permissions.movedOn('preToolUse', ran)).toBeNull();
  });
});
