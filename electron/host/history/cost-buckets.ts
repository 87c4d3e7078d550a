// Durations kept as histograms: bucket b ≥ 1 holds [GROWTH^(b-1), GROWTH^b) ms, bucket 0 holds < 1 ms.
// Percentiles read from them are within one bucket (±4%) of the exact value, at any number of runs.
const GROWTH = 1.08;
const LOG_GROWTH = Math.log(GROWTH);

export function bucketOf(ms: number): number {
  if (!(ms >= 1)) return 0;
  return 1 + Math.floor(Math.log(ms) / LOG_GROWTH);
}

/** The value a bucket stands for: the geometric middle of its range. */
export function bucketValue(bucket: number): number {
  if (bucket <= 0) return 0.5;
  return Math.pow(GROWTH, bucket - 0.5);
}

/** The q-quantile (0..1) of a histogram given as bucket → count. */
export function quantile(histogram: ReadonlyMap<number, number>, q: number): number | null {
  let total = 0;
  for (const n of histogram.values()) total += n;
  if (!total) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const b of [...histogram.keys()].sort((x, y) => x - y)) {
    seen += histogram.get(b)!;
    if (seen >= rank) return Math.round(bucketValue(b) * 10) / 10;
  }
  return null;
}

/** The exact q-quantile of a list of values (nearest rank). */
export function exactQuantile(values: readonly number[], q: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
