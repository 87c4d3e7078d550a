// How one hook run ended, as a list free of zod: the answer's schema is made from it (answer.ts), and
// `hookpanel history --outcome` lists and checks it (electron/cli/definitions.ts) without loading the
// history command's modules, which made `history --help` cost twice another command's help.
export const OUTCOMES = ['ok', 'failed', 'timeout', 'blocked', 'skipped'] as const;
