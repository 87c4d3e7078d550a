import type { DispatchRecord } from '../../../shared/dispatch.js';

/** Per-rule latency (median, p95) and failure counts over the dispatches given. */
export function ruleStats(dispatches: readonly DispatchRecord[]) {
  const by = new Map<string, { rule: string; dialect: string; durations: number[]; failures: number }>();
  for (const d of dispatches) {
    if (d.outcome === 'skipped') continue;
    const key = `${d.dialect}\u0000${d.rule}`;
    let s = by.get(key);
    if (!s) by.set(key, (s = { rule: d.rule, dialect: d.dialect, durations: [], failures: 0 }));
    s.durations.push(d.durationMs);
    if (d.outcome === 'failed' || d.outcome === 'timeout') s.failures++;
  }
  return [...by.values()]
    .map((s) => {
      const sorted = [...s.durations].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
      return {
        rule: s.rule,
        dialect: s.dialect,
        count: sorted.length,
        failures: s.failures,
        medianMs: at(0.5),
        p95Ms: at(0.95),
      };
    })
    .sort((a, b) => b.count - a.count);
}
