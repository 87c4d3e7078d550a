// Trust covers the scripts a pw or claude project hook runs: after an edit to the script the file is
// re-gated, and a dispatch fired through `hookpanel emit` (to a real host, then in-process) is skipped.
import { chmodSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { openHost, waitFor } from '../helpers/host.js';
import { RECHECK_MS } from '../../electron/host/sources/cache.js';
import { startServe, type RunningHost } from '../helpers/serve.js';

let env: TestEnv;
let host: RunningHost | null = null;
afterEach(async () => {
  await host?.stop();
  host = null;
  await env?.cleanup();
});

interface CheckedSource {
  path: string;
  state: string;
  scripts: { path: string; sha256: string | null }[];
  diagnostics: { code: string }[];
}
interface Emitted {
  dispatches: { rule: string; outcome: string; skipReason: string | null }[];
}

async function check(): Promise<CheckedSource[]> {
  const r = await runCli(['check', '--json'], { env: env.processEnv, cwd: env.workspace });
  return (JSON.parse(r.stdout) as { sources: CheckedSource[] }).sources;
}

/** Fires Stop through `hookpanel emit`; RAN_BY tells whose environment the hook ran in. */
async function emit(ranBy: string): Promise<Emitted> {
  const r = await runCli(['emit', 'pw', 'Stop', '--json'], {
    env: { ...env.processEnv, RAN_BY: ranBy },
    cwd: env.workspace,
    input: JSON.stringify({ hook_event_name: 'Stop', cwd: env.workspace }),
  });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Emitted;
}

const logLines = (path: string) => readFileSync(path, 'utf8').trim().split('\n');

describe('trust over the scripts a pw hook runs', () => {
  test('an edited script re-gates its file; emits after the edit are skipped, with a host and without', async () => {
    env = makeEnv();
    const settings = env.write(
      'ws/.agents/settings.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: './tools/hooks/x.sh' }] }] } }),
    );
    const script = env.write('ws/tools/hooks/x.sh', '#!/bin/sh\necho "one $RAN_BY" >> "$RAN_LOG"\n');
    chmodSync(script, 0o755);
    // The log outside the workspace and the script two folders down, where the panel's file watcher
    // does not look: only the engine's own freshness check can notice the edit.
    const log = env.path('ran.log');
    env.processEnv.RAN_LOG = log;

    let source = (await check()).find((s) => s.path === settings)!;
    expect(source.state).toBe('untrusted');
    expect(source.scripts.map((s) => s.path)).toEqual([script]);
    const trusted = await runCli(['trust', settings], { env: env.processEnv, cwd: env.root });
    expect(trusted.stdout).toContain('1 script');

    host = await startServe({ ...env, processEnv: { ...env.processEnv, RAN_BY: 'host' } });
    let emitted = await emit('cli');
    expect(emitted.dispatches.map((d) => d.outcome)).toEqual(['ok']);
    expect(logLines(log)).toEqual(['one host']);

    env.write('ws/tools/hooks/x.sh', '#!/bin/sh\necho "two $RAN_BY" >> "$RAN_LOG"\n');
    source = (await check()).find((s) => s.path === settings)!;
    expect(source.state).toBe('untrusted');
    expect(source.diagnostics[0]!.code).toBe('trust_changed');

    emitted = await emit('cli');
    expect(emitted.dispatches).toMatchObject([
      { outcome: 'skipped', skipReason: expect.stringContaining('untrusted') },
    ]);
    await host.stop();
    host = null;
    emitted = await emit('cli');
    expect(emitted.dispatches).toMatchObject([
      { outcome: 'skipped', skipReason: expect.stringContaining('untrusted') },
    ]);
    expect(logLines(log)).toEqual(['one host']);

    // Trusting the new bytes runs them again.
    await runCli(['trust', settings], { env: env.processEnv, cwd: env.root });
    emitted = await emit('cli');
    expect(emitted.dispatches.map((d) => d.outcome)).toEqual(['ok']);
    expect(logLines(log)).toEqual(['one host', 'two cli']);
  });

  test('a script named but missing at trust time re-gates the file when it appears', async () => {
    env = makeEnv();
    // Claude Code guarded (a temporary managed folder): trusting in Hookpanel is what lets the file run.
    env.processEnv.HOOKPANEL_TEST_CLAUDE_MANAGED_DIR = env.path('managed');
    env.write('managed/managed-settings.d/hookpanel.json', '{ "allowManagedHooksOnly": true }');
    const settings = env.write(
      'ws/.claude/settings.json',
      JSON.stringify({
        hooks: {
          Stop: [{ hooks: [{ type: 'command', command: 'bash "$CLAUDE_PROJECT_DIR"/hooks/later.sh' }] }],
        },
      }),
    );
    await runCli(['trust', settings], { env: env.processEnv, cwd: env.root });
    let source = (await check()).find((s) => s.path === settings)!;
    expect(source).toMatchObject({
      state: 'active',
      scripts: [{ path: env.path('ws/hooks/later.sh'), sha256: null }],
    });
    env.write('ws/hooks/later.sh', 'curl evil.example\n');
    source = (await check()).find((s) => s.path === settings)!;
    expect(source.state).toBe('untrusted');
  });

  test("the host's own freshness check sees an edited script (no file watcher involved)", async () => {
    env = makeEnv();
    const settings = env.write(
      'ws/.agents/settings.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'sh tools/x.sh' }] }] } }),
    );
    env.write('ws/tools/x.sh', 'true\n');
    await runCli(['trust', settings], { env: env.processEnv, cwd: env.root });
    const { fire } = await openHost(env);
    expect((await fire('pw', 'Stop')).answer.dispatches.map((d) => d.outcome)).toEqual(['ok']);
    // The cache looked at the files during that event, so no later than now.
    const checked = Date.now();
    env.write('ws/tools/x.sh', 'echo changed\n');
    // Past the burst window on the cache's own clock, so the next event stats the files again.
    await waitFor(
      () => Date.now() - checked,
      (ms) => ms > RECHECK_MS,
    );
    expect((await fire('pw', 'Stop')).answer.dispatches).toMatchObject([
      { outcome: 'skipped', skipReason: expect.stringContaining('untrusted') },
    ]);
  });

  // `sh -e` was once read as inline code (docs/trust-review.md, "Which scripts a command runs"), so the
  // script was never pinned and an edit ran under the old trust. Each form below pins its script (and what
  // the script sources); one byte re-gates.
  test.each([
    ['sh -e hooks/gate.sh', 'hooks/gate.sh'],
    ['bash -e hooks/gate.sh', 'hooks/gate.sh'],
    ['timeout 5 ./hooks/gate.sh', 'hooks/gate.sh'],
    ['. ./hooks/gate.sh', 'hooks/gate.sh'],
    ['bash < hooks/gate.sh', 'hooks/gate.sh'],
    ['sh -e hooks/gate.sh', 'hooks/lib.sh'],
  ])(
    '`%s`: one byte changed in %s re-gates the trusted file',
    async (command, edited) => {
      env = makeEnv();
      const settings = env.write(
        'ws/.agents/settings.json',
        JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command }] }] } }),
      );
      env.write('ws/hooks/gate.sh', '#!/bin/sh\n. ./hooks/lib.sh\nexit 0\n');
      env.write('ws/hooks/lib.sh', 'true\n');
      const trusted = await runCli(['trust', settings], { env: env.processEnv, cwd: env.root });
      expect(trusted.code, trusted.stderr).toBe(0);
      expect((await check()).find((s) => s.path === settings)!.state).toBe('active');

      const path = env.path(`ws/${edited}`);
      const bytes = readFileSync(path);
      bytes[bytes.length - 2] = 'X'.charCodeAt(0);
      env.write(`ws/${edited}`, bytes);
      const source = (await check()).find((s) => s.path === settings)!;
      expect(source.state).toBe('untrusted');
      expect(source.diagnostics[0]!.code).toBe('trust_changed');
    },
    120_000,
  );

  test('a command whose files cannot be pinned: the review says so, and any change under its folder re-gates', async () => {
    env = makeEnv();
    const settings = env.write(
      'ws/.agents/settings.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'sh hooks/*.sh' }] }] } }),
    );
    env.write('ws/hooks/a.sh', 'echo a\n');
    const first = await runCli(['trust', settings], { env: env.processEnv, cwd: env.root });
    expect(first.stdout).toContain(
      'Command `sh hooks/*.sh` runs files Hookpanel cannot pin: it runs the files a pattern matches (hooks/*.sh); any change under hooks/ asks for review again.',
    );
    expect((await check()).find((s) => s.path === settings)!.state).toBe('active');
    // Trusted and unchanged, it is still said: never quietly "unchanged".
    const again = await runCli(['trust', settings, '--dry-run'], { env: env.processEnv, cwd: env.root });
    expect(again.stdout).toContain('Trusted; nothing changed since');
    expect(again.stdout).toContain('runs files Hookpanel cannot pin');

    env.write('ws/hooks/a.sh', 'echo b\n');
    expect((await check()).find((s) => s.path === settings)!.state).toBe('untrusted');
    const review = await runCli(['trust', settings, '--dry-run'], { env: env.processEnv, cwd: env.root });
    expect(review.stdout).toContain('Something under hooks/ changed');
    await runCli(['trust', settings], { env: env.processEnv, cwd: env.root });
    expect((await check()).find((s) => s.path === settings)!.state).toBe('active');
    // A new file under the folder is a change too.
    env.write('ws/hooks/sub/new.sh', 'echo new\n');
    expect((await check()).find((s) => s.path === settings)!.state).toBe('untrusted');
  }, 120_000);
});
