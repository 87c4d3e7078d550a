import type { DispatchRecord } from '../../../shared/dispatch.js';
import { isPersonsWait } from '../history/persons-wait.js';

/** Per-rule latency (median, p95) and failure counts over the dispatches given, per rule of each file. */
export function ruleStats(dispatches: readonly DispatchRecord[]) {
  const by = new Map<string, { first: DispatchRecord; durations: number[]; failures: number }>();
  for (const d of dispatches) {
    // Ask me rows time a person, not a rule.
    if (d.outcome === 'skipped' || isPersonsWait(d)) continue;
    const key = `${d.dialect}\u0000${d.source}\u0000${d.rule}`;
    let s = by.get(key);
    if (!s) by.set(key, (s = { first: d, durations: [], failures: 0 }));
    s.durations.push(d.durationMs);
    if (d.outcome === 'failed' || d.outcome === 'timeout') s.failures++;
  }
  return [...by.values()]
    .map((s) => {
      const sorted = [...s.durations].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
      return {
        rule: s.first.rule,
        dialect: s.first.dialect,
        source: s.first.source,
        // The newest run's: dispatches come newest first.
        handler: s.first.handler,
        ruleIndex: s.first.ruleIndex,
        count: sorted.length,
        failures: s.failures,
        medianMs: at(0.5),
        p95Ms: at(0.95),
      };
    })
    .sort((a, b) => b.count - a.count);
}
