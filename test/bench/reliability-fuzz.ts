// `npm run bench -- reliability`: the loader fuzz at length. Many more cases per dialect than the
// test tier runs, counted rather than stopped at the first failure; the time per case is printed
// against the bare parser on the same bytes.
import fc from 'fast-check';
import { makeEnv } from '../helpers/env.js';
import { checkLoad, fuzzSpecs, mutatedFixture, showFile } from '../reliability/fuzz-kit.js';

const GENERATED = Number(process.env.HOOKPANEL_FUZZ_CASES ?? 3000);
const MUTATED = Math.round(GENERATED / 3);
const SEED = Number(process.env.HOOKPANEL_FUZZ_SEED ?? Date.now() % 2 ** 31);

export default async function benchReliabilityFuzz(): Promise<void> {
  console.log(
    `\nReliability: loader fuzz, seed ${SEED}, ${GENERATED} generated + ${MUTATED} mutated files per dialect`,
  );
  const env = makeEnv();
  let totalCrashes = 0;
  let totalFailures = 0;
  try {
    for (const [dialect, spec] of await fuzzSpecs()) {
      const cases: (string | Buffer)[] = [
        ...fc.sample(spec.text, { seed: SEED, numRuns: GENERATED }),
        ...fc.sample(mutatedFixture(spec), { seed: SEED, numRuns: MUTATED }),
      ];
      let crashes = 0;
      let failures = 0;
      let firstFailure: string | null = null;
      const t0 = performance.now();
      for (const bytes of cases) {
        const verdict = await checkLoad(env, dialect, spec, bytes);
        if (verdict.ok) continue;
        if (verdict.why.startsWith('the loader threw')) crashes++;
        else failures++;
        firstFailure ??= `${verdict.why}\n    the file: ${showFile(bytes).slice(0, 400)}`;
      }
      const loadMs = (performance.now() - t0) / cases.length / 2; // checkLoad loads twice
      const b0 = performance.now();
      for (const bytes of cases) {
        try {
          spec.parse(Buffer.from(bytes).toString('utf8'));
        } catch {
          // a bad file: the bare parser refuses it, as it should
        }
      }
      const bareMs = (performance.now() - b0) / cases.length;
      totalCrashes += crashes;
      totalFailures += failures;
      console.log(
        `  ${dialect.padEnd(7)} ${String(cases.length).padStart(6)} cases  ${String(crashes).padStart(3)} crashes  ${String(failures).padStart(3)} failures  ${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s  load ${loadMs.toFixed(2)} ms/file vs bare parse ${bareMs.toFixed(3)} ms = ${(loadMs / bareMs).toFixed(1)}×`,
      );
      if (firstFailure) console.log(`    first failure: ${firstFailure}`);
    }
  } finally {
    await env.cleanup();
  }
  console.log(`  total: ${totalCrashes} crashes, ${totalFailures} failures`);
  if (totalCrashes || totalFailures) process.exitCode = 1;
}
