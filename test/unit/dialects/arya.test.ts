import { afterEach, describe, expect, test } from 'vitest';
import { diag, makeEnv, type TestEnv } from '../../helpers/env.js';

const FILE = '~/.arya/polish/hooks.json';
let env: TestEnv;
afterEach(() => env?.cleanup());

describe('arya, per its seed', () => {
  test('the seed example loads: object form, default names, exec argv, default timeout', async () => {
    env = makeEnv();
    env.place(FILE, 'arya/valid-object.json');
    const s = await env.source(FILE);
    expect(s).toMatchObject({ state: 'active', role: 'hosted', layer: 'user', projectScoped: false });
    expect(diag(s)).toEqual([]);
    expect(s.rules.map((r) => [r.name, r.events, r.timeoutMs, r.mode])).toEqual([
      ['notify', ['turn/stopping'], 10_000, 'observer'],
      ['rule-1', ['compaction/end'], 5000, 'observer'],
    ]);
    expect(s.rules[0]!.handler).toEqual({ kind: 'exec', argv: ['true', 'AryaCode', 'turn done'] });
    expect([s.rules[0]!.line, s.rules[0]!.column]).toEqual([3, 5]);
  });

  test('a bare array works and timeoutMs above 120 s is clamped with a warning', async () => {
    env = makeEnv();
    env.place(FILE, 'arya/valid-array.json');
    const s = await env.source(FILE);
    expect(s.rules.map((r) => [r.name, r.timeoutMs])).toEqual([
      ['rule-0', 10_000],
      ['rule-1', 120_000],
    ]);
    expect(diag(s)).toEqual([['warning', 'timeout_clamped', 3, 93]]);
    expect(s.diagnostics[0]!.message).toContain('the rule runs with a 120 s timeout');
  });

  test('invalid rules are reported by index while valid ones are accepted', async () => {
    env = makeEnv();
    env.place(FILE, 'arya/mixed.json');
    const s = await env.source(FILE);
    expect(s.state).toBe('active');
    expect(s.rules.map((r) => r.name)).toEqual(['good', 'spaces', 'missing', 'good2']);
    expect(s.diagnostics.map((d) => [d.severity, d.code, d.ruleIndex, d.line, d.column])).toEqual([
      ['error', 'event_refused', 1, 4, 28],
      ['error', 'event_refused', 2, 5, 29],
      ['error', 'unsupported_kind', 3, 6, 68],
      ['error', 'unsupported_kind', 4, 7, 65],
      ['error', 'unknown_event', 5, 8, 29],
      ['error', 'wrong_type', 6, 9, 102],
      ['warning', 'command_has_spaces', 7, 10, 85],
      ['warning', 'program_not_found', 8, 11, 86],
    ]);
    const msg = s.diagnostics.map((d) => d.message);
    expect(msg[0]).toBe(
      'hooks[1].on: "tools/pre-execute" cannot be subscribed to: it exists in the host but its waterfall contract has not been verified against this harness version, so no rule can subscribe to it yet',
    );
    expect(msg[1]).toContain('"tools/post-execute" cannot be subscribed to');
    expect(msg[2]).toBe(
      'hooks[3].action.kind: "decide" is named in the design but not shipped yet; only "exec" runs',
    );
    expect(msg[3]).toContain('"mcp_tool" is named in the design but not shipped yet');
    expect(msg[4]).toBe(
      'hooks[5].on: AryaCode has no event turn/stoping, so this hook never runs; did you mean turn/stopping?',
    );
    expect(msg[5]).toBe('hooks[6].action.args: expected a list, got the string "one two"');
    expect(msg[6]).toContain('is run as one program name without a shell');
    expect(msg[7]).toContain('"hookpanel-no-such-program" was not found on PATH');
  });

  test('a syntax error names line and column; a wrong shape says what is expected', async () => {
    env = makeEnv();
    env.place(FILE, 'arya/syntax.json');
    let s = await env.source(FILE);
    expect(s.state).toBe('invalid');
    expect(diag(s)).toEqual([['error', 'syntax', 1, 39]]);
    expect(s.diagnostics[0]!.message).toContain('trailing comma');
    env.place(FILE, 'arya/wrong-shape.json');
    s = await env.source(FILE);
    expect(s.state).toBe('invalid');
    expect(s.diagnostics[0]!.message).toBe(
      'expected a JSON array of rules or an object { "hooks": [...] }, got an object without a "hooks" key',
    );
  });

  test('ARYA_HOME moves the file', async () => {
    env = makeEnv();
    const custom = env.place('custom-arya/polish/hooks.json', 'arya/valid-array.json');
    const s = (
      await (async () => {
        const { loadSources } = await import('../../../electron/host/sources/load.js');
        return loadSources(
          {
            ...env.ctx(),
            host: { ...env.host, env: { ...env.host.env, ARYA_HOME: env.path('custom-arya') } },
          },
          null,
        );
      })()
    ).find((x) => x.dialect === 'arya')!;
    expect(s.path).toBe(custom);
    expect(s.state).toBe('active');
  });
});
