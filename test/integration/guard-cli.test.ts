// `hookpanel guard claude on|off [--dry-run]` on real files, the managed folder pointed at a temporary one
// through the test-only HOOKPANEL_TEST_CLAUDE_MANAGED_DIR (the real /etc path is exercised by
// test/realclient/claude-guarded.test.ts in a private mount namespace). Also: what `trust` and `untrust`
// say and do for a Claude Code file with and without guarded mode (README.md,
// "What trust means for each agent").
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { parseBridgeCommand } from '../../electron/host/agents/bridge-command.js';
import { CLAUDE_EVENTS } from '../../electron/host/dialects/claude/events.js';
import { CLI, runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
afterEach(async () => env?.cleanup());

function setUp(): { managed: string; dropIn: string } {
  env = makeEnv();
  const managed = join(env.root, 'managed');
  env.processEnv.HOOKPANEL_TEST_CLAUDE_MANAGED_DIR = managed;
  return { managed, dropIn: join(managed, 'managed-settings.d', 'hookpanel.json') };
}

const guard = (...args: string[]) =>
  runCli(['guard', 'claude', ...args], { env: env.processEnv, cwd: env.workspace });

function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        out[`${relative(dir, p)}/`] = '';
        walk(p);
      } else out[relative(dir, p)] = readFileSync(p, 'base64');
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

test('--dry-run shows the exact file and text and writes nothing; on writes exactly that text', async () => {
  const { managed, dropIn } = setUp();
  const dry = await guard('on', '--dry-run');
  expect(dry.code, dry.stderr).toBe(0);
  expect(dry.stdout).toContain(`\n${dropIn}:\n{\n  "allowManagedHooksOnly": true,`);
  expect(dry.stdout).toContain('Not changed (--dry-run)');
  expect(existsSync(managed)).toBe(false);

  const on = await guard('on');
  expect(on.code, on.stderr).toBe(0);
  const text = readFileSync(dropIn, 'utf8');
  // What was shown is what was written.
  expect(dry.stdout).toContain(`${dropIn}:\n${text}`);
  const doc = JSON.parse(text) as {
    allowManagedHooksOnly: boolean;
    hooks: Record<string, { hooks: { command: string }[] }[]>;
  };
  expect(doc.allowManagedHooksOnly).toBe(true);
  // The bridge for every Claude Code event, each to its own event, reaching this Hookpanel's home.
  expect(Object.keys(doc.hooks).sort()).toEqual(CLAUDE_EVENTS.map((e) => e.name).sort());
  for (const [event, groups] of Object.entries(doc.hooks)) {
    const command = groups[0]!.hooks[0]!.command;
    expect(parseBridgeCommand(command)).toMatchObject({ dialect: 'claude', event });
    expect(command).toContain(`HOOKPANEL_HOME=${env.hookpanelHome}`);
  }
  const again = await guard('on');
  expect(again.code).toBe(0);
  expect(again.stdout).toContain('already guarded');
});

test('off removes exactly the file, and the folders on created: a folder that was not there is gone again', async () => {
  const { managed } = setUp();
  expect((await guard('on')).code).toBe(0);
  const dry = await guard('off', '--dry-run');
  expect(dry.code).toBe(0);
  expect(existsSync(managed), 'a dry run removes nothing').toBe(true);
  const off = await guard('off');
  expect(off.code, off.stderr).toBe(0);
  expect(existsSync(managed)).toBe(false);
  const again = await guard('off');
  expect(again.code).toBe(0);
  expect(again.stdout).toContain('not guarded');
});

test('off leaves a managed folder that was there byte for byte, and a drop-in added meanwhile', async () => {
  const { managed } = setUp();
  mkdirSync(join(managed, 'managed-settings.d'), { recursive: true });
  writeFileSync(join(managed, 'managed-settings.json'), '{ "cleanupPeriodDays": 30 }\n');
  writeFileSync(join(managed, 'managed-settings.d', '10-policy.json'), '{"env":{}}');
  const before = tree(managed);
  expect((await guard('on')).code).toBe(0);
  expect((await guard('off')).code).toBe(0);
  expect(tree(managed)).toEqual(before);

  // Created by on, but another file landed in it since: the folder stays, with that file.
  const fresh = join(env.root, 'fresh');
  env.processEnv.HOOKPANEL_TEST_CLAUDE_MANAGED_DIR = fresh;
  expect((await guard('on')).code).toBe(0);
  writeFileSync(join(fresh, 'managed-settings.d', 'other.json'), '{}');
  expect((await guard('off')).code).toBe(0);
  expect(tree(fresh)).toEqual({ 'managed-settings.d/': '', 'managed-settings.d/other.json': 'e30=' });
});

// Not root: the write is asked for through the OS's administrator prompt. Where no prompt can be had
// (no polkit agent in a test container), nothing is written and it says so, exit 1.
// The CLI must be readable by that user: a clone inside a private folder (mktemp -d is 0700, as in
// ../shared/tools/fresh-machine-check) is not, and then the trial cannot be made here.
const NOBODY = ['--reuid=65534', '--regid=65534', '--clear-groups'];
const asNobody =
  process.getuid?.() === 0 &&
  spawnSync('setpriv', ['--version']).status === 0 &&
  spawnSync('setpriv', [
    ...NOBODY,
    process.execPath,
    '-e',
    `require('fs').accessSync(${JSON.stringify(CLI)})`,
  ]).status === 0;
if (process.getuid?.() === 0 && !asNobody)
  console.warn(`guard-cli: the not-root trial is skipped: user 65534 cannot run setpriv or read ${CLI}`);
/** `hookpanel guard claude on` as user nobody, its temporary folder open to it or not. */
function guardOnAsNobody(tmpMode: number) {
  const { managed } = setUp();
  mkdirSync(managed, { mode: 0o755 });
  for (const d of [env.root, env.home, env.workspace]) chmodSync(d, 0o755);
  chmodSync(env.processEnv.TMPDIR!, tmpMode);
  mkdirSync(env.hookpanelHome, { mode: 0o777 });
  const r = spawnSync('setpriv', [...NOBODY, process.execPath, CLI, 'guard', 'claude', 'on'], {
    env: { ...env.processEnv, PATH: '/usr/bin:/bin' },
    cwd: env.workspace,
    encoding: 'utf8',
  });
  return { managed, r };
}

test.runIf(asNobody)('not root and no administrator prompt to be had: exit 1, nothing written', () => {
  const { managed, r } = guardOnAsNobody(0o1777);
  expect(r.status, r.stderr).toBe(1);
  expect(r.stdout).toContain(
    `Could not get administrator rights to change ${join(managed, 'managed-settings.d')}`,
  );
  expect(r.stdout).toContain('Nothing was changed.');
  expect(tree(managed)).toEqual({});
});

// The drop-in's text reaches the prompt's command through a file in the temporary folder.
test.runIf(asNobody)('not root, a temporary folder it cannot write: exit 1, says so, nothing written', () => {
  const { managed, r } = guardOnAsNobody(0o700);
  expect(r.status, r.stderr).toBe(1);
  expect(r.stdout).toContain(
    `Could not stage the file for the administrator prompt: EACCES: permission denied, mkdtemp '${env.processEnv.TMPDIR}/hookpanel-guard-`,
  );
  expect(r.stdout).toContain('Nothing was changed.');
  expect(tree(managed)).toEqual({});
});

const HOOKS = JSON.stringify({
  hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'echo hi' }] }] },
});

test('without guarded mode, trust and untrust of a Claude Code file change nothing, say so, offer guarded mode, exit 1', async () => {
  setUp();
  env.write('ws/.claude/settings.json', HOOKS);
  const trust = await runCli(['trust', '.claude/settings.json'], { env: env.processEnv, cwd: env.workspace });
  expect(trust.code).toBe(1);
  expect(trust.stdout).toContain(
    "Claude Code runs this file's hooks itself once the folder is trusted in Claude Code (claude -p runs them without asking): nothing was changed in Claude Code.",
  );
  expect(trust.stdout).toContain(
    'Not trusted. To have Hookpanel decide what runs, turn on guarded mode (hookpanel guard claude on',
  );
  expect(trust.stdout).not.toMatch(/^Trusted /m);
  const list = await runCli(['trust', '--list', '--json'], { env: env.processEnv });
  expect(JSON.parse(list.stdout)).toEqual({ trusted: [] });
  const untrust = await runCli(['untrust', '.claude/settings.json'], {
    env: env.processEnv,
    cwd: env.workspace,
  });
  expect(untrust.code).toBe(1);
  expect(untrust.stdout).toContain('untrusting here changed nothing');
  expect(untrust.stdout).toContain('hookpanel guard claude on');
});

test('in guarded mode, Claude Code files are hosted: trust lets Hookpanel run them and says so; untrust stops them', async () => {
  setUp();
  env.write('ws/.claude/settings.json', HOOKS);
  expect((await guard('on')).code).toBe(0);
  const check = await runCli(['check', '--json'], { env: env.processEnv, cwd: env.workspace });
  const sources = (
    JSON.parse(check.stdout) as {
      sources: { path: string; role: string; state: string; guarded?: boolean }[];
    }
  ).sources;
  expect(sources.find((s) => s.path === env.path('ws/.claude/settings.json'))).toMatchObject({
    role: 'hosted',
    state: 'untrusted',
    guarded: true,
  });
  expect(sources.find((s) => s.path === env.path('~/.claude/settings.json'))).toMatchObject({
    role: 'hosted',
    guarded: true,
  });

  const dry = await runCli(['trust', '.claude/settings.json', '--dry-run'], {
    env: env.processEnv,
    cwd: env.workspace,
  });
  expect(dry.stdout).toContain("Claude Code is in guarded mode: it runs none of this file's hooks itself.");
  const trust = await runCli(['trust', '.claude/settings.json'], { env: env.processEnv, cwd: env.workspace });
  expect(trust.code, trust.stdout).toBe(0);
  expect(trust.stdout).toMatch(/^Trusted .*settings\.json \(sha256 /m);
  expect(trust.stdout).toContain('Trusting it here lets Hookpanel run them for Claude Code');

  const ran = await runCli(['emit', 'claude', 'SessionStart', '--json'], {
    env: env.processEnv,
    cwd: env.workspace,
    input: JSON.stringify({ cwd: env.workspace, hook_event_name: 'SessionStart', source: 'startup' }),
  });
  expect((JSON.parse(ran.stdout) as { dispatches: { outcome: string }[] }).dispatches).toMatchObject([
    { outcome: 'ok' },
  ]);

  const untrust = await runCli(['untrust', '.claude/settings.json'], {
    env: env.processEnv,
    cwd: env.workspace,
  });
  expect(untrust.code).toBe(0);
  expect(untrust.stdout).toContain('Claude Code does not run them either while guarded.');
});
