// What the panel is told of each agent on this machine, from real files and a real PATH: the program
// found on PATH and the version it prints, the settings file, and the agent's own folder, each on its
// own, so a settings file Connect created is never taken for the agent being installed; and when each
// last sent an event, read per agent, so one quiet while another sent hundreds is still seen.
import { chmodSync, mkdirSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { versionIn } from '../../electron/host/agents/program-version.js';
import { startPanelSession, type PanelSession } from '../../electron/host/panel/session.js';
import { HookHost } from '../../electron/host/service.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { waitFor } from '../helpers/host.js';
import { eventRecord, T0 } from '../helpers/history-records.js';

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
  return { host, api: session.api };
}

const api = async () => (await open()).api;

const at = (ms: number) => new Date(ms).toISOString();

/** An executable `name` in the test's own bin folder, which is all of PATH. */
function fakeProgram(name: string, script: string): string {
  const path = env.write(`bin/${name}`, `#!/bin/sh\n${script}\n`);
  chmodSync(path, 0o755);
  return path;
}

async function agent(id: string) {
  const found = (await (await api())['agents:list']({})).find((a) => a.id === id);
  await session?.close();
  session = null;
  return found!;
}

describe('agents on this machine', () => {
  test('a program on PATH is installed, with the version it prints; its settings are told apart', async () => {
    env = makeEnv();
    mkdirSync(env.path('bin'));
    env.processEnv.PATH = env.path('bin');
    const claude = fakeProgram('claude', 'echo "2.1.7 (Claude Code)"');
    fakeProgram('codex', 'echo "no version here"');

    expect(await agent('claude')).toMatchObject({
      detected: true,
      program: { name: 'claude', path: claude, version: '2.1.7' },
      settings: { path: env.path('~/.claude/settings.json'), exists: false, createdByHookpanel: false },
      folder: { path: env.path('~/.claude'), used: false },
      connected: false,
    });
    expect((await agent('codex')).program).toMatchObject({ path: env.path('bin/codex'), version: null });
    expect(await agent('gemini')).toMatchObject({
      detected: false,
      program: { name: 'gemini', path: null, version: null },
      settings: { exists: false },
    });
  });

  test('after Connect, a settings file Hookpanel created does not make an agent that is not installed "found"', async () => {
    env = makeEnv();
    mkdirSync(env.path('bin'));
    env.processEnv.PATH = env.path('bin');
    const a = await api();
    const plan = await a['agents:preview']({ agent: 'gemini', connect: true });
    expect(plan.summary.creates).toBe(true);
    expect((await a['agents:connect']({ agent: 'gemini', diff: plan.diff })).ok).toBe(true);
    await session?.close();
    session = null;

    expect(await agent('gemini')).toMatchObject({
      detected: false,
      program: { path: null },
      settings: { path: env.path('~/.gemini/settings.json'), exists: true, createdByHookpanel: true },
      folder: { used: false },
      connected: true,
    });
  });

  test("the agent's own files count: settings it had before, and its folder in use", async () => {
    env = makeEnv();
    mkdirSync(env.path('bin'));
    env.processEnv.PATH = env.path('bin');
    env.write('~/.claude/settings.json', '{ "model": "opus" }\n');
    env.write('~/.codex/config.toml', 'model = "o4"\n');

    expect(await agent('claude')).toMatchObject({
      detected: true,
      program: { path: null },
      settings: { exists: true, createdByHookpanel: false },
    });
    expect(await agent('codex')).toMatchObject({
      detected: true,
      program: { path: null },
      settings: { path: env.path('~/.codex/hooks.json'), exists: false },
      folder: { path: env.path('~/.codex'), used: true },
    });
  });

  test('the version is the first version number the program prints', () => {
    expect(versionIn('2.1.7 (Claude Code)\n')).toBe('2.1.7');
    expect(versionIn('codex-cli 0.171.0\n')).toBe('0.171.0');
    expect(versionIn('0.61.0-nightly.20260101\n')).toBe('0.61.0-nightly.20260101');
    expect(versionIn('usage: claude [options]')).toBeNull();
  });

  test("each agent's last event, however many events another sent since; Test fire's aside", async () => {
    env = makeEnv();
    const { host, api } = await open();
    // Codex's one event, then 600 of Claude Code's after it (the Agents view read the newest 500 of all).
    await host.history.append([
      eventRecord({ id: 'codex-1', dialect: 'codex', time: at(T0) }),
      ...Array.from({ length: 600 }, (_, i) =>
        eventRecord({ id: `claude-${i}`, dialect: 'claude', time: at(T0 + (i + 1) * 1000) }),
      ),
    ]);
    const lastEventAt = async (id: string) =>
      (await api['agents:list']({})).find((a) => a.id === id)!.lastEventAt;
    expect(await lastEventAt('codex')).toBe(at(T0));
    expect(await lastEventAt('claude')).toBe(at(T0 + 600_000));
    expect(await lastEventAt('gemini')).toBeNull();

    // Fired from the panel in Claude Code's name: recorded, but not an event Claude Code sent.
    const fired = await api['fire:run']({
      dialect: 'claude',
      event: 'Stop',
      payload: {},
      workspace: env.workspace,
    });
    expect(
      await waitFor(
        () => host.history.event(fired.eventId),
        (e) => e !== null,
      ),
    ).not.toBeNull();
    expect(await lastEventAt('claude')).toBe(at(T0 + 600_000));
  });
});
