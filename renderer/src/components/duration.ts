/**
 * A duration in the fewest characters that still read at a glance: "4.2 ms", "820 ms", "1.25 s", "12.5 s".
 * History's last column is narrow at 1024 px; a bare "1834" there overflowed and read as a number, not a time.
 */
export function duration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
