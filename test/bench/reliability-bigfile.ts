// `npm run bench -- reliability`: one workspace's huge hook file against another workspace's guard.
// First where the worker pays off: a realistic hook file of each size validated on
// the host's thread (which holds every other event for that long) and on a worker (start included).
// Then a guard's answer time in workspace A, quiet and while B's never-trusted many-key
// .chrys/hooks/hooks.yaml loads, as a ratio.
import { createHash } from 'node:crypto';
import { dialectModule } from '../../electron/host/dialects/registry.js';
import { validateOffThread } from '../../electron/host/sources/off-thread.js';
import { validateText } from '../../electron/host/sources/validate.js';
import { makeEnv } from '../helpers/env.js';
import { guardWhileBigFileLoads } from '../reliability/big-file-trials.js';
import { median } from './measure.js';

const SIZES_KIB = [32, 64, 128, 256, 512, 1024];
const KEYS = [40_000, 100_000];

export default async function benchReliabilityBigFile(): Promise<void> {
  console.log('\nReliability: a large hook file, on the host thread or a worker');
  const env = makeEnv();
  try {
    const mod = dialectModule('pw');
    const ctx = env.ctx();
    const candidate = mod.locate(ctx).find((c) => c.projectScoped)!;
    for (const kib of SIZES_KIB) {
      const text = pwFile(kib);
      const bytes = Buffer.from(text);
      const t0 = performance.now();
      await validateText(mod, candidate, ctx, text, []);
      const inThread = performance.now() - t0;
      const t1 = performance.now();
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await validateOffThread(mod, candidate, ctx, { text, bytes, sha256, notes: [] });
      const onWorker = performance.now() - t1;
      console.log(
        `  ${String(kib).padStart(5)} KiB  host thread ${ms(inThread)} (every event waits)  worker ${ms(onWorker)} (nothing waits) = ${(onWorker / inThread).toFixed(2)}×`,
      );
    }
  } finally {
    await env.cleanup();
  }
  for (const keys of KEYS) {
    const run = makeEnv();
    try {
      const f = await guardWhileBigFileLoads(run, { keys, rounds: 3 });
      const quiet = median(f.quietMs);
      const busy = median(f.busyMs);
      const silence = Math.max(...f.rounds.map((r) => r.longestSilenceMs / r.loadMs));
      console.log(
        `  guard in A, ${keys / 1000}k-key file loading in B (× 3): answer ${ms(quiet)} quiet, ${ms(busy)} while loading = ${(busy / quiet).toFixed(2)}×; slowest ${ms(Math.max(...f.busyMs))}; A silent at most ${(silence * 100).toFixed(0)}% of a load; wrong ${f.wrong}; B ${f.bigState}`,
      );
    } finally {
      await run.cleanup();
    }
  }
}

/** A pw settings file of about this size: many matcher groups, one command each. */
function pwFile(kib: number): string {
  const groups: unknown[] = [];
  let text = '';
  for (let i = 0; text.length < kib * 1024; i += 100) {
    for (let j = i; j < i + 100; j++)
      groups.push({ matcher: 'Bash', hooks: [{ type: 'command', command: `echo ${j} >> log` }] });
    text = JSON.stringify({ hooks: { PreToolUse: groups } }, null, 2);
  }
  return text;
}

const ms = (v: number) => `${v.toFixed(0)} ms`;
