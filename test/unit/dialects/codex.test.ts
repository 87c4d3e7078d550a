// Codex's hook files checked with Codex 0.171's own rules (docs/agents/codex.md), one fixture per
// kind of outcome: loads, drops a hook or group, or makes Codex drop the whole file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { Source } from '../../../shared/model.js';
import { DiagnosticSink } from '../../../electron/host/diagnostics/sink.js';
import { parseJsonDocument } from '../../../electron/host/documents/json.js';
import type { Candidate } from '../../../electron/host/dialects/dialect.js';
import { codexMatcherKind, codexRegexProblem } from '../../../electron/host/dialects/codex/hooks.js';
import {
  codexHookKey,
  combineCodexSources,
  loadCodexFile,
  locateCodexFiles,
  parseCodexToml,
} from '../../../electron/host/dialects/codex/index.js';
import { FIXTURES, makeEnv, type TestEnv } from '../../helpers/env.js';

let env: TestEnv | null = null;
afterEach(async () => {
  await env?.cleanup();
  env = null;
});

function load(fixture: string, candidate: Partial<Candidate> = {}, text?: string) {
  const path = candidate.path ?? join(FIXTURES, 'codex', fixture);
  const body = text ?? readFileSync(join(FIXTURES, 'codex', fixture), 'utf8');
  const format = fixture.endsWith('.toml') ? 'toml' : 'json';
  const doc = format === 'toml' ? parseCodexToml(body) : parseJsonDocument(body);
  const sink = new DiagnosticSink(path, doc);
  const loaded = loadCodexFile(
    doc,
    { path, layer: 'user', priority: 3, role: 'inspected', projectScoped: false, format, ...candidate },
    sink,
  );
  return {
    loaded,
    diags: sink.list.map((d) => [d.severity, d.code, d.line, d.column, d.key]),
    messages: sink.list.map((d) => d.message),
    source(): Source {
      return {
        path,
        dialect: 'codex',
        layer: candidate.layer ?? 'user',
        priority: 0,
        role: candidate.role ?? 'inspected',
        state: loaded.valid ? 'active' : 'invalid',
        projectScoped: candidate.projectScoped ?? false,
        workspace: null,
        sha256: null,
        scripts: [],
        rules: loaded.rules,
        diagnostics: [...sink.list],
        settings: loaded.settings ?? {},
      };
    },
  };
}

describe('codex hooks.json', () => {
  test('every handler form Codex accepts: commands, MCP tools, async, per-event default timeouts', () => {
    const { loaded, diags } = load('valid.json');
    expect(loaded.valid).toBe(true);
    expect(diags).toEqual([]);
    expect(
      loaded.rules.map((r) => [
        r.name,
        r.matcher,
        r.handler.kind,
        r.timeoutMs / 1000,
        r.mode,
        r.group,
        r.hookIndex,
        r.line,
        r.description,
      ]),
    ).toEqual([
      ['PreToolUse[0].hooks[0]', 'Bash', 'shell', 5, 'blocking', 0, 0, 8, 'Checking the command'],
      ['PreToolUse[0].hooks[1]', 'Bash', 'mcp_tool', 20, 'blocking', 0, 1, 9, null],
      ['PreToolUse[1].hooks[0]', '^mcp__.*__write', 'shell', 600, 'async', 1, 0, 12, null],
      // "*" matches everything, like no matcher at all.
      ['PostToolUse[0].hooks[0]', null, 'shell', 600, 'blocking', 0, 0, 14, null],
      ['SessionStart[0].hooks[0]', 'startup|resume', 'shell', 600, 'blocking', 0, 0, 15, null],
      ['UserPromptSubmit[0].hooks[0]', null, 'shell', 600, 'blocking', 0, 0, 16, null],
      // commandWindows is used on Windows only.
      ['Stop[0].hooks[0]', null, 'shell', 600, 'blocking', 0, 0, 17, null],
      // SessionEnd and Interrupt default to 1 s.
      ['SessionEnd[0].hooks[0]', null, 'shell', 1, 'blocking', 0, 0, 18, null],
      ['Interrupt[0].hooks[0]', null, 'shell', 2, 'blocking', 0, 0, 19, null],
    ]);
    expect(loaded.rules[1]!.handler).toEqual({
      kind: 'mcp_tool',
      server: 'policy',
      tool: 'check',
      input: { strict: true },
    });
    expect(loaded.rules.every((r) => r.errorPolicy === 'fail-open')).toBe(true);
  });

  test('what Codex drops quietly or with a warning: unknown events and keys, bad matchers, empty and unsupported hooks; timeout clamps', () => {
    const { loaded, diags, messages } = load('problems.json');
    expect(loaded.valid).toBe(true);
    expect(diags).toEqual([
      ['error', 'unknown_event', 3, 5, 'hooks.PreToolUze'],
      ['error', 'invalid_matcher', 5, 20, 'hooks.PreToolUse[0].matcher'],
      ['error', 'invalid_matcher', 6, 20, 'hooks.PreToolUse[1].matcher'],
      ['warning', 'unknown_key', 7, 28, 'hooks.PreToolUse[2].when'],
      ['warning', 'unknown_key', 7, 96, 'hooks.PreToolUse[2].hooks[0].timeoutSec'],
      ['warning', 'unsupported_handler', 8, 48, 'hooks.PreToolUse[3].hooks[0].type'],
      ['warning', 'empty_value', 8, 119, 'hooks.PreToolUse[3].hooks[1].command'],
      ['warning', 'empty_value', 9, 19, 'hooks.PreToolUse[4].hooks[0]'],
      ['warning', 'no_hooks', 10, 7, 'hooks.PreToolUse[5]'],
      ['warning', 'matcher_ignored', 12, 27, 'hooks.Stop[0].matcher'],
      ['warning', 'ignored_field', 12, 125, 'hooks.Stop[0].hooks[0].additionalContextLimit'],
      ['warning', 'timeout_raised', 12, 96, 'hooks.Stop[0].hooks[0].timeout'],
      ['warning', 'async_ignored', 13, 96, 'hooks.SessionEnd[0].hooks[0].async'],
      ['warning', 'timeout_capped', 13, 83, 'hooks.SessionEnd[0].hooks[0].timeout'],
    ]);
    expect(messages[0]).toBe(
      'hooks.PreToolUze: Codex has no event PreToolUze, so this hook never runs; did you mean PreToolUse?',
    );
    expect(messages[1]).toBe(
      'hooks.PreToolUse[0].matcher: "[" is not a regular expression Codex can use (Unterminated character class); Codex skips this whole group with a warning',
    );
    expect(messages[2]).toContain('look-around, including look-ahead and look-behind, is not supported');
    expect(messages[4]).toContain('(did you mean "timeout"?)');
    // Only what Codex would run: the dropped groups and hooks are gone, the clamps applied.
    expect(loaded.rules.map((r) => [r.name, r.timeoutMs / 1000, r.mode])).toEqual([
      ['PreToolUse[2].hooks[0]', 600, 'blocking'],
      ['Stop[0].hooks[0]', 1, 'blocking'],
      ['SessionEnd[0].hooks[0]', 3, 'blocking'],
    ]);
  });

  test('what makes Codex skip the whole file: wrong types, unknown variants, missing fields, repeated fields, unknown top-level keys', () => {
    const { loaded, diags, messages } = load('fatal.json');
    expect(loaded.valid).toBe(false);
    expect(diags).toEqual([
      ['error', 'unknown_key', 2, 3, 'version'],
      ['error', 'duplicate_key', 14, 74, null],
      ['error', 'wrong_type', 5, 20, 'hooks.PreToolUse[0].matcher'],
      ['error', 'wrong_type', 6, 70, 'hooks.PreToolUse[1].hooks[0].timeout'],
      ['error', 'wrong_type', 7, 70, 'hooks.PreToolUse[2].hooks[0].timeout'],
      ['error', 'invalid_value', 8, 29, 'hooks.PreToolUse[3].hooks[0].type'],
      ['error', 'missing_key', 9, 19, 'hooks.PreToolUse[4].hooks[0]'],
      ['error', 'wrong_type', 10, 49, 'hooks.PreToolUse[5].hooks[0].async'],
      ['error', 'missing_key', 11, 19, 'hooks.PreToolUse[6].hooks[0]'],
      ['error', 'wrong_type', 13, 13, 'hooks.Stop'],
    ]);
    for (const m of messages)
      expect(m).toMatch(/; Codex skips this whole hooks.json \(it does not parse for Codex\)$/);
    expect(messages[3]).toContain(
      'expected a whole number of 0 or more (no fraction, no quotes), got the string "5"',
    );
    expect(messages[5]).toContain('must be one of command, mcp_tool, prompt, agent, got the string "http"');
    // A repeated key inside an MCP tool's input is a plain map entry for Codex: the last one wins.
    expect(diags.some((d) => d[2] === 15)).toBe(false);
  });

  test('Hookpanel\u2019s hosted hooks/codex.json: the same schema, rejected as a whole the same way', () => {
    const { loaded, messages } = load('fatal.json', { role: 'hosted', layer: 'hosted' });
    expect(loaded.valid).toBe(false);
    expect(messages[0]).toMatch(/; Hookpanel rejects this whole file, as Codex would$/);
  });

  test('shapes Codex reads as no hooks at all', () => {
    expect(load('x.json', {}, '[]').diags).toEqual([['warning', 'empty_list', 1, 1, null]]);
    expect(load('x.json', {}, '{"hooks": []}').diags).toEqual([['warning', 'empty_list', 1, 11, 'hooks']]);
    expect(load('x.json', {}, '{}').loaded).toEqual({ rules: [], valid: true });
    const top = load('x.json', {}, '"hooks"');
    expect(top.loaded.valid).toBe(false);
    expect(top.diags).toEqual([['error', 'wrong_shape', 1, 1, null]]);
  });

  test('matchers: "" and "*" match all, names with letters, digits, _ and | match exactly, anything else is a Rust regex', () => {
    expect(['', '*', 'Bash', 'Edit|Write', 'mcp__memory', '^Bash$', 'mcp__.*'].map(codexMatcherKind)).toEqual(
      ['all', 'all', 'exact', 'exact', 'exact', 'regex', 'regex'],
    );
    expect(codexRegexProblem('^Bash$')).toBeNull();
    expect(codexRegexProblem('(?<!x)y')).toContain('look-around');
    expect(codexRegexProblem('(a)\\1')).toBe('backreferences are not supported');
  });
});

describe('codex config.toml', () => {
  test('[[hooks.<Event>]] tables with positions; the rest of config.toml read for trust, projects and the feature switch', () => {
    const { loaded, diags } = load('config.toml');
    expect(loaded.valid).toBe(true);
    expect(diags).toEqual([['warning', 'unknown_key', 20, 1, 'hooks.PreToolUse[0].hooks[1].mystery']]);
    expect(loaded.rules.map((r) => [r.name, r.matcher, r.timeoutMs / 1000, r.line, r.column])).toEqual([
      ['PreToolUse[0].hooks[0]', 'Bash', 5, 12, 1],
      ['PreToolUse[0].hooks[1]', 'Bash', 600, 17, 1],
      ['Stop[0].hooks[0]', null, 600, 23, 1],
    ]);
    expect(loaded.settings).toEqual({
      hooksFeature: true,
      hookStates: {
        '/home/u/.codex/config.toml:pre_tool_use:0:0': { trusted_hash: 'sha256:abc' },
        '/home/u/.codex/config.toml:stop:0:0': { enabled: false },
      },
      projectTrust: { '/work/repo': 'trusted' },
    });
  });

  test('a wrong type under [hooks] (state included) stops Codex from starting at all', () => {
    const { loaded, diags, messages } = load('config-fatal.toml');
    expect(loaded.valid).toBe(false);
    expect(diags).toEqual([
      ['error', 'wrong_type', 5, 11, 'hooks.Stop[0].hooks[0].timeout'],
      ['error', 'wrong_type', 8, 16, 'hooks.state.k.trusted_hash'],
    ]);
    for (const m of messages) expect(m).toMatch(/; Codex refuses to start while config.toml has this error$/);
  });
});

describe('codex files across layers', () => {
  test('where Codex looks: hosted file, /etc/codex, $CODEX_HOME (default ~/.codex), the project\u2019s .codex/', () => {
    env = makeEnv();
    const paths = (extra: Record<string, string> = {}) =>
      locateCodexFiles({
        ...env!.ctx(),
        host: { ...env!.host, platform: 'linux', env: { ...env!.host.env, ...extra } },
      }).map((c) => [c.path, c.layer, c.role, c.format, c.projectScoped]);
    expect(paths()).toEqual([
      [join(env.hookpanelHome, 'hooks', 'codex.json'), 'hosted', 'hosted', 'json', false],
      ['/etc/codex/hooks.json', 'system', 'inspected', 'json', false],
      ['/etc/codex/config.toml', 'system', 'inspected', 'toml', false],
      [join(env.home, '.codex', 'hooks.json'), 'user', 'inspected', 'json', false],
      [join(env.home, '.codex', 'config.toml'), 'user', 'inspected', 'toml', false],
      [join(env.workspace, '.codex', 'hooks.json'), 'project', 'inspected', 'json', true],
      [join(env.workspace, '.codex', 'config.toml'), 'project', 'inspected', 'toml', true],
    ]);
    expect(paths({ CODEX_HOME: '/opt/codex-home' })[3]![0]).toBe('/opt/codex-home/hooks.json');
  });

  test('the feature switch, per-hook switches in hooks.state, untrusted projects and two representations in one layer', () => {
    env = makeEnv();
    const ws = env.workspace;
    const userToml = join(env.home, '.codex', 'config.toml');
    const hooksJson = join(env.home, '.codex', 'hooks.json');
    const key = codexHookKey(hooksJson, 'Stop', 0, 0);
    expect(key).toBe(`${hooksJson}:stop:0:0`);
    const user = load(
      'config.toml',
      { path: userToml },
      `[hooks.state."${key}"]\nenabled = false\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "toml.sh"\n`,
    ).source();
    const json = load(
      'x.json',
      { path: hooksJson },
      '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"json.sh"}]}]}}',
    ).source();
    const project = load(
      'x.json',
      { path: join(ws, '.codex', 'hooks.json'), layer: 'project', projectScoped: true },
      '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"project.sh"}]}]}}',
    ).source();
    combineCodexSources([user, json, project], env.ctx());
    expect(json.rules[0]!.enabled).toBe(false);
    expect(json.diagnostics.map((d) => d.code)).toEqual(['hook_disabled', 'two_representations']);
    expect(user.diagnostics.map((d) => d.code)).toEqual(['two_representations']);
    expect(project.diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ['warning', 'project_not_trusted'],
    ]);
    expect(project.diagnostics[0]!.message).toContain(`[projects."${ws}"] trust_level = "trusted"`);

    // Trusted in Codex, the project file loads; [features] hooks = false turns everything off.
    const trusting = load(
      'config.toml',
      { path: userToml },
      `[features]\nhooks = false\n[projects."${ws}"]\ntrust_level = "trusted"\n`,
    ).source();
    const project2 = load(
      'x.json',
      { path: join(ws, '.codex', 'hooks.json'), layer: 'project', projectScoped: true },
      '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"project.sh"}]}]}}',
    ).source();
    combineCodexSources([trusting, project2], env.ctx());
    expect(project2.state).toBe('disabled');
    expect(project2.diagnostics.map((d) => d.code)).toEqual(['hooks_off']);
  });
});
