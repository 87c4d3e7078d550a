// The agent installer, with a stand-in for npm: one install shared by callers that start together, a
// failed install that says why and leaves nothing behind, a cache that cannot be made.
import { existsSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, test } from 'vitest';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { PINNED_NODE24 } from '../helpers/node24.js';
import { agentNode } from './agent-node.js';
import { AgentInstallError, AGENTS, agentCacheDir, ensureAgent } from './agents.js';

let env: TestEnv;
afterEach(async () => {
  await env?.cleanup();
});

/** A stand-in npm that lays out what `npm install --prefix` would, logging each call. */
async function fakeNpm(e: TestEnv, behaviour: 'install' | 'fail'): Promise<[string, string]> {
  const log = e.path('npm-calls.log');
  const script = e.write(
    'bin/fake-npm.mjs',
    `import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
const args = process.argv.slice(2);
appendFileSync(${JSON.stringify(log)}, args.join(' ') + '\\n');
if (${JSON.stringify(behaviour)} === 'fail') {
  process.stderr.write('npm error code E404\\nnpm error 404 Not Found - GET https://registry.npmjs.org/x\\n');
  process.exit(1);
}
const prefix = args[args.indexOf('--prefix') + 1];
const spec = args.at(-1);
const pkg = spec.slice(0, spec.lastIndexOf('@'));
const entry = { '@openai/codex': 'bin/codex.js', '@google/gemini-cli': 'bundle/gemini.js' }[pkg];
const file = join(prefix, 'node_modules', ...pkg.split('/'), entry);
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, 'console.log("fake agent")');
const bin = join(prefix, 'node_modules', '.bin', pkg.includes('codex') ? 'codex' : 'gemini');
mkdirSync(dirname(bin), { recursive: true });
writeFileSync(bin, '#!/bin/sh\\n');
// Slow enough that a second caller finds the lock taken.
await new Promise((r) => setTimeout(r, 400));
`,
  );
  await chmod(script, 0o755);
  return [process.execPath, script];
}

describe('agent installer', () => {
  test('callers that start together share one install; later calls reuse it', async () => {
    env = makeEnv();
    const cache = env.path('cache');
    const npm = await fakeNpm(env, 'install');
    const [a, b] = await Promise.all([
      ensureAgent('gemini', { cache, npm }),
      ensureAgent('gemini', { cache, npm }),
    ]);
    expect(a.dir).toBe(join(cache, `gemini@${AGENTS.gemini!.version}`));
    expect(b).toEqual(a);
    expect(a.command).toEqual([
      agentNode(cache).program,
      join(a.dir, 'node_modules', '@google', 'gemini-cli', 'bundle', 'gemini.js'),
    ]);
    expect((await execa(a.command[0], [a.command[1]])).stdout).toBe('fake agent');
    const calls = readFileSync(env.path('npm-calls.log'), 'utf8').trim().split('\n');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(
      new RegExp(
        `^install --prefix ${cache}/\\.staging-gemini-\\d+-[0-9a-f]+ --ignore-scripts .* @google/gemini-cli@0\\.61\\.0$`,
      ),
    );
    await ensureAgent('gemini', { cache, npm });
    expect(readFileSync(env.path('npm-calls.log'), 'utf8').trim().split('\n')).toHaveLength(1);
    // Nothing half-done is left beside the install, and the lock is gone (the agents' Node's script and
    // the compile cache its run filled stay).
    const agentsNode =
      a.command[0] === process.execPath ? [] : [basename(a.command[0]), 'node-compile-cache'];
    expect(readdirSync(cache).sort()).toEqual([`gemini@${AGENTS.gemini!.version}`, ...agentsNode].sort());
  });

  test('a failed install says what npm said and how to do it by hand, and leaves nothing behind', async () => {
    env = makeEnv();
    const cache = env.path('cache');
    const err = await ensureAgent('codex', { cache, npm: await fakeNpm(env, 'fail') }).catch((e) => e);
    expect(err).toBeInstanceOf(AgentInstallError);
    expect(err.message).toBe(
      `npm install @openai/codex@0.171.0 exited 1:\nnpm error code E404\nnpm error 404 Not Found - GET https://registry.npmjs.org/x\n` +
        `(install it by hand with: npm install --prefix ${cache}/codex@0.171.0 --ignore-scripts @openai/codex@0.171.0)`,
    );
    expect(readdirSync(cache)).toEqual([]);
  });

  test('a cache that cannot be created is named, with the way out', async () => {
    env = makeEnv();
    const blocker = env.write('not-a-folder', 'x');
    const err = await ensureAgent('codex', { cache: join(blocker, 'cache') }).catch((e) => e);
    expect(err).toBeInstanceOf(AgentInstallError);
    expect(err.message).toMatch(
      new RegExp(
        `^cannot create the agent cache ${blocker}/cache: .*; set HOOKPANEL_AGENT_CACHE to a writable folder$`,
      ),
    );
  });

  test("agents start under the agents' Node, with one compile cache for every run; HOOKPANEL_AGENT_NODE picks it", async () => {
    env = makeEnv();
    const cache = env.path('cache');
    const probe = env.write(
      'probe.mjs',
      'console.log(JSON.stringify({ version: process.version, cache: process.env.NODE_COMPILE_CACHE ?? null }))',
    );
    const started = async (program: string, extra: Record<string, string> = {}) =>
      JSON.parse(
        (await execa(program, [probe], { env: { PATH: '/usr/bin:/bin', ...extra }, extendEnv: false }))
          .stdout,
      );
    // Another Node than the tests' own (here the same binary by another path): a script that sets the
    // cache folder, unless the environment already names one, and execs it.
    const other = env.path('other-node');
    symlinkSync(process.execPath, other);
    const chosen = agentNode(cache, { HOOKPANEL_AGENT_NODE: other });
    expect(chosen.node).toBe(other);
    expect(chosen.program).not.toBe(other);
    expect(await started(chosen.program)).toEqual({
      version: process.version,
      cache: join(cache, 'node-compile-cache'),
    });
    expect(await started(chosen.program, { NODE_COMPILE_CACHE: env.path('own') })).toEqual({
      version: process.version,
      cache: env.path('own'),
    });
    expect(agentNode(cache, { HOOKPANEL_AGENT_NODE: other })).toEqual(chosen);
    // The tests' own Node: started directly.
    expect(agentNode(cache, { HOOKPANEL_AGENT_NODE: process.execPath })).toEqual({
      program: process.execPath,
      node: process.execPath,
    });
    // Where npm test installed the pinned Node 24 (CI), agents run under it.
    if (existsSync(PINNED_NODE24)) {
      const byDefault = agentNode(cache, {});
      expect(byDefault.node).toBe(PINNED_NODE24);
      expect((await started(byDefault.program)).version).toMatch(/^v24\./);
    } else if (process.platform === 'linux' && process.arch === 'x64')
      expect(process.env.CI, 'npm test installs Node 24 before the real clients run').toBeFalsy();
  });

  test('where the cache lives: the override, the XDG cache, ~/.cache, else the repository', () => {
    env = makeEnv();
    expect(agentCacheDir({ HOOKPANEL_AGENT_CACHE: '/ci/agents', HOME: env.home })).toBe('/ci/agents');
    expect(agentCacheDir({ XDG_CACHE_HOME: '/x', HOME: env.home })).toBe('/x/hookpanel/agents');
    expect(agentCacheDir({ HOME: env.home })).toBe(join(env.home, '.cache', 'hookpanel', 'agents'));
    for (const HOME of [undefined, '', 'relative', join(env.root, 'missing')]) {
      expect(agentCacheDir({ HOME })).toMatch(/\/\.cache\/agents$/);
    }
    expect(existsSync(join(env.home, '.cache'))).toBe(false);
  });
});
