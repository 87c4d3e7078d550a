import { afterEach, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

/** A home and workspace holding valid and invalid files of every dialect. */
function populate(e: TestEnv): void {
  e.place('~/.arya/polish/hooks.json', 'arya/mixed.json');
  e.place('~/.config/io/io.toml', 'io/user-valid.toml');
  e.place('ws/io.local.toml', 'io/project-hook.toml');
  e.place('~/.chrys/hooks/hooks.yaml', 'chrys/warnings.yaml');
  e.place('ws/.chrys/hooks/hooks.yaml', 'chrys/valid.json');
  e.place('~/.config/agents/settings.json', 'pw/user-disable.json');
  e.place('ws/.agents/settings.json', 'pw/valid.json');
  e.place('~/.claude/settings.json', 'claude/settings.json');
  e.place('ws/.claude/settings.json', 'claude/settings.json');
  e.write('hp/hooks/claude.json', '{ "hooks": { "Stop": [{ "hooks": [{ "command": "true" }] }] } }');
}

describe('hookpanel check', () => {
  test('--json reports every source with the states of DESIGN.md', async () => {
    env = makeEnv();
    populate(env);
    const r = await runCli(['check', '--json', '--project', env.workspace], { env: env.processEnv });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as {
      sources: {
        path: string;
        dialect: string;
        layer: string;
        state: string;
        sha256: string | null;
        rules: unknown[];
        diagnostics: {
          severity: string;
          code: string;
          message: string;
          line: number | null;
          column: number | null;
          ruleIndex: number | null;
        }[];
      }[];
    };
    // System-wide files (/etc/codex, /etc/gemini-cli) are the machine's, not the test's.
    const ours = out.sources.filter((s) => s.path.startsWith(env.root));
    const states = Object.fromEntries(ours.map((s) => [s.path.replace(env.root, ''), s.state]));
    expect(states).toEqual({
      '/home/.arya/polish/hooks.json': 'active',
      '/home/.config/io/io.toml': 'refused',
      '/ws/io.toml': 'absent',
      '/ws/io.local.toml': 'refused',
      '/ws/.chrys/hooks/hooks.yaml': 'dormant',
      '/home/.chrys/hooks/hooks.yaml': 'active',
      '/home/.config/agents/settings.json': 'disabled',
      '/home/.config/pw/code.json': 'absent',
      '/ws/.mcp.json': 'absent',
      '/ws/.agents/settings.json': 'disabled',
      '/ws/.pw/code/settings.local.json': 'absent',
      '/ws/.agents/settings.local.json': 'absent',
      '/hookpanel/hooks/claude.json': 'active',
      '/home/.claude/settings.json': 'active',
      '/ws/.claude/settings.json': 'untrusted',
      '/ws/.claude/settings.local.json': 'absent',
      '/hookpanel/hooks/codex.json': 'absent',
      '/home/.codex/hooks.json': 'absent',
      '/home/.codex/config.toml': 'absent',
      '/ws/.codex/hooks.json': 'absent',
      '/ws/.codex/config.toml': 'absent',
      '/hookpanel/hooks/gemini.json': 'absent',
      '/home/.gemini/settings.json': 'absent',
      '/ws/.gemini/settings.json': 'absent',
      // opencode's plugins are files in folders: none here, so only its hosted file is listed.
      '/hookpanel/hooks/opencode.json': 'absent',
      '/hookpanel/hooks/qwen.json': 'absent',
      '/home/.qwen/settings.json': 'absent',
      '/ws/.qwen/settings.json': 'absent',
      // Copilot CLI's hook files are every *.json of its folders: none here.
      '/hookpanel/hooks/copilot.json': 'absent',
      '/home/.copilot/settings.json': 'absent',
      '/hookpanel/hooks/droid.json': 'absent',
      '/home/.factory/settings.json': 'absent',
      '/home/.factory/hooks.json': 'absent',
      '/home/.factory/hooks/hooks.json': 'absent',
      '/ws/.factory/settings.json': 'absent',
      '/ws/.factory/hooks.json': 'absent',
      '/ws/.factory/hooks/hooks.json': 'absent',
    });
    const first = out.sources[0]!;
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining(['path', 'dialect', 'layer', 'state', 'sha256', 'rules', 'diagnostics']),
    );
    expect(Object.keys(first.diagnostics[0]!)).toEqual(
      expect.arrayContaining(['severity', 'code', 'message', 'line', 'column', 'ruleIndex']),
    );
  });

  test('states dormant and active chrys project files follow the setting', async () => {
    env = makeEnv();
    env.write(
      'ws/.chrys/hooks/hooks.yaml',
      'hooks:\n  - { id: p, event: after_turn, run: { type: shell, shell: "true" } }\n',
    );
    let r = await runCli(['check', '--json'], { env: env.processEnv, cwd: env.workspace });
    let chrys = (JSON.parse(r.stdout).sources as { layer: string; dialect: string; state: string }[]).find(
      (s) => s.dialect === 'chrys' && s.layer === 'project',
    );
    expect(chrys?.state).toBe('dormant');
    expect(r.code).toBe(0);
    env.write('hp/settings.json', JSON.stringify({ chrys: { projectHooksEnabled: true } }));
    r = await runCli(['check', '--json'], { env: env.processEnv, cwd: env.workspace });
    chrys = (JSON.parse(r.stdout).sources as { layer: string; dialect: string; state: string }[]).find(
      (s) => s.dialect === 'chrys' && s.layer === 'project',
    );
    expect(chrys?.state).toBe('untrusted');
    r = await runCli(['trust', env.path('ws/.chrys/hooks/hooks.yaml')], {
      env: env.processEnv,
      cwd: env.root,
    });
    expect(r.code).toBe(0);
    r = await runCli(['check', '--json'], { env: env.processEnv, cwd: env.workspace });
    chrys = (JSON.parse(r.stdout).sources as { layer: string; dialect: string; state: string }[]).find(
      (s) => s.dialect === 'chrys' && s.layer === 'project',
    );
    expect(chrys?.state).toBe('active');
  });

  test('human output: path:line:col: severity: message, a source table, exit 1 on errors', async () => {
    env = makeEnv();
    populate(env);
    const r = await runCli(['check', '--project', env.workspace], { env: env.processEnv });
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines).toContain(
      `${env.path('~/.arya/polish/hooks.json')}:8:29: error: hooks[5].on: AryaCode has no event turn/stoping, so this hook never runs; did you mean turn/stopping?`,
    );
    expect(lines).toContain(
      `${env.path('ws/io.local.toml')}:4:1: error: while reading ${env.path('ws/io.local.toml')}:`,
    );
    // Claude Code drops an event it does not know, so the fixture's FutureEvent hook is an error, not a rule.
    expect(lines).toContain(
      `${env.path('~/.claude/settings.json')}:8:5: error: hooks.FutureEvent: Claude Code has no event FutureEvent, so this hook never runs`,
    );
    expect(r.stdout).toMatch(/claude +project +inspected +untrusted +3 rules/);
    expect(lines.at(-2)).toMatch(/^\d+ sources, \d+ rules, 11 errors, \d+ warnings$/);
  });

  test('exit 0 when nothing is wrong; a single file with --dialect; usage errors exit 2', async () => {
    env = makeEnv();
    env.place('~/.arya/polish/hooks.json', 'arya/valid-object.json');
    let r = await runCli(['check'], { env: env.processEnv, cwd: env.workspace });
    expect(r.code).toBe(0);
    const loose = env.place('elsewhere/my-hooks.yaml', 'chrys/strict.yaml');
    r = await runCli(['check', loose, '--dialect', 'chrys'], { env: env.processEnv, cwd: env.root });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      `${loose}:2:1: error: sttings: unknown key "sttings" (did you mean "settings"?)`,
    );
    r = await runCli(['check', loose], { env: env.processEnv, cwd: env.root });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('pass --dialect');
    r = await runCli(['check', env.path('~/.arya/polish/hooks.json'), '--json'], {
      env: env.processEnv,
      cwd: env.root,
    });
    expect(JSON.parse(r.stdout).sources).toHaveLength(1);
    r = await runCli(['check', loose, '--dialect', 'nope'], { env: env.processEnv });
    expect(r.code).toBe(2);
    r = await runCli(['frobnicate'], { env: env.processEnv });
    expect(r.code).toBe(2);
  });

  test("mcp_tool hooks: unknown servers and malformed ${payload…} references, judged among the dialect's other files", async () => {
    env = makeEnv();
    env.write(
      '~/.config/pw/code.json',
      JSON.stringify({ mcpServers: { policy: { command: 'policy-mcp' } } }),
    );
    const project = env.write(
      'ws/.agents/settings.json',
      `{
  "hooks": {
    "PreToolUse": [{ "hooks": [
      { "type": "mcp_tool", "server": "policy", "tool": "check", "input": { "path": "\${payload.tool_input.file_path}" } },
      { "type": "mcp_tool", "server": "polic", "tool": "check" },
      { "type": "mcp_tool", "server": "policy", "tool": "check", "input": { "path": "\${tool_input.file_path}" } }
    ] }]
  }
}
`,
    );
    // The file alone: the server it uses is defined in the user file, so only the two mistakes are errors.
    const r = await runCli(['check', project], { env: env.processEnv, cwd: env.workspace });
    expect(r.code).toBe(1);
    const errors = r.stdout.split('\n').filter((l) => l.includes(': error: '));
    expect(errors).toEqual([
      `${project}:6:85: error: hooks.PreToolUse[0].hooks[2].input.path: "\${tool_input.file_path}" is not a payload reference: write \${payload.field} or \${payload.field.inner}; did you mean \${payload.tool_input.file_path}?`,
      `${project}:5:7: error: PreToolUse[0].hooks[1] calls MCP server "polic", which no file defines (did you mean "policy"?), so the hook fails when it runs; the servers defined are "policy" (${env.path('~/.config/pw/code.json')})`,
    ]);
  });
});
