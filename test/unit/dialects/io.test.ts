import { afterEach, describe, expect, test } from 'vitest';
import { byDialect, diag, makeEnv, type TestEnv } from '../../helpers/env.js';

const USER = '~/.config/io/io.toml';
let env: TestEnv;
afterEach(() => env?.cleanup());

describe('io, per its seed', () => {
  test('observers, gates and defaults normalize', async () => {
    env = makeEnv();
    env.place(USER, 'io/user-valid.toml');
    const s = await env.source(USER);
    expect(s.state).toBe('active');
    expect(diag(s)).toEqual([]);
    expect(s.rules.map((r) => [r.events, r.handler, r.mode, r.errorPolicy, r.timeoutMs, r.tools])).toEqual([
      [['*'], { kind: 'append', path: 'audit.jsonl' }, 'observer', 'continue', 5000, null],
      [['before_tool'], { kind: 'exec', argv: ['true', '--check'] }, 'blocking', 'refuse', 2000, ['shell']],
      [['turn_end'], { kind: 'exec', argv: ['true'] }, 'observer', 'cancel', 5000, null],
    ]);
    expect([s.rules[1]!.line, s.rules[1]!.column]).toEqual([7, 1]);
  });

  test('each combination rule is an error at the right key', async () => {
    env = makeEnv();
    env.place(USER, 'io/user-invalid.toml');
    const s = await env.source(USER);
    expect(s.state).toBe('invalid');
    expect(s.diagnostics.map((d) => [d.code, d.ruleIndex, d.line, d.column])).toEqual([
      ['on_and_at', 0, 3, 6],
      ['gate_without_run', 1, 7, 6],
      ['run_xor_append', 2, 12, 10],
      ['run_is_string', 3, 17, 7],
      ['out_of_range', 4, 21, 7],
      ['invalid_value', 5, 24, 6],
      ['invalid_value', 6, 30, 14],
      ['wrong_type', 6, 31, 14],
    ]);
    const m = s.diagnostics.map((d) => d.message);
    expect(m[0]).toContain('on and at are mutually exclusive');
    expect(m[1]).toContain('must have a run');
    expect(m[2]).toContain('exactly one of append and run');
    expect(m[3]).toBe(
      'hook[3].run: run is an argv array, never a shell string: nothing is word-split or expanded; write run = ["./scripts/gate.sh", "--strict"]',
    );
    expect(m[4]).toBe('hook[4].run: must have at least 1 entry');
    expect(m[5]).toBe('hook[5].at: must be "before_tool", got the string "after_tool"');
    expect(m[6]).toBe(
      'hook[6].on_failure: must be one of "continue", "cancel", "refuse", got the string "abort"',
    );
  });

  test('the silent failures are caught ahead: missing program, unwritable append path', async () => {
    env = makeEnv();
    env.place(USER, 'io/user-silent.toml');
    const s = await env.source(USER);
    expect(s.state).toBe('active');
    expect(diag(s)).toEqual([
      ['warning', 'program_not_found', 3, 7],
      ['warning', 'append_not_writable', 8, 10],
    ]);
    expect(s.diagnostics[0]!.message).toContain('cancel the turn without saying which hook did it');
    expect(s.diagnostics[1]!.message).toContain('the folder /nonexistent-dir-hookpanel does not exist');
  });

  test.each([
    ['ws/io.toml', 'io.toml is the file a git clone delivers'],
    ['ws/io.local.toml', "sits in a root the run's own agent can write to"],
  ])('a project file %s declaring [[hook]] refuses the whole io configuration', async (target, reason) => {
    env = makeEnv();
    env.place(USER, 'io/user-valid.toml');
    const project = env.place(target, 'io/project-hook.toml');
    const io = byDialect(await env.load(), 'io');
    expect(io.map((s) => [s.layer, s.state])).toEqual([
      ['user', 'refused'],
      ['project', target === 'ws/io.toml' ? 'refused' : 'absent'],
      ['local', target === 'ws/io.toml' ? 'absent' : 'refused'],
    ]);
    const refused = io.find((s) => s.path === project)!;
    expect(diag(refused)).toEqual([['error', 'project_hook_refused', 4, 1]]);
    const [first, second] = refused.diagnostics[0]!.message.split('\n');
    expect(first).toBe(`while reading ${project}:`);
    expect(second).toContain('the key "hook"');
    expect(second).toContain(reason);
    expect(second).toContain(`declare the table in your user file ${env.path(USER)}`);
    expect(io[0]!.rules).toHaveLength(3); // shown, but a refused configuration runs nothing
    expect(io[0]!.diagnostics[0]!.code).toBe('config_refused');
  });

  test('a project io.toml without [[hook]] is fine and needs no trust', async () => {
    env = makeEnv();
    env.place('ws/io.toml', 'io/project-plain.toml');
    const s = await env.source('ws/io.toml');
    expect(s.state).toBe('active');
    expect(diag(s)).toEqual([]);
  });

  test('TOML syntax errors carry line and column', async () => {
    env = makeEnv();
    env.place(USER, 'io/syntax.toml');
    const s = await env.source(USER);
    expect(s.state).toBe('invalid');
    expect(diag(s)).toEqual([['error', 'syntax', 1, 8]]);
  });

  test('XDG_CONFIG_HOME moves the user file', async () => {
    env = makeEnv();
    const path = env.place('xdg/io/io.toml', 'io/user-valid.toml');
    const { loadSources } = await import('../../../electron/host/sources/load.js');
    const sources = await loadSources(
      { ...env.ctx(), host: { ...env.host, env: { ...env.host.env, XDG_CONFIG_HOME: env.path('xdg') } } },
      null,
    );
    expect(sources.find((s) => s.dialect === 'io' && s.layer === 'user')).toMatchObject({
      path,
      state: 'active',
    });
  });
});
