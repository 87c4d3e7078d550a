// The agent installer, with a stand-in for npm: one install shared by callers that start together, a
// failed install that says why and leaves nothing behind, a cache that cannot be made.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { makeEnv, type TestEnv } from '../helpers/env.js';
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
      process.execPath,
      join(a.dir, 'node_modules', '@google', 'gemini-cli', 'bundle', 'gemini.js'),
    ]);
    const calls = readFileSync(env.path('npm-calls.log'), 'utf8').trim().split('\n');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(
      new RegExp(
        `^install --prefix ${cache}/\\.staging-gemini-\\d+-[0-9a-f]+ --ignore-scripts .* @google/gemini-cli@0\\.61\\.0$`,
      ),
    );
    await ensureAgent('gemini', { cache, npm });
    expect(readFileSync(env.path('npm-calls.log'), 'utf8').trim().split('\n')).toHaveLength(1);
    // Nothing half-done is left beside the install, and the lock is gone.
    expect(readdirSync(cache)).toEqual([`gemini@${AGENTS.gemini!.version}`]);
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
