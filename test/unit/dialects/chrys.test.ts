import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { byDialect, diag, makeEnv, type TestEnv } from '../../helpers/env.js';
import { findProgram } from '../../../electron/host/util/which.js';

const GLOBAL = '~/.chrys/hooks/hooks.yaml';
const PROJECT = 'ws/.chrys/hooks/hooks.yaml';
let env: TestEnv;
afterEach(() => env?.cleanup());

describe('chrys, per its seed', () => {
  test('every field normalizes, with defaults, YAML 1.1 booleans and the file-relative script path', async () => {
    env = makeEnv();
    env.place(GLOBAL, 'chrys/valid.yaml');
    env.write('~/.chrys/hooks/scripts/run_ruff.py', 'print(1)\n');
    const s = await env.source(GLOBAL);
    expect(s.state).toBe('active');
    expect(diag(s)).toEqual([]);
    expect(s.settings).toEqual({ max_parallel_hooks: 2, outbox_max_retries: 5 });
    const [lint, protect, notify] = s.rules;
    expect(lint).toMatchObject({
      name: 'lint-on-write',
      events: ['after_tool_call'],
      mode: 'async',
      timeoutMs: 30_000,
      errorPolicy: 'warn',
      enabled: true,
      env: { LINT_LEVEL: 'strict', WHERE: '${workspace_cwd}' },
      match: { tool_name: 'edit_file', args: { path: { regex: '\\.py$' } } },
      description: 'Run ruff after every edit_file / write_file',
    });
    expect(lint!.handler).toMatchObject({
      kind: 'script',
      path: env.path('~/.chrys/hooks/scripts/run_ruff.py'),
      args: ['--format=json'],
    });
    expect(s.scripts).toEqual([
      {
        path: env.path('~/.chrys/hooks/scripts/run_ruff.py'),
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
    expect(protect).toMatchObject({
      mode: 'blocking',
      errorPolicy: 'block',
      handler: { kind: 'exec', argv: ['/bin/echo', 'deny', '--now'] },
    });
    expect(notify).toMatchObject({
      mode: 'fire_and_forget',
      detach: true,
      durable: true,
      errorPolicy: 'ignore',
      handler: { kind: 'shell' },
    });
  });

  test('strict validation: unknown keys at any depth, wrong types, missing fields, bad enums', async () => {
    env = makeEnv();
    env.place(GLOBAL, 'chrys/strict.yaml');
    const s = await env.source(GLOBAL);
    expect(s.state).toBe('invalid');
    expect(s.rules).toEqual([]);
    expect(diag(s)).toEqual([
      ['error', 'unknown_key', 2, 1],
      ['error', 'wrong_type', 7, 14],
      ['error', 'unknown_key', 13, 7],
      // hooks[0] has errors of its own, and hooks[1] reuses its id: both are reported.
      ['error', 'duplicate_id', 14, 9],
      ['error', 'out_of_range', 18, 13],
      ['error', 'missing_key', 22, 7],
      ['error', 'out_of_range', 26, 24],
      ['error', 'invalid_value', 28, 12],
      ['error', 'invalid_value', 30, 13],
      ['warning', 'hooks_config_invalid', 1, 1],
    ]);
    const m = s.diagnostics.map((d) => d.message);
    expect(m[0]).toBe(
      'sttings: unknown key "sttings" (did you mean "settings"?); allowed keys here: version, settings, hooks',
    );
    expect(m[1]).toBe('hooks[0].enabled: expected a boolean, got the string "yes"');
    expect(m[2]).toContain('(did you mean "timeout_seconds"?)');
    expect(m[8]).toBe(
      'hooks[3].run.type: must be one of "script", "command", "shell", got the string "exec"',
    );
  });

  test('duplicate ids in one file reject the file', async () => {
    env = makeEnv();
    env.write(
      GLOBAL,
      'hooks:\n  - { id: a, event: after_turn, run: { type: shell, shell: "true" } }\n  - { id: a, event: session_end, run: { type: shell, shell: "true" } }\n',
    );
    const s = await env.source(GLOBAL);
    expect(s.state).toBe('invalid');
    expect(diag(s)[0]).toEqual(['error', 'duplicate_id', 3, 11]);
    expect(s.diagnostics[0]!.message).toContain('id "a" is already used by hooks[0]');
  });

  test('detach with blocking or async is an error', async () => {
    env = makeEnv();
    env.place(GLOBAL, 'chrys/detach.yaml');
    const s = await env.source(GLOBAL);
    expect(diag(s)).toEqual([
      ['error', 'detach_needs_fire_and_forget', 7, 15],
      ['error', 'detach_needs_fire_and_forget', 11, 39],
      ['warning', 'hooks_config_invalid', 1, 1],
    ]);
  });

  test('warnings: blocking+durable, unfiltered before_tool_call, tool filter on a non-tool event, regex that does not compile', async () => {
    env = makeEnv();
    env.place(GLOBAL, 'chrys/warnings.yaml');
    const s = await env.source(GLOBAL);
    expect(s.state).toBe('active');
    expect(s.rules.map((r) => r.name)).toEqual(['gate-all', 'turn-filter', 'still-loads']);
    expect(s.rules[0]!.durable).toBe(false);
    expect(diag(s)).toEqual([
      ['warning', 'blocking_durable', 5, 44],
      ['warning', 'unfiltered_before_tool_call', 3, 12],
      ['warning', 'tool_filter_on_non_tool_event', 8, 12],
      ['warning', 'hook_skipped', 12, 37],
    ]);
    expect(s.diagnostics[3]!.message).toContain(`hook "bad-regex" in ${env.path(GLOBAL)} is left out`);
  });

  test('a version other than 1 is an error; a syntax error names its line', async () => {
    env = makeEnv();
    env.place(GLOBAL, 'chrys/version2.yaml');
    expect(diag(await env.source(GLOBAL))[0]).toEqual(['error', 'unsupported_version', 1, 10]);
    env.place(GLOBAL, 'chrys/syntax.yaml');
    const s = await env.source(GLOBAL);
    expect(s.state).toBe('invalid');
    expect(diag(s)).toEqual([
      ['error', 'syntax', 4, 1],
      ['warning', 'hooks_config_invalid', 1, 1],
    ]);
  });

  test('hooks.json is read where no hooks.yaml exists; hooks.yaml wins and the other is named', async () => {
    env = makeEnv();
    env.place('~/.chrys/hooks/hooks.json', 'chrys/valid.json');
    let s = byDialect(await env.load(), 'chrys').find((x) => x.layer === 'global')!;
    expect(s.path).toBe(env.path('~/.chrys/hooks/hooks.json'));
    expect(s.rules.map((r) => r.name)).toEqual(['j']);
    env.write(GLOBAL, 'hooks: []\n');
    s = byDialect(await env.load(), 'chrys').find((x) => x.layer === 'global')!;
    expect(s.path).toBe(env.path(GLOBAL));
    expect(diag(s)).toEqual([['warning', 'ignored_sibling', 1, 1]]);
  });

  test('project hooks are dormant unless project.hooks_enabled is on, then need trust; merge order is project first', async () => {
    env = makeEnv();
    env.place(GLOBAL, 'chrys/valid.json');
    env.place(PROJECT, 'chrys/valid.yaml');
    let chrys = byDialect(await env.load(), 'chrys');
    expect(chrys.map((s) => [s.layer, s.state])).toEqual([
      ['project', 'dormant'],
      ['global', 'active'],
    ]);
    expect(chrys[0]!.diagnostics[0]).toMatchObject({ severity: 'warning', code: 'project_hooks_dormant' });
    expect(chrys[0]!.rules.every((r) => r.dormant)).toBe(true);
    chrys = byDialect(await env.load({ dialects: { chrys: { projectHooksEnabled: true } } }), 'chrys');
    expect(chrys.map((s) => [s.layer, s.state])).toEqual([
      ['project', 'untrusted'],
      ['global', 'active'],
    ]);
  });

  test('a failing project file gives project_hooks_config_invalid and the global file still loads', async () => {
    env = makeEnv();
    env.place(GLOBAL, 'chrys/valid.json');
    env.place(PROJECT, 'chrys/strict.yaml');
    const chrys = byDialect(await env.load({ dialects: { chrys: { projectHooksEnabled: true } } }), 'chrys');
    expect(chrys.map((s) => s.state)).toEqual(['invalid', 'active']);
    expect(chrys[0]!.diagnostics.at(-1)!.code).toBe('project_hooks_config_invalid');
    expect(chrys[0]!.diagnostics.at(-1)!.message).toBe(
      'the project hooks file was rejected, so its hooks are disabled; the global file is still used',
    );
  });

  test('a rejected file with no other file to fall back on does not mention one', async () => {
    env = makeEnv();
    env.place(GLOBAL, 'chrys/strict.yaml');
    const [global] = byDialect(await env.load(), 'chrys').filter((s) => s.state !== 'absent');
    expect(global!.diagnostics.at(-1)!.message).toBe(
      'the global hooks file was rejected, so none of its hooks run (there is no project file to fall back on)',
    );
    env.write(GLOBAL, 'hooks: [\n');
    const [broken] = byDialect(await env.load(), 'chrys').filter((s) => s.state !== 'absent');
    expect(broken!.state).toBe('invalid');
    expect(broken!.diagnostics.at(-1)!.message).toContain('there is no project file to fall back on');
  });

  test('id collisions across files are allowed with a warning', async () => {
    env = makeEnv();
    env.write(GLOBAL, 'hooks:\n  - { id: same, event: after_turn, run: { type: shell, shell: "true" } }\n');
    env.write(PROJECT, 'hooks:\n  - { id: same, event: after_turn, run: { type: shell, shell: "true" } }\n');
    const chrys = byDialect(await env.load({ dialects: { chrys: { projectHooksEnabled: true } } }), 'chrys');
    const global = chrys.find((s) => s.layer === 'global')!;
    expect(global.state).toBe('active');
    expect(diag(global)).toEqual([['warning', 'id_collision', 2, 5]]);
    expect(global.diagnostics[0]!.message).toContain('both hooks run (project first)');
  });

  test('the interpreter table by extension', async () => {
    env = makeEnv();
    const bin = env.path('bin');
    mkdirSync(bin);
    for (const p of ['bash', 'sh', 'node', 'python3', 'ruby', 'perl', 'pwsh', 'npx']) {
      writeFileSync(join(bin, p), '#!/bin/sh\n');
      chmodSync(join(bin, p), 0o755);
    }
    env.place(GLOBAL, 'chrys/interpreters.yaml');
    const { loadSources } = await import('../../../electron/host/sources/load.js');
    const sources = await loadSources(
      { ...env.ctx(), host: { ...env.host, env: { ...env.host.env, PATH: bin } } },
      null,
    );
    const s = sources.find((x) => x.path === env.path(GLOBAL))!;
    const table = Object.fromEntries(
      s.rules.map((r) => [r.name, r.handler.kind === 'script' ? r.handler.interpreter : null]),
    );
    expect(table).toEqual({
      py: ['python3'],
      sh: ['bash'],
      zsh: ['bash'],
      js: ['node'],
      ts: ['npx', 'tsx'],
      rb: ['ruby'],
      pl: ['perl'],
      ps: ['pwsh', '-File'],
      other: ['python3'],
      abs: ['bash'],
    });
    writeFileSync(join(bin, 'uv'), '#!/bin/sh\n');
    chmodSync(join(bin, 'uv'), 0o755);
    expect(findProgram('uv', bin, null)).toBe(join(bin, 'uv'));
    const again = (
      await loadSources({ ...env.ctx(), host: { ...env.host, env: { ...env.host.env, PATH: bin } } }, null)
    ).find((x) => x.path === env.path(GLOBAL))!;
    expect(again.rules[0]!.handler).toMatchObject({ interpreter: ['uv', 'run'] });
  });

  test('unknown template variables in cwd and env are warned about', async () => {
    env = makeEnv();
    env.write(
      GLOBAL,
      'hooks:\n  - id: t\n    event: after_turn\n    run: { type: shell, shell: "true", cwd: "${workspace}", env: { A: "${session_id}" } }\n',
    );
    const s = await env.source(GLOBAL);
    expect(diag(s)).toEqual([['warning', 'unknown_template_variable', 4, 45]]);
    expect(s.diagnostics[0]!.message).toContain('${workspace} is not a template variable');
  });
});
