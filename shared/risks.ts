// Trust review's risk flags, as a list free of zod: the review's schema is made from it (ipc.ts), and
// the patterns that raise them (electron/host/trust/review-patterns.ts) order by it without loading
// ipc.ts, whose schemas every in-process `hookpanel emit` then built for nothing.

/** Risk flags in Trust review, loudest first (electron/host/trust/review-risks.ts has the patterns). */
export const RISK_KINDS = [
  'sends-credentials',
  'runs-download',
  'runs-hidden-code',
  'reads-credentials',
  'deletes-recursively',
  'destroys-data',
  'writes-outside',
  'sends-data',
] as const;
export type RiskKind = (typeof RISK_KINDS)[number];
