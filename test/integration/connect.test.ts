// Connecting the agents through the host's API (the panel's Connect), on real settings files: the diff
// first, every other byte kept, idempotent, backed up, never writing a file the agent could not read,
// and disconnect taking back exactly what connect added.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { parseBridgeCommand } from '../../electron/host/agents/bridge-command.js';
import { startPanelSession, type PanelSession } from '../../electron/host/panel/session.js';
import { HookHost } from '../../electron/host/service.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
let session: PanelSession | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
  await env?.cleanup();
});

const ORIGINAL = `{
    "model": "opus",
    "permissions": { "allow": ["Bash(npm test)"], "deny": [] },
    "hooks": {
        "PreToolUse": [
            { "matcher": "Edit|Write", "hooks": [ { "type": "command", "command": "npx prettier --check" } ] }
        ]
    },
    "someFutureKey": { "nested": [1, 2, 3] }
}
`;

async function api() {
  const host = await HookHost.open(env.host);
  session = startPanelSession(host, { mode: 'browser', workspace: env.workspace, push: () => {} });
  return session.api;
}

describe('connect and disconnect Claude Code', () => {
  test('the diff comes first; connecting keeps every other key, their order and formatting; twice changes nothing; disconnect restores the bytes', async () => {
    env = makeEnv();
    const path = env.write('~/.claude/settings.json', ORIGINAL);
    const a = await api();
    expect((await a['agents:list']({})).find((x) => x.id === 'claude')).toMatchObject({
      detected: true,
      connected: false,
      kind: 'own',
    });
    const preview = await a['agents:preview']({ agent: 'claude', connect: true });
    expect(preview.changed).toBe(true);
    expect(preview.diff).toMatch(/^\+ {24}"command": ".*emit claude Stop"$/m);
    expect(readFileSync(path, 'utf8')).toBe(ORIGINAL);
    expect(await a['agents:connect']({ agent: 'claude', diff: preview.diff })).toMatchObject({ ok: true });
    const connected = readFileSync(path, 'utf8');
    // Outside the hooks added, every line is as it was (at most a comma now follows it).
    const lines = connected.split('\n');
    for (const line of ORIGINAL.split('\n').filter((l) => l.trim()))
      expect(
        lines.some((c) => c === line || c === `${line},`),
        line,
      ).toBe(true);
    const settings = JSON.parse(connected);
    expect(Object.keys(settings)).toEqual(['model', 'permissions', 'hooks', 'someFutureKey']);
    expect(settings.hooks.PreToolUse[0]).toEqual({
      matcher: 'Edit|Write',
      hooks: [{ type: 'command', command: 'npx prettier --check' }],
    });
    // The bridge as this installation runs it: absolute, so no `hookpanel` on PATH is needed.
    expect(settings.hooks.Stop).toEqual([{ hooks: [{ type: 'command', command: expect.any(String) }] }]);
    const stop = settings.hooks.Stop[0].hooks[0].command as string;
    expect(parseBridgeCommand(stop)).toEqual({ dialect: 'claude', event: 'Stop', fast: false });
    expect(stop).toContain(`${process.execPath} `);
    expect(stop).toContain(`HOOKPANEL_HOME=${env.hookpanelHome}`);
    expect(parseBridgeCommand(settings.hooks.PreToolUse[1].hooks[0].command)).toEqual({
      dialect: 'claude',
      event: 'PreToolUse',
      fast: true,
    });
    expect((await a['agents:list']({})).find((x) => x.id === 'claude')!.connected).toBe(true);
    expect(readdirSync(join(env.hookpanelHome, 'backups'))).toHaveLength(1);
    expect((await a['agents:preview']({ agent: 'claude', connect: true })).changed).toBe(false);
    expect(await a['agents:connect']({ agent: 'claude', diff: '' })).toMatchObject({
      ok: true,
      message: expect.stringContaining('already connected'),
    });
    expect(readFileSync(path, 'utf8')).toBe(connected);
    expect(await a['agents:disconnect']({ agent: 'claude' })).toMatchObject({ ok: true });
    expect(readFileSync(path, 'utf8')).toBe(ORIGINAL);
  });

  test("a bridge already present is kept where it is, its command brought up to this installation's", async () => {
    env = makeEnv();
    const events = [
      'SessionStart',
      'UserPromptSubmit',
      'PreToolUse',
      'PostToolUse',
      'Notification',
      'Stop',
      'SubagentStop',
      'SessionEnd',
    ];
    const bridged = JSON.stringify(
      {
        hooks: Object.fromEntries(
          events.map((e) => [
            e,
            [{ hooks: [{ type: 'command', command: `/usr/local/bin/hookpanel emit claude ${e}` }] }],
          ]),
        ),
      },
      null,
      2,
    );
    const path = env.write('~/.claude/settings.json', bridged);
    const a = await api();
    expect((await a['agents:list']({})).find((x) => x.id === 'claude')!.connected).toBe(true);
    const preview = await a['agents:preview']({ agent: 'claude', connect: true });
    expect(preview.changed).toBe(true);
    // Only the commands change: the same groups, in the same places.
    expect(preview.diff.split('\n').filter((l) => /^[-+] /.test(l))).toHaveLength(2 * events.length);
    await a['agents:connect']({ agent: 'claude', diff: preview.diff });
    const after = JSON.parse(readFileSync(path, 'utf8'));
    for (const e of events) {
      expect(after.hooks[e]).toHaveLength(1);
      expect(parseBridgeCommand(after.hooks[e][0].hooks[0].command)).toMatchObject({
        dialect: 'claude',
        event: e,
      });
    }
    expect((await a['agents:preview']({ agent: 'claude', connect: true })).changed).toBe(false);
  });

  test('an event listed empty (`"Stop": []`) gets its group, and disconnect leaves the list empty again', async () => {
    env = makeEnv();
    const original = '{\n  "hooks": {\n    "Stop": [],\n    "PreToolUse": []\n  },\n  "model": "opus"\n}\n';
    const path = env.write('~/.claude/settings.json', original);
    const a = await api();
    const preview = await a['agents:preview']({ agent: 'claude', connect: true });
    await a['agents:connect']({ agent: 'claude', diff: preview.diff });
    const hooks = JSON.parse(readFileSync(path, 'utf8')).hooks;
    expect(hooks.Stop).toHaveLength(1);
    expect(hooks.PreToolUse).toHaveLength(1);
    // Connect again (a new installation path, say): the lists are still the person's.
    expect((await a['agents:preview']({ agent: 'claude', connect: true })).changed).toBe(false);
    await a['agents:connect']({ agent: 'claude', diff: '' });
    expect(await a['agents:disconnect']({ agent: 'claude' })).toMatchObject({ ok: true });
    // Byte for byte: the events connect added went with their groups, the two listed stayed, empty.
    expect(readFileSync(path, 'utf8')).toBe(original);
  });

  test('a missing file is created, and disconnect removes it again', async () => {
    env = makeEnv();
    const a = await api();
    const path = env.path('~/.claude/settings.json');
    const preview = await a['agents:preview']({ agent: 'claude', connect: true });
    expect(await a['agents:connect']({ agent: 'claude', diff: preview.diff })).toMatchObject({ ok: true });
    const written = readFileSync(path, 'utf8');
    expect(JSON.parse(written).hooks.SessionEnd).toHaveLength(1);
    // Laid out as a person writes JSON, not one minified line.
    expect(written).toBe(`${JSON.stringify(JSON.parse(written), null, 2)}\n`);
    expect(written.split('\n')[1]).toBe('  "hooks": {');
    expect(await a['agents:disconnect']({ agent: 'claude' })).toMatchObject({ ok: true });
    expect(existsSync(path)).toBe(false);
  });

  test('a double click on Connect is one change and one backup; the list says when it was connected', async () => {
    env = makeEnv();
    const path = env.write('~/.claude/settings.json', ORIGINAL);
    const a = await api();
    expect((await a['agents:list']({})).find((x) => x.id === 'claude')!.connectedAt).toBeNull();
    const preview = await a['agents:preview']({ agent: 'claude', connect: true });
    const before = Date.now();
    const [first, second] = await Promise.all([
      a['agents:connect']({ agent: 'claude', diff: preview.diff }),
      a['agents:connect']({ agent: 'claude', diff: preview.diff }),
    ]);
    expect([first.ok, second.ok]).toEqual([true, true]);
    expect(first.message).toMatch(/^Connected Claude Code: /);
    expect(second.message).toMatch(/^Claude Code is already connected; nothing changed/);
    expect(readdirSync(join(env.hookpanelHome, 'backups'))).toHaveLength(1);
    expect(
      readFileSync(
        join(env.hookpanelHome, 'backups', readdirSync(join(env.hookpanelHome, 'backups'))[0]!),
        'utf8',
      ),
    ).toBe(ORIGINAL);
    const listed = (await a['agents:list']({})).find((x) => x.id === 'claude')!;
    expect(listed.connected).toBe(true);
    const at = Date.parse(listed.connectedAt!);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
    // Connecting again keeps the first time; after disconnect there is none.
    await a['agents:connect']({ agent: 'claude', diff: '' });
    expect((await a['agents:list']({})).find((x) => x.id === 'claude')!.connectedAt).toBe(listed.connectedAt);
    expect(await a['agents:disconnect']({ agent: 'claude' })).toMatchObject({ ok: true });
    expect(readFileSync(path, 'utf8')).toBe(ORIGINAL);
    expect((await a['agents:list']({})).find((x) => x.id === 'claude')!.connectedAt).toBeNull();
  });

  test('an invalid file is never written, and the person is told why', async () => {
    env = makeEnv();
    const broken = '{ "model": "opus", }\n';
    const path = env.write('~/.claude/settings.json', broken);
    const a = await api();
    await expect(a['agents:preview']({ agent: 'claude', connect: true })).rejects.toThrow(
      /settings\.json:1:\d+: .*cannot read .* fix it first, nothing was written/,
    );
    expect(await a['agents:connect']({ agent: 'claude', diff: '' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/settings\.json:1:\d+: .*fix it first/),
    });
    expect(readFileSync(path, 'utf8')).toBe(broken);
  });

  test('a file that changed after the preview is not written', async () => {
    env = makeEnv();
    const path = env.write('~/.claude/settings.json', '{ "model": "opus" }\n');
    const a = await api();
    const preview = await a['agents:preview']({ agent: 'claude', connect: true });
    writeFileSync(path, '{ "model": "sonnet" }\n');
    expect(await a['agents:connect']({ agent: 'claude', diff: preview.diff })).toMatchObject({
      ok: false,
      message: expect.stringContaining('changed since the preview'),
    });
    expect(readFileSync(path, 'utf8')).toBe('{ "model": "sonnet" }\n');
  });
});

const GEMINI = `{
  // Gemini CLI reads JSON with comments
  "security": { "auth": { "selectedType": "gemini-api-key" } },
  "hooks": {
    /* mine */
    "BeforeTool": [
      { "matcher": "write_file", "hooks": [{ "type": "command", "command": "./lint.sh", "timeout": 5000 }] }
    ]
  },
  "ui": { "theme": "GitHub" }
}
`;

describe('connect and disconnect Gemini CLI', () => {
  test('comments and every other key kept; named bridge hooks with millisecond timeouts; disconnect restores the bytes', async () => {
    env = makeEnv();
    const path = env.write('~/.gemini/settings.json', GEMINI);
    const a = await api();
    const preview = await a['agents:preview']({ agent: 'gemini', connect: true });
    expect(readFileSync(path, 'utf8')).toBe(GEMINI);
    expect(await a['agents:connect']({ agent: 'gemini', diff: preview.diff })).toMatchObject({ ok: true });
    const text = readFileSync(path, 'utf8');
    for (const line of [
      '  // Gemini CLI reads JSON with comments',
      '    /* mine */',
      '  "ui": { "theme": "GitHub" }',
    ])
      expect(text.split('\n')).toContain(line);
    // Gemini's own loader reads the result without a problem, and runs the bridge on every routed event.
    const gemini = (await env.load()).find((s) => s.path === path)!;
    expect(gemini.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const bridge = gemini.rules.filter(
      (r) => r.handler.kind === 'shell' && parseBridgeCommand(r.handler.command),
    );
    // In file order: BeforeTool's bridge follows the group that was there.
    expect(bridge.map((r) => [r.events[0], r.name, r.timeoutMs])).toEqual(
      [
        'BeforeTool',
        'SessionStart',
        'BeforeAgent',
        'AfterTool',
        'AfterAgent',
        'SessionEnd',
        'Notification',
      ].map((e) => [e, 'hookpanel', 600_000]),
    );
    const fast = bridge.filter(
      (r) => r.handler.kind === 'shell' && parseBridgeCommand(r.handler.command)!.fast,
    );
    expect(fast.map((r) => r.events[0])).toEqual(['BeforeTool', 'AfterTool']);
    expect(bridge[0]!.group).toBe(1);
    expect((await a['agents:list']({})).find((x) => x.id === 'gemini')).toMatchObject({
      connected: true,
      kind: 'own',
    });
    expect((await a['agents:preview']({ agent: 'gemini', connect: true })).changed).toBe(false);
    const off = await a['agents:preview']({ agent: 'gemini', connect: false });
    expect(await a['agents:disconnect']({ agent: 'gemini', diff: off.diff })).toMatchObject({ ok: true });
    expect(readFileSync(path, 'utf8')).toBe(GEMINI);
  });

  test('a trailing comma stops Gemini CLI, so that file is not touched', async () => {
    env = makeEnv();
    const broken = '{\n  "hooks": {},\n}\n';
    const path = env.write('~/.gemini/settings.json', broken);
    const a = await api();
    expect(await a['agents:connect']({ agent: 'gemini', diff: '' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /settings\.json:2:14: .*a trailing comma .*Gemini CLI cannot read .* fix it first, nothing was written/,
      ),
    });
    expect(readFileSync(path, 'utf8')).toBe(broken);
  });

  test('a file cut short inside a string, where a surrogate pair was split, is refused and kept byte for byte', async () => {
    env = makeEnv();
    // What the connect fuzzer cut (seed 1508559449): the text ends in a lone high surrogate, which UTF-8
    // writes as U+FFFD, so the file on disk ends in EF BF BD inside an unterminated string.
    const cut =
      '{\n    "model":  [\n        [\n            {\n                "model":  10000000\n            },\n            [\n                " \ud800';
    const bytes = Buffer.from(cut);
    const path = env.write('~/.claude/settings.json', bytes);
    const a = await api();
    expect(await a['agents:connect']({ agent: 'claude', diff: '' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /settings\.json:8:17: invalid JSON: a string is not closed .* fix it first, nothing was written/,
      ),
    });
    expect(readFileSync(path)).toEqual(bytes);
  });
});

describe('connect and disconnect Codex', () => {
  test('hooks.json gains the bridge, SessionEnd with 3 s; without Codex installed connect says Codex will ask for review', async () => {
    env = makeEnv();
    // No codex on PATH here: the real-client tier records Codex's trust with the real one.
    env.processEnv.PATH = '/usr/bin:/bin';
    const original =
      '{"description":"mine","hooks":{"Stop":[{"hooks":[{"type":"command","command":"echo bye"}]}]}}\n';
    const path = env.write('~/.codex/hooks.json', original);
    const a = await api();
    const preview = await a['agents:preview']({ agent: 'codex', connect: true });
    const done = await a['agents:connect']({ agent: 'codex', diff: preview.diff });
    expect(done).toMatchObject({
      ok: true,
      message: expect.stringContaining('Codex will ask you to review these hooks'),
    });
    const hooks = JSON.parse(readFileSync(path, 'utf8'));
    expect(Object.keys(hooks)).toEqual(['description', 'hooks']);
    expect(hooks.hooks.Stop[0]).toEqual({ hooks: [{ type: 'command', command: 'echo bye' }] });
    expect(hooks.hooks.SessionEnd[0].hooks[0]).toMatchObject({ timeout: 3 });
    const codex = (await env.load()).find((s) => s.path === path)!;
    expect(codex).toMatchObject({ state: 'active', dialect: 'codex' });
    expect(codex.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(await a['agents:disconnect']({ agent: 'codex' })).toMatchObject({ ok: true });
    expect(readFileSync(path, 'utf8')).toBe(original);
  });

  test('a hooks.json Codex would drop whole is not edited, and the problem is named by line', async () => {
    env = makeEnv();
    const broken = '{\n  "hooks": {},\n  "extra": 1\n}\n';
    const path = env.write('~/.codex/hooks.json', broken);
    const a = await api();
    await expect(a['agents:preview']({ agent: 'codex', connect: true })).rejects.toThrow(
      /hooks\.json:3:3: .*unknown key "extra".*Codex cannot read .* fix it first/,
    );
    expect(readFileSync(path, 'utf8')).toBe(broken);
  });

  test('a hooks.json connect created is removed by disconnect; harnesses have nothing to connect', async () => {
    env = makeEnv();
    const a = await api();
    const path = env.path('~/.codex/hooks.json');
    const preview = await a['agents:preview']({ agent: 'codex', connect: true });
    await a['agents:connect']({ agent: 'codex', diff: preview.diff });
    expect(existsSync(path)).toBe(true);
    await a['agents:disconnect']({ agent: 'codex' });
    expect(existsSync(path)).toBe(false);
    await expect(a['agents:preview']({ agent: 'chrys', connect: true })).rejects.toThrow(
      /Chrys has nothing to connect: Hookpanel hosts its files/,
    );
  });
});

describe('the hookpanel command on PATH', () => {
  test("installs wrappers in the per-user bin folder that run this installation's CLI", async () => {
    env = makeEnv();
    const a = await api();
    const r = await a['cli:install']({});
    expect(r.ok).toBe(true);
    const bin = env.path('~/.local/bin');
    expect(r.paths).toEqual([join(bin, 'hookpanel'), join(bin, 'hookpanel-hook')]);
    expect(r.message).toContain(`add ${bin} to your PATH`);
    const { execFileSync } = await import('node:child_process');
    const out = execFileSync(join(bin, 'hookpanel'), ['--help'], { env: env.processEnv, encoding: 'utf8' });
    expect(out).toContain('usage: hookpanel <command>');
  });
});
