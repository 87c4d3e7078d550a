// Tier 2: what the real Claude Code honours of managed settings, the ground guarded mode would stand on
// (docs/agents/claude-code-managed.md). Each case puts a hook that touches a marker in the user, project,
// local and managed settings, runs one offline `claude -p` turn and reads which markers exist.
// The system folder (/etc/claude-code) is only ever seen through a private mount namespace whose /etc is
// an overlay with a temporary upper layer: the real /etc is never written.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { claudeBinary, runClaude } from '../helpers/claude-code.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { startMessagesStub } from '../helpers/messages-stub.js';
import { privateEtc, privateEtcWhy } from '../helpers/private-etc.js';

vi.setConfig({ testTimeout: 180_000 });
const claude = claudeBinary();
const LAYERS = ['user', 'project', 'local', 'managed'] as const;

function markerHook(marker: string) {
  return { hooks: { SessionStart: [{ hooks: [{ type: 'command', command: `touch '${marker}'` }] }] } };
}

/** A temporary home and workspace with a marker hook in each of Claude Code's own settings files. */
function setUp(): { env: TestEnv; marker: (layer: string) => string } {
  const env = makeEnv();
  const marker = (layer: string) => join(env.root, `ran-${layer}`);
  env.write('~/.claude/settings.json', JSON.stringify(markerHook(marker('user'))));
  env.write('ws/.claude/settings.json', JSON.stringify(markerHook(marker('project'))));
  env.write('ws/.claude/settings.local.json', JSON.stringify(markerHook(marker('local'))));
  return { env, marker };
}

function managedSettings(marker: string, hooksOnly: boolean): string {
  return JSON.stringify({ ...(hooksOnly ? { allowManagedHooksOnly: true } : {}), ...markerHook(marker) });
}

/** Which layers' hooks ran in one offline turn. */
async function layersRun(bin: string, env: TestEnv, marker: (l: string) => string): Promise<string[]> {
  const stub = await startMessagesStub(() => ({ text: 'ok' }));
  try {
    const run = await runClaude(bin, env, stub.url, 'hi');
    expect(run.code, `claude failed: ${run.stderr}\n${run.stdout}`).toBe(0);
  } finally {
    await stub.close();
  }
  return LAYERS.filter((l) => existsSync(marker(l)));
}

describe.runIf(claude.path)('Claude Code and managed settings', () => {
  test('without managed settings, user, project and local hooks all run in claude -p (no folder trust asked)', async () => {
    const { env, marker } = setUp();
    try {
      expect(await layersRun(claude.path!, env, marker)).toEqual(['user', 'project', 'local']);
    } finally {
      await env.cleanup();
    }
  });

  // Measured on 2.1.197: the name is only in the binary's list of known variables; the settings loader
  // reads the fixed system folder. A test therefore cannot point Claude Code at a temporary managed folder
  // this way, which is why guarded mode is not built on it (docs/agents/claude-code-managed.md).
  test.each([
    ['a folder holding managed-settings.d/hookpanel.json', 'dropin', true],
    ['a folder holding managed-settings.json', 'base', true],
    ['the managed-settings.json file itself', 'base', false],
  ] as const)(
    'CLAUDE_CODE_MANAGED_SETTINGS_PATH naming %s is ignored: no managed hook, nothing suppressed',
    async (_what, layout, asFolder) => {
      const { env, marker } = setUp();
      try {
        const folder = join(env.root, 'managed');
        mkdirSync(join(folder, 'managed-settings.d'), { recursive: true });
        const file =
          layout === 'dropin'
            ? join(folder, 'managed-settings.d', 'hookpanel.json')
            : join(folder, 'managed-settings.json');
        writeFileSync(file, managedSettings(marker('managed'), true));
        env.processEnv.CLAUDE_CODE_MANAGED_SETTINGS_PATH = asFolder ? folder : file;
        expect(await layersRun(claude.path!, env, marker)).toEqual(['user', 'project', 'local']);
      } finally {
        await env.cleanup();
      }
    },
  );

  const why = privateEtcWhy();
  describe.runIf(why === null)('the system folder /etc/claude-code, seen through a private overlay', () => {
    test.each([
      [
        'managed-settings.d/hookpanel.json with allowManagedHooksOnly',
        'managed-settings.d',
        true,
        ['managed'],
      ],
      ['managed-settings.json with allowManagedHooksOnly', '', true, ['managed']],
      ['managed-settings.d/hookpanel.json without it', 'managed-settings.d', false, [...LAYERS]],
    ] as const)('%s: these layers run', async (_what, sub, hooksOnly, expected) => {
      const { env, marker } = setUp();
      const etcBefore = existsSync('/etc/claude-code');
      try {
        const etc = privateEtc(env.root);
        const dir = join(etc.upper, 'claude-code', sub);
        mkdirSync(dir, { recursive: true });
        writeFileSync(
          join(dir, sub ? 'hookpanel.json' : 'managed-settings.json'),
          managedSettings(marker('managed'), hooksOnly),
        );
        expect(await layersRun(etc.wrap(claude.path!), env, marker)).toEqual(expected);
        expect(existsSync('/etc/claude-code'), 'the real /etc was left as it was').toBe(etcBefore);
      } finally {
        await env.cleanup();
      }
    });
  });
  test.runIf(why !== null)('the system folder cases are skipped here', (ctx) => {
    console.warn(`Managed-settings system folder cases skipped: ${why}`);
    ctx.skip(why!);
  });
});
