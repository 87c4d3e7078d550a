// Connect and disconnect on settings files that are not plain files of the person's own: a symbolic
// link (kept, the file it leads to written through it), a file of another group (mode, owner and
// group kept), a read-only file (left as it was, saying why). The compiled CLI on real files.
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
afterEach(async () => {
  await env?.cleanup();
});

const ORIGINAL = '{\n  "model": "opus",\n  "permissions": { "allow": ["Bash(ls)"] }\n}\n';

/** A group other than our own that we may give a file: any of ours, or any at all as root. */
const OTHER_GID =
  process.platform === 'win32'
    ? null
    : (process.getgroups!().find((g) => g !== process.getegid!()) ??
      (process.geteuid!() === 0 ? 65534 : null));

function run(args: string[]) {
  return runCli(args, { env: env.processEnv, cwd: env.workspace });
}

describe('connect on settings files that are not plain files of your own', () => {
  test.runIf(process.platform !== 'win32')(
    'a symbolic link stays a link: connect and disconnect write through it, byte for byte',
    async () => {
      env = makeEnv();
      mkdirSync(env.path('~/dotfiles'), { recursive: true });
      const real = env.write('~/dotfiles/claude.json', ORIGINAL);
      chmodSync(real, 0o640);
      mkdirSync(env.path('~/.claude'), { recursive: true });
      const link = env.path('~/.claude/settings.json');
      symlinkSync('../dotfiles/claude.json', link);

      const connect = await run(['connect', 'claude', '--yes']);
      expect(connect.code, connect.stderr).toBe(0);
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      expect(readlinkSync(link)).toBe('../dotfiles/claude.json');
      expect(readFileSync(real, 'utf8')).toContain('"PreToolUse"');
      expect(statSync(real).mode & 0o777).toBe(0o640);

      const disconnect = await run(['disconnect', 'claude', '--yes']);
      expect(disconnect.code, disconnect.stderr).toBe(0);
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      expect(readlinkSync(link)).toBe('../dotfiles/claude.json');
      expect(readFileSync(real, 'utf8')).toBe(ORIGINAL);
      expect(statSync(real).mode & 0o777).toBe(0o640);
    },
    60_000,
  );

  test.runIf(OTHER_GID !== null)(
    'a file of another group keeps its group, owner and mode',
    async () => {
      env = makeEnv();
      const path = env.write('~/.claude/settings.json', ORIGINAL);
      chownSync(path, process.geteuid!(), OTHER_GID!);
      chmodSync(path, 0o664);
      const connect = await run(['connect', 'claude', '--yes']);
      expect(connect.code, connect.stderr).toBe(0);
      expect(readFileSync(path, 'utf8')).toContain('"PreToolUse"');
      expect(statSync(path)).toMatchObject({ uid: process.geteuid!(), gid: OTHER_GID });
      expect(statSync(path).mode & 0o777).toBe(0o664);
      const disconnect = await run(['disconnect', 'claude', '--yes']);
      expect(disconnect.code, disconnect.stderr).toBe(0);
      expect(readFileSync(path, 'utf8')).toBe(ORIGINAL);
      expect(statSync(path)).toMatchObject({ uid: process.geteuid!(), gid: OTHER_GID });
      expect(statSync(path).mode & 0o777).toBe(0o664);
    },
    60_000,
  );

  test.runIf(OTHER_GID !== null)(
    'a read-only file is left as it was, and connect says why',
    async () => {
      env = makeEnv();
      const path = env.write('~/.claude/settings.json', ORIGINAL);
      chownSync(path, process.geteuid!(), OTHER_GID!);
      chmodSync(path, 0o444);
      const connect = await run(['connect', 'claude', '--yes']);
      expect(connect.code).toBe(1);
      expect(connect.stderr).toContain(`${path} is read-only (mode 0444), so it was left as it was`);
      expect(connect.stderr).not.toMatch(/^\s+at /m);
      expect(readFileSync(path, 'utf8')).toBe(ORIGINAL);
      expect(statSync(path)).toMatchObject({ uid: process.geteuid!(), gid: OTHER_GID });
      expect(statSync(path).mode & 0o777).toBe(0o444);
    },
    60_000,
  );
});
