import { readFileSync, statSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { byDialect, makeEnv, type TestEnv } from '../helpers/env.js';
import { TrustStore } from '../../electron/host/trust/store.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

const UNTRUSTED = 'untrusted: review and trust this project file to run it';

/** A real `hookpanel emit` from the workspace (no host running): what each dispatch came to. */
async function emit(dialect: string, event: string): Promise<{ outcome: string; reason: string | null }[]> {
  const r = await runCli(['emit', dialect, event, '--json'], {
    env: env.processEnv,
    cwd: env.workspace,
    input: '{}',
  });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout).dispatches.map((d: { outcome: string; skipReason?: string | null }) => ({
    outcome: d.outcome,
    reason: d.skipReason ?? null,
  }));
}

describe('trust', () => {
  test('is bound to the exact bytes: an edit re-gates the file, and the next event skips it', async () => {
    env = makeEnv();
    const marker = env.path('ran');
    const path = env.write(
      'ws/.agents/settings.json',
      JSON.stringify({ hooks: { SessionEnd: [{ hooks: [{ command: `echo ran >> ${marker}` }] }] } }),
    );
    expect((await env.source('ws/.agents/settings.json')).state).toBe('untrusted');
    const r = await runCli(['trust', path], { env: env.processEnv, cwd: env.root });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Trusted ${path}`);
    expect((await env.source('ws/.agents/settings.json')).state).toBe('active');
    expect(await emit('pw', 'SessionEnd')).toEqual([{ outcome: 'ok', reason: null }]);
    expect(readFileSync(marker, 'utf8')).toBe('ran\n');
    env.write('ws/.agents/settings.json', readFileSync(path, 'utf8') + ' ');
    const s = await env.source('ws/.agents/settings.json');
    expect(s.state).toBe('untrusted');
    expect(s.diagnostics[0]!.code).toBe('trust_changed');
    expect(await emit('pw', 'SessionEnd')).toEqual([{ outcome: 'skipped', reason: UNTRUSTED }]);
    expect(readFileSync(marker, 'utf8')).toBe('ran\n');
  });

  test('covers the scripts rules point at: an edited script needs review again, and is not run', async () => {
    env = makeEnv();
    const hooks = env.write(
      'ws/.chrys/hooks/hooks.yaml',
      'hooks:\n  - { id: s, event: after_turn, run: { type: script, path: scripts/a.sh }, execution: { mode: blocking } }\n',
    );
    const script = env.write('ws/.chrys/hooks/scripts/a.sh', `echo one >> ${env.path('ran')}\n`);
    const settings = { dialects: { chrys: { projectHooksEnabled: true } } };
    env.write('hp/settings.json', JSON.stringify(settings));
    const store = await TrustStore.open(env.host);
    const before = byDialect(await env.load(settings), 'chrys')[0]!;
    expect(before.state).toBe('untrusted');
    await store.trust(before, readFileSync(hooks), [{ path: script, bytes: readFileSync(script) }]);
    expect(byDialect(await env.load(settings), 'chrys')[0]!.state).toBe('active');
    expect(await emit('chrys', 'after_turn')).toEqual([{ outcome: 'ok', reason: null }]);
    env.write('ws/.chrys/hooks/scripts/a.sh', `echo two >> ${env.path('ran')}\n`);
    const after = byDialect(await env.load(settings), 'chrys')[0]!;
    expect(after.state).toBe('untrusted');
    expect(after.diagnostics[0]!.code).toBe('trust_changed');
    expect(await emit('chrys', 'after_turn')).toEqual([{ outcome: 'skipped', reason: UNTRUSTED }]);
    expect(readFileSync(env.path('ran'), 'utf8')).toBe('one\n');
  });

  test('keeps a copy of the trusted bytes, lists, and untrusts; the store is owner-only', async () => {
    env = makeEnv();
    // A file Hookpanel runs, so its trust is Hookpanel's record (Claude Code's own files are not, outside
    // guarded mode: test/integration/guard-cli.test.ts).
    const path = env.place('ws/.agents/settings.json', 'pw/valid.json');
    await runCli(['trust', path], { env: env.processEnv, cwd: env.root });
    const store = await TrustStore.open(env.host);
    expect(await store.trustedText(path)).toBe(readFileSync(path, 'utf8'));
    expect(statSync(env.path('hp/trust/index.json')).mode & 0o777).toBe(0o600);
    let r = await runCli(['trust', '--list', '--json'], { env: env.processEnv });
    expect(JSON.parse(r.stdout).trusted.map((e: { path: string }) => e.path)).toEqual([path]);
    r = await runCli(['trust', '--list'], { env: env.processEnv });
    expect(r.stdout).toContain(path);
    r = await runCli(['untrust', path], { env: env.processEnv });
    expect(r.code).toBe(0);
    expect((await env.source('ws/.agents/settings.json')).state).toBe('untrusted');
    await store.reload();
    expect(await store.trustedText(path)).toBeNull();
  });

  test('concurrent trusts lose nothing', async () => {
    env = makeEnv();
    const paths = ['ws/.agents/settings.json', 'ws/.agents/settings.local.json', 'ws/.mcp.json'].map((p) =>
      env.write(p, '{ "hooks": { "Stop": [{ "hooks": [{ "command": "true" }] }] } }'),
    );
    const results = await Promise.all(
      paths.map((p) => runCli(['trust', p], { env: env.processEnv, cwd: env.root })),
    );
    expect(results.map((r) => r.code)).toEqual([0, 0, 0]);
    const store = await TrustStore.open(env.host);
    expect(
      store
        .list()
        .map((e) => e.path)
        .sort(),
    ).toEqual([...paths].sort());
  });

  test('user files need no trust; unknown paths are refused', async () => {
    env = makeEnv();
    const user = env.place('~/.config/pw/code.json', 'pw/valid.json');
    let r = await runCli(['trust', user], { env: env.processEnv });
    expect(r.stdout).toContain('need no trust');
    r = await runCli(['trust', env.write('random.json', '{}')], { env: env.processEnv });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not a hook file location');
  });
});
