// Dialect options: declared in a manifest, kept under `dialects.<id>` in settings.json, shown and set
// through the panel generically; settings files from before (`"chrys": {…}`) are read without loss.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { DIALECT_MANIFESTS } from '../../shared/dialects.js';
import { handleRequest } from '../../electron/host/panel/api.js';
import { startPanelSession, type PanelSession } from '../../electron/host/panel/session.js';
import { HookHost } from '../../electron/host/service.js';
import { dialectOption, loadSettings, saveSettings } from '../../electron/host/settings/settings.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
let session: PanelSession | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
  await env?.cleanup();
});

const chrys = DIALECT_MANIFESTS.find((m) => m.options.some((o) => o.key === 'projectHooksEnabled'))!;

describe('dialect options in settings.json', () => {
  test('an old settings file keeps its chrys switch and everything else; saving writes the new shape', async () => {
    env = makeEnv();
    env.write(
      'hp/settings.json',
      JSON.stringify({ paused: true, chrys: { projectHooksEnabled: true }, workspaces: ['/w'] }),
    );
    const { settings, problem } = await loadSettings(env.host);
    expect(problem).toBeNull();
    expect(settings).toMatchObject({ paused: true, workspaces: ['/w'] });
    expect(dialectOption(settings, chrys, 'projectHooksEnabled')).toBe(true);
    await saveSettings(env.host, settings);
    const written = JSON.parse(readFileSync(env.path('hp/settings.json'), 'utf8')) as Record<string, unknown>;
    expect(written.dialects).toEqual({ chrys: { projectHooksEnabled: true } });
    expect(written).not.toHaveProperty('chrys');
    expect((await loadSettings(env.host)).settings).toEqual(settings);
  });

  test('where both shapes are present the new one wins; unset options read as the manifest default', async () => {
    env = makeEnv();
    env.write(
      'hp/settings.json',
      JSON.stringify({
        chrys: { projectHooksEnabled: true },
        dialects: { chrys: { projectHooksEnabled: false } },
      }),
    );
    expect(dialectOption((await loadSettings(env.host)).settings, chrys, 'projectHooksEnabled')).toBe(false);
    env.write('hp/settings.json', '{}');
    const option = chrys.options.find((o) => o.key === 'projectHooksEnabled')!;
    expect(dialectOption((await loadSettings(env.host)).settings, chrys, 'projectHooksEnabled')).toBe(
      option.default,
    );
  });

  test('a value of the wrong type is a settings problem naming the key, as before', async () => {
    env = makeEnv();
    env.write('hp/settings.json', JSON.stringify({ chrys: { projectHooksEnabled: 'yes' } }));
    const { problem } = await loadSettings(env.host);
    expect(problem).toContain('dialects.chrys.projectHooksEnabled');
  });
});

describe('dialect options over the panel contract', () => {
  async function open() {
    env = makeEnv();
    const host = await HookHost.open(env.host);
    session = startPanelSession(host, { mode: 'browser', workspace: env.workspace, push: () => {} });
    return host;
  }

  test('every declared option is listed with its value, set in part, saved and applied', async () => {
    const host = await open();
    const before = await handleRequest(session!.api, 'settings:get', {});
    const declared = Object.fromEntries(
      DIALECT_MANIFESTS.filter((m) => m.options.length).map((m) => [
        m.id,
        Object.fromEntries(m.options.map((o) => [o.key, o.default])),
      ]),
    );
    expect(before).toMatchObject({ ok: true, result: { dialectOptions: declared } });
    const saved = await handleRequest(session!.api, 'settings:update', {
      dialectOptions: { chrys: { projectHooksEnabled: true } },
    });
    expect(saved).toMatchObject({
      ok: true,
      result: { dialectOptions: { chrys: { projectHooksEnabled: true } } },
    });
    expect(host.settings.dialects).toEqual({ chrys: { projectHooksEnabled: true } });
    const file = JSON.parse(readFileSync(env.path('hp/settings.json'), 'utf8')) as { dialects: unknown };
    expect(file.dialects).toEqual({ chrys: { projectHooksEnabled: true } });
    // The chrys project file is read with the option on: no longer dormant, but untrusted.
    env.write(
      'ws/.chrys/hooks/hooks.yaml',
      'hooks:\n  - id: a\n    event: after_turn\n    run: { type: command, argv: [/bin/true] }\n',
    );
    host.invalidate();
    const project = (await host.sources(env.workspace)).find((s) =>
      s.path.endsWith('.chrys/hooks/hooks.yaml'),
    );
    expect(project?.state).toBe('untrusted');
  });

  test('an option no manifest declares is refused and nothing is saved', async () => {
    const host = await open();
    expect(
      await handleRequest(session!.api, 'settings:update', { dialectOptions: { chrys: { nosuch: true } } }),
    ).toMatchObject({ ok: false, error: 'chrys has no option nosuch' });
    expect(
      await handleRequest(session!.api, 'settings:update', { dialectOptions: { nosuch: { a: true } } }),
    ).toMatchObject({ ok: false, error: 'nosuch has no option a (no such dialect)' });
    expect(host.settings.dialects).toEqual({});
  });
});
