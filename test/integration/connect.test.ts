// Connecting Claude Code through the host's API, on real settings files.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
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
    expect(preview.diff).toContain('+                        "command": "hookpanel emit claude Stop"');
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
    expect(settings.hooks.Stop).toEqual([
      { hooks: [{ type: 'command', command: 'hookpanel emit claude Stop' }] },
    ]);
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

  test('a file with the bridge already present is left alone', async () => {
    env = makeEnv();
    const bridged = JSON.stringify(
      {
        hooks: Object.fromEntries(
          [
            'SessionStart',
            'UserPromptSubmit',
            'PreToolUse',
            'PostToolUse',
            'Notification',
            'Stop',
            'SubagentStop',
            'SessionEnd',
          ].map((e) => [
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
    expect((await a['agents:preview']({ agent: 'claude', connect: true })).changed).toBe(false);
    expect((await a['agents:list']({})).find((x) => x.id === 'claude')!.connected).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(bridged);
  });

  test('a missing file is created, and disconnect removes it again', async () => {
    env = makeEnv();
    const a = await api();
    const path = env.path('~/.claude/settings.json');
    const preview = await a['agents:preview']({ agent: 'claude', connect: true });
    expect(await a['agents:connect']({ agent: 'claude', diff: preview.diff })).toMatchObject({ ok: true });
    expect(JSON.parse(readFileSync(path, 'utf8')).hooks.SessionEnd).toHaveLength(1);
    expect(await a['agents:disconnect']({ agent: 'claude' })).toMatchObject({ ok: true });
    expect(existsSync(path)).toBe(false);
  });

  test('an invalid file is never written, and the person is told why', async () => {
    env = makeEnv();
    const broken = '{ "model": "opus", }\n';
    const path = env.write('~/.claude/settings.json', broken);
    const a = await api();
    await expect(a['agents:preview']({ agent: 'claude', connect: true })).rejects.toThrow(
      /not a JSON object Hookpanel can edit safely.*nothing was written/,
    );
    expect(await a['agents:connect']({ agent: 'claude', diff: '' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('fix it first'),
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
