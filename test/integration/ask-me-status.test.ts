// Ask me in Settings through the host's API (the panel's), on real settings files: the warning when the
// agent's requests cannot arrive (not connected; connected without the PermissionRequest hook), the
// same words as `hookpanel ask-me`, fixed by Connect; and the tools offered, History's among them.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { EventRecord } from '../../shared/dispatch.js';
import { startPanelSession, type PanelSession } from '../../electron/host/panel/session.js';
import { HookHost } from '../../electron/host/service.js';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { eventRecord } from '../helpers/history-records.js';

let env: TestEnv;
let session: PanelSession | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
  await env?.cleanup();
});

async function open() {
  const host = await HookHost.open(env.host);
  session = startPanelSession(host, { mode: 'browser', workspace: env.workspace, push: () => {} });
  return { host, a: session.api };
}

function permissionEvent(id: string, tool: string): EventRecord {
  return eventRecord({
    id,
    time: new Date().toISOString(),
    dialect: 'claude',
    event: 'PermissionRequest',
    workspace: env.workspace,
    payloadDigest: id,
    payload: { tool_name: tool, tool_input: {} },
    dispatchCount: 0,
  });
}

test('the missing-hook warning: not connected, then connected without the hook, fixed by Connect', async () => {
  env = makeEnv();
  const path = env.write('~/.claude/settings.json', '{\n  "model": "opus"\n}\n');
  const { a } = await open();
  const status = async (agent: string) => (await a['askMe:status']({})).find((s) => s.agent === agent)!;
  expect((await status('claude')).gap).toBeNull(); // Ask me is off: nothing to warn about
  // Connected before Ask me was switched on: no PermissionRequest hook.
  const first = await a['agents:preview']({ agent: 'claude', connect: true });
  expect(await a['agents:connect']({ agent: 'claude', diff: first.diff })).toMatchObject({ ok: true });
  await a['settings:update']({ askMe: { claude: { on: true, tools: [], waitSeconds: 590 } } });
  const gap = (await status('claude')).gap!;
  expect(gap).toMatchObject({ kind: 'no-bridge', path });
  expect(gap.message).toContain(`${path} has no PermissionRequest hook`);
  // The command line says the same, from the same check.
  const cli = await runCli(['ask-me', 'claude'], { env: env.processEnv, cwd: env.workspace });
  expect(cli.stdout.split('\n')).toContain(gap.message);
  // The fix is the Connect path: idempotent for what is there, the hook added, the file backed up.
  const fix = await a['agents:preview']({ agent: 'claude', connect: true });
  expect(fix.diff).toContain('PermissionRequest');
  expect(await a['agents:connect']({ agent: 'claude', diff: fix.diff })).toMatchObject({ ok: true });
  const hooks = JSON.parse(readFileSync(path, 'utf8')).hooks;
  expect(hooks.PermissionRequest[0].hooks[0]).toMatchObject({ timeout: 600 });
  expect(readdirSync(join(env.hookpanelHome, 'backups'))).toHaveLength(2);
  expect((await status('claude')).gap).toBeNull();
  // Edited by hand: the hook is gone again, and so says the warning.
  delete hooks.PermissionRequest;
  writeFileSync(path, JSON.stringify({ model: 'opus', hooks }, null, 2));
  expect((await status('claude')).gap).toMatchObject({ kind: 'no-bridge' });
  // Not connected at all (Codex here): a different warning, naming connect.
  await a['settings:update']({ askMe: { codex: { on: true, tools: [], waitSeconds: 590 } } });
  const codex = await status('codex');
  expect(codex.gap).toMatchObject({ kind: 'not-connected', path: env.path('~/.codex/hooks.json') });
  expect(codex.gap!.message).toContain('hookpanel connect codex');
  expect(codex.scope).toContain('shell commands');
  // Off again: no warning, whatever the file says.
  await a['settings:update']({ askMe: { claude: { on: false, tools: [], waitSeconds: 590 } } });
  expect((await status('claude')).gap).toBeNull();
});

test("the tools offered: the agent's common ones and those it asked about in History", async () => {
  env = makeEnv();
  const { host, a } = await open();
  await host.history.append([
    permissionEvent('e1', 'mcp__github__create_issue'),
    permissionEvent('e2', 'Bash'),
    { ...permissionEvent('e3', 'Bash'), dialect: 'codex' },
  ]);
  const all = await a['askMe:status']({});
  const claude = all.find((s) => s.agent === 'claude')!;
  expect(claude.asked).toEqual(['Bash', 'mcp__github__create_issue']);
  expect(claude.tools).toEqual(
    expect.arrayContaining(['Bash', 'Write', 'Edit', 'mcp__github__create_issue']),
  );
  expect(claude.tools.filter((t) => t === 'Bash')).toHaveLength(1);
  expect(claude.scope).toBeNull();
  expect(all.find((s) => s.agent === 'codex')!.asked).toEqual(['Bash']);
  expect(all.map((s) => s.agent)).not.toContain('gemini');
});

test("guarded mode: the agent's events all come through its file, so nothing says it is not connected", async () => {
  env = makeEnv();
  env.processEnv.HOOKPANEL_TEST_CLAUDE_MANAGED_DIR = join(env.root, 'managed');
  const { a } = await open();
  await a['settings:update']({ askMe: { claude: { on: true, tools: [], waitSeconds: 590 } } });
  const claude = async () => (await a['agents:list']({})).find((x) => x.id === 'claude')!;
  expect(await claude()).toMatchObject({ connected: false, guarded: false });
  expect((await a['askMe:status']({})).find((s) => s.agent === 'claude')!.gap).toMatchObject({
    kind: 'not-connected',
  });
  expect((await runCli(['guard', 'claude', 'on'], { env: env.processEnv, cwd: env.workspace })).code).toBe(0);
  // Its own settings file is still not connected; the drop-in carries the bridge, PermissionRequest too.
  expect(await claude()).toMatchObject({ connected: false, guarded: true });
  expect((await a['askMe:status']({})).find((s) => s.agent === 'claude')!.gap).toBeNull();
  const cli = await runCli(['ask-me', 'claude'], { env: env.processEnv, cwd: env.workspace });
  expect(cli.stdout).not.toContain('not connected');
});
