// The host and the CLI agree on a file whose original bytes were restored over the same inode with
// its mtime put back (`cp` then `touch -r`): a stat of size, inode and mtime cannot tell, ctime can.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { RACY_MS } from '../../electron/host/sources/cache.js';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { openHost, waitFor } from '../helpers/host.js';
import { startServe, type RunningHost } from '../helpers/serve.js';

let env: TestEnv;
let serve: RunningHost | null = null;
afterEach(async () => {
  await serve?.stop();
  serve = null;
  await env?.cleanup();
});

const ORIGINAL = JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo aa' }] }] } });
const EDITED = ORIGINAL.replace('echo aa', 'echo bb');

/** What the old fingerprint saw. */
const weakStat = (path: string) => {
  const s = statSync(path, { bigint: true });
  return `${s.ino}:${s.size}:${s.mtimeNs}`;
};

/** Until the file's last change is older than the racy window, so its stat alone must tell. */
const settled = (path: string) =>
  waitFor(
    () => Date.now() - Number(statSync(path, { bigint: true }).ctimeNs / 1_000_000n),
    (age) => age > RACY_MS + 50,
    RACY_MS * 3,
  );

async function cliState(path: string): Promise<string> {
  const r = await runCli(['check', '--json'], { env: env.processEnv, cwd: env.workspace });
  return (JSON.parse(r.stdout) as { sources: { path: string; state: string }[] }).sources.find(
    (s) => s.path === path,
  )!.state;
}

/** Edits the trusted file (same size), then restores the original bytes as the gauntlet did. */
async function editThenRestore(path: string, between: () => Promise<void>): Promise<void> {
  execFileSync('cp', ['-p', path, env.path('original.json')]);
  env.write('ws/.agents/settings.json', EDITED);
  await settled(path);
  await between();
  execFileSync('touch', ['-r', path, env.path('edited-stamp')]);
  const before = weakStat(path);
  execFileSync('cp', [env.path('original.json'), path]);
  execFileSync('touch', ['-r', env.path('edited-stamp'), path]);
  expect(weakStat(path)).toBe(before); // the restore is invisible to size, inode and mtime
  expect(readFileSync(path, 'utf8')).toBe(ORIGINAL);
  await settled(path);
}

test('an in-process host sees the restored bytes as the CLI does', async () => {
  env = makeEnv();
  const path = env.write('ws/.agents/settings.json', ORIGINAL);
  await runCli(['trust', path], { env: env.processEnv, cwd: env.root });
  const { host, fire } = await openHost(env);
  const outcomes = async () => (await fire('pw', 'Stop')).answer.dispatches.map((d) => d.outcome);
  const hostState = async () => (await host.sources(env.workspace)).find((s) => s.path === path)!.state;
  expect(await outcomes()).toEqual(['ok']);
  await editThenRestore(path, async () => {
    expect(await outcomes()).toEqual(['skipped']);
    expect([await hostState(), await cliState(path)]).toEqual(['untrusted', 'untrusted']);
  });
  expect([await hostState(), await cliState(path)]).toEqual(['active', 'active']);
  expect(await outcomes()).toEqual(['ok']);
});

test('a real `hookpanel serve` and the CLI agree', async () => {
  env = makeEnv();
  const path = env.write('ws/.agents/settings.json', ORIGINAL);
  await runCli(['trust', path], { env: env.processEnv, cwd: env.root });
  serve = await startServe(env);
  const emitted = async () => {
    const r = await runCli(['emit', 'pw', 'Stop', '--json'], {
      env: env.processEnv,
      cwd: env.workspace,
      input: '{}',
    });
    return (JSON.parse(r.stdout) as { dispatches: { outcome: string }[] }).dispatches.map((d) => d.outcome);
  };
  expect(await emitted()).toEqual(['ok']);
  await editThenRestore(path, async () => {
    expect(await emitted()).toEqual(['skipped']);
    expect(await cliState(path)).toBe('untrusted');
  });
  expect(await cliState(path)).toBe('active');
  expect(await emitted()).toEqual(['ok']);
});
