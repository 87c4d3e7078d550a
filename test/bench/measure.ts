// Benchmarks print ratios against a baseline measured in the same run, never absolute targets.
import { loadavg } from 'node:os';

export interface Sample {
  name: string;
  medianMs: number;
}

/** The middle value; NaN (a step never shown) sorts last, so it counts as the slowest; NaN when empty. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => (Number.isNaN(a) ? 1 : Number.isNaN(b) ? -1 : a - b));
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** Median wall time of fn (or of what it returns, with `value`) over a number of runs after warm-up. */
export async function measure(
  name: string,
  fn: () => unknown,
  opts: { runs?: number; warmup?: number; value?: boolean } = {},
): Promise<Sample> {
  const runs = opts.runs ?? 15;
  for (let i = 0; i < (opts.warmup ?? 3); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const result = await fn();
    // `value`: fn measures a part of its own run and returns those milliseconds.
    times.push(opts.value ? (result as number) : performance.now() - t0);
  }
  return { name, medianMs: median(times) };
}

/**
 * Median wall time of each candidate, measured in turns (one run of each per round, the order
 * reversed every other round), so that a machine whose load changes during the run weighs on every
 * candidate alike: on a shared machine, two medians taken one after the other compare two moments.
 */
export async function measureInterleaved<K extends string>(
  candidates: Record<K, () => unknown>,
  /**
   * `value`: candidates that measure a part of their own run and return those milliseconds. `after`:
   * awaited, untimed, after each run of any candidate (a host's work after its answer, say), so that
   * no candidate's time holds what the one before it left running.
   */
  opts: { runs?: number; warmup?: number; value?: NoInfer<K>[]; after?: () => Promise<unknown> } = {},
): Promise<Record<K, Sample>> {
  const names = Object.keys(candidates) as K[];
  const times = new Map<K, number[]>(names.map((n) => [n, []]));
  const warmup = opts.warmup ?? 3;
  for (let round = 0; round < warmup + (opts.runs ?? 15); round++) {
    for (const name of round % 2 ? [...names].reverse() : names) {
      const t0 = performance.now();
      const result = await candidates[name]();
      const ms = opts.value?.includes(name) ? (result as number) : performance.now() - t0;
      if (round >= warmup) times.get(name)!.push(ms);
      await opts.after?.();
    }
  }
  const out = {} as Record<K, Sample>;
  for (const name of names) out[name] = { name, medianMs: median(times.get(name)!) };
  return out;
}

export function report(title: string, subject: Sample, baseline: Sample, goal?: number): void {
  const ratio = subject.medianMs / baseline.medianMs;
  const verdict =
    goal === undefined
      ? ''
      : ratio <= goal
        ? `  (goal ≤ ${goal.toFixed(2)}×: met)`
        : `  (goal ≤ ${goal.toFixed(2)}×: NOT met)`;
  console.log(
    `${title.padEnd(58)} ${subject.medianMs.toFixed(2).padStart(9)} ms vs ${baseline.name} ${baseline.medianMs.toFixed(2).padStart(9)} ms  = ${ratio.toFixed(2)}×${verdict}`,
  );
}

/**
 * The CPU time this process spends on one run of fn (user and system, every thread), in ms: on a
 * shared machine, wall time is mostly waiting for a core, while a process's own CPU time is not.
 */
export async function cpuMs(fn: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** The load average as `uptime` shows it: how busy the machine was while a figure was taken. */
export function loadAverage(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}
