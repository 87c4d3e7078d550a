// A file generated from the code it describes (the answer check from its schema, the bridge's table of
// dialects from the manifests) is checked to be what its generator makes today; with UPDATE_GENERATED=1
// the test writes it anew instead of failing.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { expect } from 'vitest';
import { REPO } from './env.js';

/** Fails, saying how to regenerate it, unless `file` holds `fresh`; `test` is the file that checks it. */
export function expectGeneratedCurrent(file: string, fresh: string, test: string): void {
  if (process.env.UPDATE_GENERATED) writeFileSync(file, fresh);
  expect(
    readFileSync(file, 'utf8') === fresh,
    `${relative(REPO, file)} is stale: run UPDATE_GENERATED=1 npx vitest run --config .config/vitest.config.ts ${test}`,
  ).toBe(true);
}
