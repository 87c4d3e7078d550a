// Property-based fuzzing of every dialect's loader: generated and mutated files never make it throw,
// always give a source, give every problem a line, leave nothing with an error running, and load the
// same way twice. Seeded, a fresh seed on CI (printed), so a failure is reproducible; fast-check
// shrinks it to a minimal file, which the failure message prints.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import type { Dialect } from '../../shared/model.js';
import {
  checkLoad,
  fuzzScale,
  fuzzSeed,
  fuzzSpecs,
  mutatedFixture,
  showFile,
  type FuzzSpec,
} from './fuzz-kit.js';

/** Cases per dialect in `npm test` (times HOOKPANEL_FUZZ_SCALE); `npm run bench -- reliability` runs many more. */
const SCALE = fuzzScale();
const GENERATED_RUNS = 300 * SCALE;
const MUTATED_RUNS = 150 * SCALE;
const SEED = fuzzSeed('test/reliability/loader-fuzz.test.ts');

let env: TestEnv;
beforeAll(() => {
  env = makeEnv();
});
afterAll(() => env?.cleanup());

async function holds(dialect: Dialect, spec: FuzzSpec, bytes: Buffer | string): Promise<void> {
  const verdict = await checkLoad(env, dialect, spec, bytes);
  if (!verdict.ok) throw new Error(`${verdict.why}\nthe file: ${showFile(bytes)}`);
}

// A deadline for a hang, not a measure: files share the cores with every other tier of npm test. (The
// chrys loader's generated files once took 38 s alone and over 120 s beside the browser tier under
// Node 24, when a 1,000-level value could come out as 500 KB of block YAML: fuzz-kit.ts, blockYaml.) A
// property that times out goes on in the background and spoils the next test's files, so it is generous.
const PROPERTY_TIMEOUT_MS = 360_000 * SCALE;

describe.each(await fuzzSpecs())('the %s loader', (dialect, spec) => {
  test('keeps its properties on generated files', { timeout: PROPERTY_TIMEOUT_MS }, async () => {
    await fc.assert(
      fc.asyncProperty(spec.text, (text) => holds(dialect, spec, text)),
      { seed: SEED, numRuns: GENERATED_RUNS },
    );
  });

  test('keeps its properties on byte-mutated fixtures', { timeout: PROPERTY_TIMEOUT_MS }, async () => {
    await fc.assert(
      fc.asyncProperty(mutatedFixture(spec), (bytes) => holds(dialect, spec, bytes)),
      { seed: SEED, numRuns: MUTATED_RUNS },
    );
  });
});
