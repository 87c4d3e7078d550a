// Every fuzz test takes its seed from fuzzSeed: fixed, or fresh with HOOKPANEL_FUZZ_ROTATE=1, and
// printed with the line that replays it. A file with a seed of its own would never rotate.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { fuzzScale, fuzzSeed, fuzzSpecs } from '../reliability/fuzz-kit.js';
import { REPO } from '../helpers/env.js';

const RELIABILITY = join(REPO, 'test', 'reliability');
const fuzzFiles = readdirSync(RELIABILITY).filter((f) => /fuzz.*\.test\.ts$/.test(f));

test('there are fuzz files to check', () => {
  expect(fuzzFiles.length).toBeGreaterThanOrEqual(5);
});

test.each(fuzzFiles)('%s seeds fast-check from fuzzSeed only', (file) => {
  const text = readFileSync(join(RELIABILITY, file), 'utf8');
  expect(text).toMatch(
    new RegExp(`const SEED = fuzzSeed\\('test/reliability/${file.replace('.', '\\.')}'\\);`),
  );
  // Every seed handed to fast-check is that one.
  const seeds = [...text.matchAll(/\bseed:\s*([^,}\s]+)/g)].map((m) => m[1]);
  expect(seeds.length).toBeGreaterThan(0);
  expect(new Set(seeds)).toEqual(new Set(['SEED']));
  // And its count of cases scales, so a longer run offline reaches it too.
  expect(text).toContain('const SCALE = fuzzScale();');
});

test('a given seed is replayed; HOOKPANEL_FUZZ_ROTATE=1 gets a fresh one; else the fixed one', () => {
  expect(fuzzSeed('x', { HOOKPANEL_FUZZ_SEED: '12345' })).toBe(12345);
  expect(fuzzSeed('x', { HOOKPANEL_FUZZ_SEED: '12345', HOOKPANEL_FUZZ_ROTATE: '1' })).toBe(12345);
  const local = fuzzSeed('x', {});
  expect(fuzzSeed('x', {})).toBe(local);
  expect(fuzzSeed('x', { CI: '1' })).toBe(local);
  // 2^31 values: ten draws all equal to the fixed seed would mean it does not rotate.
  const onCi = Array.from({ length: 10 }, () => fuzzSeed('x', { HOOKPANEL_FUZZ_ROTATE: '1' }));
  expect(onCi.filter((s) => s !== local).length).toBeGreaterThan(0);
  expect(() => fuzzSeed('x', { HOOKPANEL_FUZZ_SEED: 'soon' })).toThrow(
    'HOOKPANEL_FUZZ_SEED=soon is not an integer',
  );
});

test('HOOKPANEL_FUZZ_SCALE multiplies the cases, 1 unless set, and is named when replaying', () => {
  expect(fuzzScale({})).toBe(1);
  expect(fuzzScale({ HOOKPANEL_FUZZ_SCALE: '' })).toBe(1);
  expect(fuzzScale({ HOOKPANEL_FUZZ_SCALE: '20' })).toBe(20);
  for (const bad of ['0', '-2', '1.5', 'many'])
    expect(() => fuzzScale({ HOOKPANEL_FUZZ_SCALE: bad })).toThrow(
      `HOOKPANEL_FUZZ_SCALE=${bad} is not a whole number of 1 or more`,
    );
  const printed: string[] = [];
  const log = console.log;
  console.log = (line: string) => printed.push(line);
  try {
    fuzzSeed('f.test.ts', { HOOKPANEL_FUZZ_SEED: '7', HOOKPANEL_FUZZ_SCALE: '20' });
    fuzzSeed('f.test.ts', { HOOKPANEL_FUZZ_SEED: '7' });
  } finally {
    console.log = log;
  }
  expect(printed[0]).toContain(
    'replay: HOOKPANEL_FUZZ_SEED=7 HOOKPANEL_FUZZ_SCALE=20 npm run test:unit -- f.test.ts',
  );
  expect(printed[1]).toContain('replay: HOOKPANEL_FUZZ_SEED=7 npm run test:unit -- f.test.ts');
});

test('a seed draws the same files however deep the stack it is drawn on', async () => {
  // Deep values were written as block YAML where the library's recursive writer fitted the stack, else
  // in flow style: a seed drew other files under Node 24 than under Node 20 (924677820, chrys). Now by
  // depth (fuzz-kit.ts, blockYaml).
  const chrys = (await fuzzSpecs()).find(([id]) => id === 'chrys')![1];
  const draw = () => fc.sample(chrys.text, { seed: 924677820, numRuns: 300 });
  const onDeepStack = (frames: number): string[] => (frames ? onDeepStack(frames - 1) : draw());
  const shallow = draw();
  expect(shallow.some((t) => t.length > 4000)).toBe(true); // the 1,000-level values are among them
  expect(onDeepStack(2000)).toEqual(shallow);
});
