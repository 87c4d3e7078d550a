// A setup file of .config/vitest.config.ts: when a test file ends, every temporary root it made with
// makeEnv (env.ts) must be gone. A root left behind (a makeEnv() with no cleanup()) fails the file,
// naming the line that made it, and is removed: nothing a test makes stays in the temporary folder.
// The processes a test starts keep theirs inside the root (env.ts sets their TMPDIR there).
import { existsSync, rmSync } from 'node:fs';
import { afterAll } from 'vitest';
// Only modules of its own: a setup file runs in every test process, whatever the test imports.
import { testHomes } from './test-homes.js';

// Registered before the file's own hooks, so it runs after them (vitest runs after-hooks as a stack).
afterAll(() => {
  const left = [...testHomes()].filter(([root]) => existsSync(root));
  for (const [root] of left) rmSync(root, { recursive: true, force: true });
  if (left.length)
    throw new Error(
      `${left.length} test root(s) left in the temporary folder, made with no cleanup() after them:\n` +
        left.map(([root, at]) => `  ${root}, made at ${at}`).join('\n'),
    );
});
