// The loader fuzz's check (fuzz-kit.ts, checkLoad) judges a file as the named dialect loads it: the
// file at its dialect's place keeps the properties, and the same bytes at a place only another dialect
// reads give the named one no source, a failed case rather than a vacuous pass.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { checkLoad, fuzzSpecs } from '../reliability/fuzz-kit.js';
import { FIXTURES, makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

test("a dialect's own file keeps its properties; the same bytes where only another dialect looks fail", async () => {
  env = makeEnv();
  const specs = new Map(await fuzzSpecs());
  const claude = specs.get('claude')!;
  const bytes = readFileSync(join(FIXTURES, 'claude', 'settings.json'));
  expect(await checkLoad(env, 'claude', claude, bytes)).toEqual({ ok: true, why: '' });
  // The same settings where Qwen Code looks: its loader would take them, the claude one never sees them.
  const atQwen = { ...claude, target: specs.get('qwen')!.target };
  expect(await checkLoad(env, 'qwen', atQwen, bytes)).toEqual({ ok: true, why: '' });
  expect(await checkLoad(env, 'claude', atQwen, bytes)).toEqual({ ok: false, why: 'no source for the file' });
});
