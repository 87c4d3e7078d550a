import { afterEach, describe, expect, test } from 'vitest';
import { mcpCatalog, mcpServerSources } from '../../../shared/mcp.js';
import { byDialect, diag, makeEnv, type TestEnv } from '../../helpers/env.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

describe('pw, per its seed', () => {
  test('events → matcher groups → hooks, every handler type, timeouts by event and handler', async () => {
    env = makeEnv();
    env.place('~/.config/agents/settings.json', 'pw/valid.json');
    const s = await env.source('~/.config/agents/settings.json');
    expect(s.state).toBe('active');
    expect(s.settings).toEqual({
      allowedEnvVars: ['MY_TOKEN'],
      mcpServers: { fmt: { type: 'stdio', command: 'fmt-mcp', args: ['--stdio'], env: {} } },
    });
    const table = s.rules.map((r) => [
      r.name,
      r.matcher,
      r.handler.kind,
      r.timeoutMs / 1000,
      r.mode,
      r.errorPolicy,
      r.group,
      r.hookIndex,
    ]);
    expect(table).toEqual([
      ['PreToolUse[0].hooks[0]', 'Bash', 'shell', 5, 'blocking', 'fail-open', 0, 0],
      ['PreToolUse[0].hooks[1]', 'Bash', 'exec', 600, 'blocking', 'fail-open', 0, 1],
      ['PreToolUse[1].hooks[0]', null, 'http', 600, 'blocking', 'fail-open', 1, 0],
      ['Stop[0].hooks[0]', null, 'prompt', 30, 'blocking', 'fail-open', 0, 0],
      ['SessionEnd[0].hooks[0]', null, 'shell', 30, 'blocking', 'fail-open', 0, 0],
      ['UserPromptSubmit[0].hooks[0]', null, 'shell', 30, 'fire_and_forget', 'fail-open', 0, 0],
      ['MessageDisplay[0].hooks[0]', null, 'shell', 10, 'blocking', 'fail-open', 0, 0],
      ['PermissionRequest[0].hooks[0]', 'Bash', 'agent', 60, 'blocking', 'fail-closed', 0, 0],
      ['PermissionRequest[0].hooks[1]', 'Bash', 'prompt', 30, 'blocking', 'fail-closed', 0, 1],
      ['PostToolUse[0].hooks[0]', 'Edit', 'mcp_tool', 600, 'blocking', 'fail-open', 0, 0],
    ]);
    expect(s.rules[1]!.handler).toEqual({ kind: 'exec', argv: ['/bin/echo', 'exec', 'form'] });
    expect(s.rules[8]!.handler).toEqual({ kind: 'prompt', prompt: 'ok?', model: 'fast' });
    expect(diag(s)).toEqual([['warning', 'timeout_capped', 21, 171]]);
  });

  test('errors and warnings of a project file: user-only keys, ignored fields, bad types, unknown and dormant events', async () => {
    env = makeEnv();
    env.place('ws/.agents/settings.json', 'pw/problems.json');
    const s = await env.source('ws/.agents/settings.json');
    expect(s.state).toBe('untrusted');
    expect(s.settings).toEqual({});
    expect(s.rules.map((r) => r.name)).toEqual([
      'PreToolUse[0].hooks[0]',
      'PreToolUse[0].hooks[4]',
      'Setup[0].hooks[0]',
      'Stop[0].hooks[0]',
    ]);
    expect(s.diagnostics.map((d) => [d.severity, d.code, d.line, d.column, d.key])).toEqual([
      ['warning', 'untrusted', null, null, null],
      ['warning', 'user_only_key', 2, 3, 'disableAllHooks'],
      ['warning', 'user_only_key', 3, 3, 'allowedEnvVars'],
      ['warning', 'ignored_field', 7, 49, 'hooks.PreToolUse[0].hooks[0].if'],
      ['warning', 'ignored_field', 7, 69, 'hooks.PreToolUse[0].hooks[0].statusMessage'],
      ['warning', 'ignored_field', 7, 98, 'hooks.PreToolUse[0].hooks[0].once'],
      ['warning', 'ignored_field', 7, 112, 'hooks.PreToolUse[0].hooks[0].shell'],
      ['warning', 'ignored_field', 7, 128, 'hooks.PreToolUse[0].hooks[0].asyncRewake'],
      ['error', 'invalid_value', 8, 19, 'hooks.PreToolUse[0].hooks[1].type'],
      ['error', 'missing_key', 9, 9, 'hooks.PreToolUse[0].hooks[2]'],
      ['error', 'wrong_type', 10, 60, 'hooks.PreToolUse[0].hooks[3].timeout'],
      ['error', 'unknown_event', 14, 5, 'hooks.PreToolUze'],
      ['warning', 'dormant_event', 15, 5, 'hooks.Setup'],
      ['warning', 'matcher_ignored', 16, 27, 'hooks.Stop[0].matcher'],
      ['error', 'env_var_not_allowed', 11, 9, null],
    ]);
    const m = s.diagnostics.map((d) => d.message);
    expect(m[1]).toContain('is honoured only from the user layer; in a project file it is ignored');
    expect(m[3]).toContain('so the hook runs on every matched occurrence');
    expect(m[7]).toContain('so an async hook never wakes the agent');
    expect(m[8]).toBe(
      'hooks.PreToolUse[0].hooks[1].type: must be one of command, http, mcp_tool, prompt, agent, got the string "webhook"',
    );
    expect(m[11]).toBe(
      'hooks.PreToolUze: pw code has no event PreToolUze, so this hook never runs; did you mean PreToolUse?',
    );
    expect(m[12]).toBe(
      'hooks.Setup: Setup is dormant: it parses and lists but never fires yet, because it waits on an init/maintenance mode in pw code',
    );
    expect(m[14]).toContain('uses $SECRET, which is not in allowedEnvVars');
  });

  test('the ten dormant events load with their reasons', async () => {
    env = makeEnv();
    env.place('~/.config/pw/code.json', 'pw/dormant.json');
    const s = await env.source('~/.config/pw/code.json');
    expect(s.rules).toHaveLength(10);
    expect(s.rules.every((r) => r.dormant && r.dormantReason?.startsWith('never fires yet'))).toBe(true);
    expect(s.diagnostics.map((d) => d.code)).toEqual(Array(10).fill('dormant_event'));
    expect(s.diagnostics.map((d) => d.message.split('waits on ')[1])).toEqual([
      'an init/maintenance mode in pw code',
      'agent teams',
      'a task system',
      'a task system',
      'a movable working directory; today the workspace is fixed for the life of a run',
      'adding directories mid-session; today they are fixed at launch via --add-dir',
      'worktree isolation',
      'worktree isolation',
      'surfacing MCP elicitation requests',
      'surfacing MCP elicitation requests',
    ]);
  });

  test('disableAllHooks from the user layer disables every pw source; allowedEnvVars gates header variables', async () => {
    env = makeEnv();
    env.place('~/.config/agents/settings.json', 'pw/user-disable.json');
    env.place('~/.config/pw/code.json', 'pw/user-env.json');
    env.place('ws/.agents/settings.json', 'pw/valid.json');
    const pw = byDialect(await env.load(), 'pw').filter((s) => s.state !== 'absent');
    expect(pw.map((s) => [s.priority, s.state])).toEqual([
      [1, 'disabled'],
      [2, 'disabled'],
      [5, 'disabled'],
    ]);
    const code = pw[1]!;
    expect(code.diagnostics.map((d) => d.code)).toEqual(['all_hooks_disabled', 'env_var_not_allowed']);
    expect(code.diagnostics[1]!.message).toContain('$OTHER_SECRET');
  });

  test('the seven layers in priority order; legacy files only where the .agents/ equivalent is absent', async () => {
    env = makeEnv();
    for (const p of [
      'ws/.mcp.json',
      'ws/.pw/code/settings.json',
      'ws/.pw/code/settings.local.json',
      'ws/.agents/settings.local.json',
      '~/.config/agents/settings.json',
      '~/.config/pw/code.json',
    ]) {
      env.write(p, '{ "hooks": { "Stop": [{ "hooks": [{ "command": "true" }] }] } }');
    }
    const pw = byDialect(await env.load(), 'pw');
    expect(pw.map((s) => [s.priority, s.layer, s.path.replace(env.root, '')])).toEqual([
      [1, 'user', '/home/.config/agents/settings.json'],
      [2, 'user', '/home/.config/pw/code.json'],
      [3, 'project', '/ws/.mcp.json'],
      [4, 'project', '/ws/.pw/code/settings.json'],
      [5, 'project', '/ws/.agents/settings.json'],
      [7, 'local', '/ws/.agents/settings.local.json'],
    ]);
    expect(pw.map((s) => s.state)).toEqual([
      'active',
      'active',
      'untrusted',
      'untrusted',
      'absent',
      'untrusted',
    ]);
  });

  test('comments are a syntax error with a position', async () => {
    env = makeEnv();
    env.place('~/.config/pw/code.json', 'pw/comment.json');
    const s = await env.source('~/.config/pw/code.json');
    expect(s.state).toBe('invalid');
    expect(diag(s)).toEqual([['error', 'syntax', 3, 5]]);
    expect(s.diagnostics[0]!.message).toContain('comments are not allowed in JSON');
  });
});

describe('pw mcp_tool and MCP servers', () => {
  test('mcpServers are validated per server; input references and server names are checked', async () => {
    env = makeEnv();
    const path = env.place('~/.config/pw/code.json', 'pw/mcp.json');
    const s = await env.source('~/.config/pw/code.json');
    expect(Object.keys(s.settings.mcpServers as object)).toEqual(['policy', 'remote', 'typo']);
    expect((s.settings.mcpServers as Record<string, unknown>).remote).toEqual({
      type: 'http',
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: 'Bearer ${TOKEN}' },
    });
    // Rules with a malformed reference or a missing field do not load; an unknown server loads and fails when run.
    expect(s.rules.map((r) => r.name)).toEqual(['PreToolUse[0].hooks[2]', 'PreToolUse[0].hooks[3]']);
    expect(s.rules[1]!.handler).toEqual({
      kind: 'mcp_tool',
      server: 'remote',
      tool: 'check',
      input: { n: 1 },
    });
    expect(s.diagnostics.map((d) => [d.severity, d.code, d.line, d.column, d.key])).toEqual([
      ['error', 'unsupported_transport', 5, 25, 'mcpServers.legacy.type'],
      ['error', 'missing_key', 6, 15, 'mcpServers.broken.command'],
      ['warning', 'unknown_key', 7, 31, 'mcpServers.typo.argz'],
      ['error', 'invalid_url', 8, 37, 'mcpServers.ftp.url'],
      ['error', 'wrong_type', 9, 13, 'mcpServers.list'],
      ['error', 'bad_reference', 14, 129, 'hooks.PreToolUse[0].hooks[0].input.all'],
      ['error', 'bad_reference', 15, 87, 'hooks.PreToolUse[0].hooks[1].input.path'],
      ['error', 'bad_reference', 15, 130, 'hooks.PreToolUse[0].hooks[1].input.deep[0].x'],
      ['error', 'missing_key', 18, 9, 'hooks.PreToolUse[0].hooks[4]'],
      ['error', 'unknown_server', 16, 9, null],
    ]);
    const m = s.diagnostics.map((d) => d.message);
    expect(m[0]).toContain('the legacy SSE transport is not supported');
    expect(m[2]).toContain('(did you mean "args"?)');
    expect(m[6]).toContain('did you mean ${payload.tool_input.file_path}?');
    expect(m[7]).toContain('"${payload.a" opens a ${…} reference that is never closed');
    expect(m[8]).toContain('a prompt hook needs "prompt"');
    expect(m[9]).toBe(
      `PreToolUse[0].hooks[2] calls MCP server "polcy", which no file defines (did you mean "policy"?), so the hook fails when it runs; the servers defined are "policy" (${path}), "remote" (${path}), "typo" (${path})`,
    );
  });

  test('a project file that only defines servers still needs trust; the highest layer defining a name wins outright', async () => {
    env = makeEnv();
    env.write(
      '~/.config/pw/code.json',
      JSON.stringify({
        mcpServers: { policy: { command: 'user-policy' } },
        hooks: { Stop: [{ hooks: [{ type: 'mcp_tool', server: 'policy', tool: 't' }] }] },
      }),
    );
    env.write(
      'ws/.mcp.json',
      JSON.stringify({ mcpServers: { policy: { type: 'http', url: 'http://127.0.0.1:9/mcp' } } }),
    );
    const pw = byDialect(await env.load(), 'pw');
    const mcp = pw.find((s) => s.path === env.path('ws/.mcp.json'))!;
    expect(mcp.state).toBe('untrusted');
    const policy = mcpCatalog(pw).get('policy')!;
    expect(policy).toMatchObject({ definedIn: mcp.path, config: { type: 'http' } });
    expect(policy.unusable).toContain('which is not trusted yet');
  });
});

describe('the cross-tool .mcp.json', () => {
  test("Claude Code's hosted hooks may call the workspace's .mcp.json servers; it stays one pw source with one trust", async () => {
    env = makeEnv();
    env.write('ws/.mcp.json', JSON.stringify({ mcpServers: { policy: { command: 'policy-mcp' } } }));
    env.write(
      'hp/hooks/claude.json',
      JSON.stringify({
        hooks: {
          Stop: [
            {
              hooks: [
                { type: 'mcp_tool', server: 'policy', tool: 't' },
                { type: 'mcp_tool', server: 'other', tool: 't' },
              ],
            },
          ],
        },
      }),
    );
    const all = await env.load();
    expect(all.filter((s) => s.path === env.path('ws/.mcp.json')).map((s) => [s.dialect, s.state])).toEqual([
      ['pw', 'untrusted'],
    ]);
    const hosted = all.find((s) => s.path === env.path('hp/hooks/claude.json'))!;
    expect(hosted.diagnostics.map((d) => [d.code, d.ruleIndex])).toEqual([['unknown_server', 1]]);
    expect(mcpCatalog(mcpServerSources(all, 'claude')).get('policy')).toMatchObject({
      definedIn: env.path('ws/.mcp.json'),
      unusable: expect.stringContaining('not trusted yet'),
    });
  });
});

describe('claude (Claude Code settings)', () => {
  test("Claude Code files are inspected, Hookpanel's own claude.json is hosted; Claude Code's event list applies", async () => {
    env = makeEnv();
    env.place('~/.claude/settings.json', 'claude/settings.json');
    env.place('ws/.claude/settings.json', 'claude/settings.json');
    env.write(
      'hp/hooks/claude.json',
      '{ "hooks": { "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "true" }] }] } }',
    );
    const claude = byDialect(await env.load(), 'claude');
    expect(claude.map((s) => [s.layer, s.role, s.state])).toEqual([
      ['hosted', 'hosted', 'active'],
      ['user', 'inspected', 'active'],
      ['project', 'inspected', 'untrusted'],
      ['local', 'inspected', 'absent'],
    ]);
    const user = claude[1]!;
    expect(user.rules.map((r) => [r.name, r.dormant])).toEqual([
      ['PreToolUse[0].hooks[0]', false],
      // Dormant in pw (../shared/seeds/003_c7fb5911eadfcab5.txt), fired by Claude Code.
      ['CwdChanged[0].hooks[0]', false],
      ['Setup[0].hooks[0]', false],
    ]);
    // Claude Code drops an event it does not know (a warning at its startup): the hook is lost.
    expect(diag(user)).toEqual([['error', 'unknown_event', 8, 5]]);
    expect(user.diagnostics[0]!.message).toBe(
      'hooks.FutureEvent: Claude Code has no event FutureEvent, so this hook never runs',
    );
  });

  test("events Claude Code 2.1.197 does not have are errors: pw's DirectoryAdded, a model-switch pair", async () => {
    env = makeEnv();
    env.write(
      '~/.claude/settings.json',
      JSON.stringify({
        hooks: Object.fromEntries(
          ['DirectoryAdded', 'PreModelSwitch', 'PostModelSwitch', 'PostToolBatch'].map((e) => [
            e,
            [{ hooks: [{ type: 'command', command: 'true' }] }],
          ]),
        ),
      }),
    );
    const user = byDialect(await env.load(), 'claude')[1]!;
    expect(user.rules.map((r) => r.name)).toEqual(['PostToolBatch[0].hooks[0]']);
    expect(user.diagnostics.map((d) => [d.code, d.message.split(':')[0]])).toEqual([
      ['unknown_event', 'hooks.DirectoryAdded'],
      ['unknown_event', 'hooks.PreModelSwitch'],
      ['unknown_event', 'hooks.PostModelSwitch'],
    ]);
  });

  test('a role can be changed in settings', async () => {
    env = makeEnv();
    const path = env.place('~/.claude/settings.json', 'claude/settings.json');
    const claude = byDialect(await env.load({ roles: { [path]: 'hosted' } }), 'claude');
    expect(claude[1]!.role).toBe('hosted');
  });
});
