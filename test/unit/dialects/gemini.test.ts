// Gemini CLI's settings files checked with Gemini CLI 0.61's own rules (docs/agents/gemini.md): what it
// runs, what it skips and why, its master switch, its disabled list and its folder trust.
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { Source } from '../../../shared/model.js';
import { DiagnosticSink } from '../../../electron/host/diagnostics/sink.js';
import type { Candidate } from '../../../electron/host/dialects/dialect.js';
import {
  combineGeminiSources,
  geminiFolderTrust,
  loadGeminiFile,
  locateGeminiFiles,
  parseGeminiSettings,
} from '../../../electron/host/dialects/gemini/index.js';
import { fixtureText } from '../../helpers/dialect-fixtures.js';
import { makeEnv, type TestEnv } from '../../helpers/env.js';

let env: TestEnv | null = null;
afterEach(async () => {
  await env?.cleanup();
  env = null;
});

function load(text: string, candidate: Partial<Candidate> = {}) {
  const path = candidate.path ?? '/home/u/.gemini/settings.json';
  const doc = parseGeminiSettings(text);
  const sink = new DiagnosticSink(path, doc);
  const loaded = loadGeminiFile(
    doc,
    {
      path,
      layer: 'user',
      priority: 2,
      role: 'inspected',
      projectScoped: false,
      format: 'json',
      ...candidate,
    },
    sink,
  );
  const source: Source = {
    path,
    dialect: 'gemini',
    layer: candidate.layer ?? 'user',
    priority: 0,
    role: candidate.role ?? 'inspected',
    state: 'active',
    projectScoped: candidate.projectScoped ?? false,
    workspace: null,
    sha256: null,
    scripts: [],
    rules: loaded.rules,
    diagnostics: [...sink.list],
    settings: loaded.settings ?? {},
  };
  return { loaded, doc, source, diags: sink.list.map((d) => [d.severity, d.code, d.line, d.column, d.key]) };
}
const fixture = (name: string) => fixtureText('gemini', name);
const hooks = (command: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', command }] }] }, ...extra });

describe('gemini settings.json', () => {
  test('comments allowed; names, descriptions, env, millisecond timeouts; regex and trigger matchers; hooksConfig', () => {
    const { loaded, diags } = load(fixture('valid.json'));
    expect(diags).toEqual([]);
    expect(loaded.settings).toEqual({
      hooksEnabled: true,
      disabledHooks: ['noisy-logger'],
      folderTrust: true,
    });
    expect(
      loaded.rules.map((r) => [
        r.name,
        r.matcher,
        r.handler.kind,
        r.timeoutMs,
        r.group,
        r.hookIndex,
        r.line,
        r.description,
      ]),
    ).toEqual([
      ['security-check', 'write_file|replace', 'shell', 5000, 0, 0, 11, null],
      ['BeforeTool[0].hooks[1]', 'write_file|replace', 'shell', 60_000, 0, 1, 12, 'Audit every write'],
      ['noisy-logger', null, 'shell', 60_000, 0, 0, 16, null],
      ['SessionStart[0].hooks[0]', 'startup', 'shell', 60_000, 0, 0, 17, null],
      ['AfterAgent[0].hooks[0]', null, 'shell', 10_000, 0, 0, 18, null],
    ]);
    // $GEMINI_PROJECT_DIR stays as written: Gemini puts the quoted project folder in when it runs the hook.
    expect(loaded.rules[0]!.handler).toEqual({
      kind: 'shell',
      command: '$GEMINI_PROJECT_DIR/.gemini/hooks/security.sh',
    });
    expect(loaded.rules[1]!.env).toEqual({ AUDIT_LEVEL: 'full' });
    expect(loaded.rules.every((r) => r.mode === 'blocking' && r.errorPolicy === 'fail-open')).toBe(true);
  });

  test('what Gemini skips, discards or misreads, each at its line and column', () => {
    const { loaded, diags } = load(fixture('problems.json'));
    expect(diags).toEqual([
      ['warning', 'unknown_key', 2, 38, 'hooksConfig.mode'],
      ['error', 'wrong_type', 2, 31, 'hooksConfig.enabled'],
      ['warning', 'misplaced_key', 4, 5, 'hooks.enabled'],
      ['error', 'unknown_event', 5, 5, 'hooks.BeforeTools'],
      ['warning', 'invalid_matcher', 7, 20, 'hooks.BeforeTool[0].matcher'],
      ['error', 'wrong_type', 8, 20, 'hooks.BeforeTool[1].matcher'],
      ['warning', 'unknown_key', 9, 41, 'hooks.BeforeTool[2].parallel'],
      ['error', 'invalid_value', 10, 19, 'hooks.BeforeTool[2].hooks[0].type'],
      ['warning', 'plugin_type', 11, 19, 'hooks.BeforeTool[2].hooks[1].type'],
      ['error', 'invalid_value', 12, 19, 'hooks.BeforeTool[2].hooks[2].type'],
      ['error', 'missing_key', 13, 9, 'hooks.BeforeTool[2].hooks[3]'],
      ['warning', 'wrong_type', 14, 60, 'hooks.BeforeTool[2].hooks[4].timeout'],
      ['error', 'timeout_fires_at_once', 15, 60, 'hooks.BeforeTool[2].hooks[5].timeout'],
      ['error', 'timeout_fires_at_once', 16, 60, 'hooks.BeforeTool[2].hooks[6].timeout'],
      ['warning', 'unknown_key', 17, 63, 'hooks.BeforeTool[2].hooks[7].retries'],
      ['warning', 'timeout_units', 17, 60, 'hooks.BeforeTool[2].hooks[7].timeout'],
      ['warning', 'wrong_type', 18, 56, 'hooks.BeforeTool[2].hooks[8].env'],
      ['error', 'missing_key', 20, 7, 'hooks.BeforeTool[3]'],
      ['warning', 'matcher_ignored', 22, 34, 'hooks.BeforeAgent[0].matcher'],
      ['warning', 'unknown_trigger', 23, 33, 'hooks.SessionEnd[0].matcher'],
      ['error', 'wrong_type', 24, 19, 'hooks.AfterAgent'],
    ]);
    // What Gemini would run, with the timeouts it would use (0: fires at once).
    expect(loaded.rules.map((r) => [r.name, r.matcher, r.timeoutMs])).toEqual([
      ['BeforeTool[0].hooks[0]', '[', 60_000],
      ['BeforeTool[2].hooks[1]', 'run_shell_command', 60_000],
      ['BeforeTool[2].hooks[4]', 'run_shell_command', 5000],
      ['BeforeTool[2].hooks[5]', 'run_shell_command', 0],
      ['BeforeTool[2].hooks[6]', 'run_shell_command', 0],
      ['BeforeTool[2].hooks[7]', 'run_shell_command', 5],
      ['BeforeTool[2].hooks[8]', 'run_shell_command', 60_000],
      ['BeforeAgent[0].hooks[0]', null, 60_000],
      ['SessionEnd[0].hooks[0]', 'quit', 60_000],
    ]);
  });

  test('identical hooks (same name and command) on one event run once', () => {
    const text = JSON.stringify({
      hooks: {
        BeforeTool: [
          { matcher: 'a', hooks: [{ type: 'command', command: 'x.sh' }] },
          { matcher: 'b', hooks: [{ type: 'command', command: 'x.sh' }] },
        ],
      },
    });
    expect(load(text).diags).toEqual([['info', 'duplicate_hook', 1, 111, 'hooks.BeforeTool[1].hooks[0]']]);
  });

  test('a file that is not an object or does not parse: Gemini will not start', () => {
    const list = load('[]');
    expect(list.loaded.valid).toBe(false);
    expect(list.diags).toEqual([['error', 'wrong_shape', 1, 1, null]]);
    const trailing = parseGeminiSettings('{ "hooks": {}, }');
    expect(trailing.value).toBeUndefined();
    expect(trailing.syntaxProblems[0]!.position).toEqual({ line: 1, column: 16 });
  });
});

describe('gemini files across layers', () => {
  test('where Gemini looks: hosted, system defaults, ~/.gemini (or GEMINI_CLI_HOME), the project (not the home folder), system', () => {
    env = makeEnv();
    const paths = (extra: Record<string, string> = {}, workspace: string | null = env!.workspace) =>
      locateGeminiFiles({
        ...env!.ctx(),
        workspace,
        host: { ...env!.host, platform: 'linux', env: { ...env!.host.env, ...extra } },
      }).map((c) => [c.path, c.layer, c.role, c.projectScoped]);
    expect(paths()).toEqual([
      [join(env.hookpanelHome, 'hooks', 'gemini.json'), 'hosted', 'hosted', false],
      ['/etc/gemini-cli/system-defaults.json', 'system-defaults', 'inspected', false],
      [join(env.home, '.gemini', 'settings.json'), 'user', 'inspected', false],
      [join(env.workspace, '.gemini', 'settings.json'), 'project', 'inspected', true],
      ['/etc/gemini-cli/settings.json', 'system', 'inspected', false],
    ]);
    const moved = paths({ GEMINI_CLI_HOME: '/srv/g', GEMINI_CLI_SYSTEM_SETTINGS_PATH: '/opt/g/system.json' });
    expect(moved.map((p) => p[0])).toEqual([
      join(env.hookpanelHome, 'hooks', 'gemini.json'),
      '/opt/g/system-defaults.json',
      '/srv/g/.gemini/settings.json',
      join(env.workspace, '.gemini', 'settings.json'),
      '/opt/g/system.json',
    ]);
    expect(paths({}, env.home).map((p) => p[1])).not.toContain('project');
  });

  test('folder trust as Gemini decides it: environment, the switch, the longest rule in trustedFolders.json', () => {
    env = makeEnv();
    const ws = env.workspace;
    const host = (extra: Record<string, string> = {}) => ({
      ...env!.host,
      env: { ...env!.host.env, ...extra },
    });
    expect(geminiFolderTrust(host(), ws, true)).toMatchObject({
      trusted: false,
      why: expect.stringContaining('does not exist'),
    });
    expect(geminiFolderTrust(host(), ws, false)).toEqual({
      trusted: true,
      why: 'security.folderTrust.enabled is false',
    });
    expect(geminiFolderTrust(host({ GEMINI_CLI_TRUST_WORKSPACE: 'true' }), ws, true).trusted).toBe(true);
    env.write(
      '~/.gemini/trustedFolders.json',
      JSON.stringify({ [env.root]: 'TRUST_FOLDER', [ws]: 'DO_NOT_TRUST' }),
    );
    expect(geminiFolderTrust(host(), ws, true)).toMatchObject({
      trusted: false,
      why: expect.stringContaining('DO_NOT_TRUST'),
    });
    expect(geminiFolderTrust(host(), join(env.root, 'other'), true).trusted).toBe(true);
    // TRUST_PARENT trusts the folder that holds the one named.
    env.write('~/.gemini/trustedFolders.json', JSON.stringify({ [join(ws, 'sub')]: 'TRUST_PARENT' }));
    expect(geminiFolderTrust(host(), ws, true).trusted).toBe(true);
    expect(geminiFolderTrust(host({ GEMINI_RESTRICTED_MODE: 'true' }), ws, true).trusted).toBe(false);
  });

  test('untrusted folder: no settings hook runs there; trusted: project hooks join', () => {
    env = makeEnv();
    const user = load(hooks('user.sh')).source;
    const project = load(hooks('project.sh'), {
      path: join(env.workspace, '.gemini', 'settings.json'),
      layer: 'project',
      projectScoped: true,
    }).source;
    combineGeminiSources([user, project], env.ctx());
    expect(user.diagnostics.map((d) => d.code)).toEqual(['folder_not_trusted']);
    expect(user.diagnostics[0]!.message).toContain(
      'headless runs refuse to start, interactive ones skip every settings hook',
    );
    expect(project.diagnostics[0]!.message).toContain('Gemini ignores this file');

    env.write('~/.gemini/trustedFolders.json', JSON.stringify({ [env.workspace]: 'TRUST_FOLDER' }));
    const user2 = load(hooks('user.sh')).source;
    const project2 = load(hooks('project.sh'), { layer: 'project', projectScoped: true }).source;
    combineGeminiSources([user2, project2], env.ctx());
    expect([...user2.diagnostics, ...project2.diagnostics]).toEqual([]);
  });

  test('hooksConfig.enabled by merge order (system over project over user), and hooksConfig.disabled by name or command', () => {
    env = makeEnv();
    env.write('~/.gemini/trustedFolders.json', JSON.stringify({ [env.workspace]: 'TRUST_FOLDER' }));
    const user = load(
      JSON.stringify({
        hooksConfig: { enabled: false, disabled: ['named', 'plain.sh'] },
        hooks: {
          BeforeTool: [
            {
              hooks: [
                { type: 'command', name: 'named', command: 'a.sh' },
                { type: 'command', command: 'plain.sh' },
                { type: 'command', name: 'kept', command: 'plain.sh' },
              ],
            },
          ],
        },
      }),
    ).source;
    const project = load(hooks('p.sh', { hooksConfig: { enabled: true } }), {
      layer: 'project',
      projectScoped: true,
    }).source;
    combineGeminiSources([user, project], env.ctx());
    // The project's `enabled: true` wins over the user's false: Gemini merges project over user.
    expect([user.state, project.state]).toEqual(['active', 'active']);
    expect(user.rules.map((r) => [r.name, r.enabled])).toEqual([
      ['named', false],
      ['BeforeTool[0].hooks[1]', false],
      ['kept', true],
    ]);
    const system = load(JSON.stringify({ hooksConfig: { enabled: false } }), {
      path: '/etc/gemini-cli/settings.json',
      layer: 'system',
    }).source;
    const user3 = load(hooks('u.sh')).source;
    combineGeminiSources([user3, system], env.ctx());
    expect(user3.state).toBe('disabled');
    expect(user3.diagnostics.map((d) => d.message)).toEqual([
      'Gemini runs no hooks: hooksConfig.enabled is false in /etc/gemini-cli/settings.json',
    ]);
  });
});
