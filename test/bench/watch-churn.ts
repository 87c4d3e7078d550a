// What a change beside the watched files costs a running host: `hookpanel serve` watches the home folder
// (to see ~/.claude, ~/.gemini, … appear), which also holds what a person's shell and programs write
// there all day (a shell's history after every command). Each host's CPU over appends to
// ~/.zsh_history, with a home folder of 1,000 entries against one of 10: the cost of a change must not
// grow with the folder. HOOKPANEL_BENCH_BASELINE_DIST=<another build's dist> runs that build's hosts
// too, batches alternated, for a before/after in the same run.
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMs as threadsCpuMs, startServe, type Served } from './host-cpu.js';
import { loadAverage } from './measure.js';

const DIST = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const APPENDS = 200;
/** Between appends, as a person's commands come (and so that each is a change of its own). */
const GAP_MS = 10;
const ROUNDS = 3;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The host's CPU so far in ms, every thread. */
const cpuMs = (pid: number) => threadsCpuMs(pid, false);

/** A host whose home folder holds `entries` files beside what Hookpanel watches there. */
const startHost = (label: string, dist: string, entries: number) =>
  startServe(label, dist, (b) => {
    for (let i = 0; i < entries; i++) writeFileSync(join(b.env.HOME!, `.entry-${i}`), '');
  });

/** The host's CPU over APPENDS appends to its home's shell history, less the same time idle. */
async function churnCpuMs(h: Served): Promise<number> {
  const idle0 = cpuMs(h.pid);
  const t0 = performance.now();
  await sleep(APPENDS * GAP_MS + 500);
  const idle = cpuMs(h.pid) - idle0;
  const idleMs = performance.now() - t0;
  const c0 = cpuMs(h.pid);
  const t1 = performance.now();
  for (let i = 0; i < APPENDS; i++) {
    appendFileSync(join(h.home, '.zsh_history'), `: 1700000000:0;ls ${i}\n`);
    await sleep(GAP_MS);
  }
  await sleep(500); // what the last change set off
  const busy = cpuMs(h.pid) - c0;
  return busy - (idle * (performance.now() - t1)) / idleMs;
}

export async function benchWatchChurn(): Promise<void> {
  console.log('\nA change beside the watched files (an append to ~/.zsh_history), host CPU per change');
  if (process.platform !== 'linux') return console.log('  skipped: reads /proc');
  const builds: [string, string][] = [['this build', DIST]];
  const baseline = process.env.HOOKPANEL_BENCH_BASELINE_DIST;
  if (baseline) builds.push(['baseline', baseline]);
  const hosts: Served[] = [];
  try {
    for (const [name, dist] of builds)
      for (const entries of [10, 1000])
        hosts.push(await startHost(`${name}, ${entries} entries`, dist, entries));
    await sleep(2000); // past the start's own work
    const total = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round++)
      for (const h of round % 2 ? [...hosts].reverse() : hosts)
        total.set(h.name, (total.get(h.name) ?? 0) + (await churnCpuMs(h)));
    console.log(`  (${APPENDS * ROUNDS} appends a host; load average ${loadAverage()})`);
    const per = (label: string) => Math.max(0, total.get(label)!) / (APPENDS * ROUNDS);
    for (const [name] of builds) {
      const small = per(`${name}, 10 entries`);
      const large = per(`${name}, 1000 entries`);
      console.log(`  ${`${name}, home of 10 entries`.padEnd(34)} ${small.toFixed(3).padStart(7)} ms`);
      // A difference, not a ratio: a few hundredths of a ms each are within /proc's 10 ms ticks.
      console.log(
        `  ${`${name}, home of 1,000 entries`.padEnd(34)} ${large.toFixed(3).padStart(7)} ms` +
          `  (${(large - small).toFixed(3)} ms more a change; goal: none)`,
      );
    }
  } finally {
    await Promise.all(hosts.map((h) => h.stop()));
  }
}
