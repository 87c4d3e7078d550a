// `hookpanel` keeps V8's compiled code of the modules it loads in Hookpanel's own directory
// (electron/cli/compile-cache.ts), where Node has a compile cache (22.1 and later): the next run reads it
// rather than compiling emit-local's megabyte again. Checked on a real run through Node's own account of
// its cache (NODE_DEBUG_NATIVE=COMPILE_CACHE), with the answer unchanged, and where the cache cannot be
// made or must not be used.
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
afterEach(async () => {
  await env?.cleanup();
});

/** Node 22.1 and later (Electron 41's Node 24 among them); Node 20 has no compile cache. */
const NODE_CACHES = 'enableCompileCache' in (await import('node:module')).default;

const REFUSE_RM = "grep -q 'rm -rf' && { echo 'no rm -rf here' >&2; exit 2; }; exit 0";
const CALL = (cwd: string) =>
  JSON.stringify({ session_id: 's', cwd, tool_name: 'Bash', tool_input: { command: 'rm -rf ./scratch' } });

/**
 * An emit with no host running (the in-process engine), refusing `rm -rf`. NODE_V8_COVERAGE is given
 * empty: Node passes a coverage pass's own to every child that lacks it, and the cache stays off there.
 */
function emitRefusal(extra: Record<string, string> = {}) {
  return runCli(['emit', 'claude', 'PreToolUse'], {
    env: { ...env.processEnv, NODE_V8_COVERAGE: '', ...extra },
    cwd: env.workspace,
    input: CALL(env.workspace),
  });
}

function setUp(): string {
  env = makeEnv();
  env.write(
    'hp/hooks/claude.json',
    JSON.stringify({
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: REFUSE_RM }] }] },
    }),
  );
  return join(env.hookpanelHome, 'cache', 'compile');
}

test.runIf(NODE_CACHES)(
  'a second run reads the code the first compiled, from a folder only its user can open, and answers the same',
  async () => {
    const cache = setUp();
    const first = await emitRefusal();
    expect(first, first.stderr).toMatchObject({ code: 2, stderr: 'no rm -rf here\n' });
    expect(statSync(cache).mode & 0o777).toBe(0o700);
    expect(statSync(join(env.hookpanelHome, 'cache')).mode & 0o777).toBe(0o700);
    const [version] = readdirSync(cache);
    expect(readdirSync(join(cache, version!)).length).toBeGreaterThan(0);

    const second = await emitRefusal({ NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
    expect(second.code).toBe(2);
    expect(second.stdout).toBe(first.stdout);
    // The in-process engine's bundle, compiled by the first run, taken from the cache by the second.
    expect(second.stderr).toMatch(/V8 code cache for ESM \S+\/commands\/emit-local\.js was accepted/);
    expect(second.stderr).toContain('no rm -rf here');
  },
);

test.skipIf(NODE_CACHES)('on a Node without a compile cache nothing is written for one', async () => {
  const cache = setUp();
  expect(await emitRefusal()).toMatchObject({ code: 2, stderr: 'no rm -rf here\n' });
  expect(existsSync(cache)).toBe(false);
});

test('a cache folder that cannot be made changes nothing: the guard still refuses, and says only that', async () => {
  setUp();
  // A file where the cache's folder would be.
  mkdirSync(env.hookpanelHome, { recursive: true });
  writeFileSync(join(env.hookpanelHome, 'cache'), 'not a folder');
  expect(await emitRefusal()).toMatchObject({ code: 2, stdout: '', stderr: 'no rm -rf here\n' });
});

test('measuring coverage, or told not to by Node’s own variable, no cache is kept', async () => {
  const cache = setUp();
  const offs: Record<string, string>[] = [
    { NODE_V8_COVERAGE: env.path('coverage') },
    { NODE_DISABLE_COMPILE_CACHE: '1' },
  ];
  for (const off of offs) {
    expect(await emitRefusal(off)).toMatchObject({ code: 2, stderr: 'no rm -rf here\n' });
    expect(existsSync(cache), JSON.stringify(off)).toBe(false);
  }
});
