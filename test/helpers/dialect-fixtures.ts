// What the dialect unit tests read of a loaded file: a fixture's text, and its diagnostics as rows short
// enough to compare whole (severity, code, line, column, key).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES } from './env.js';

/** test/fixtures/<dialect>/<name>, as text. */
export function fixtureText(dialect: string, name: string): string {
  return readFileSync(join(FIXTURES, dialect, name), 'utf8');
}

interface WithDiagnostics {
  diagnostics: {
    severity: string;
    code: string;
    line: number | null;
    column: number | null;
    key: string | null;
  }[];
}

/** Each diagnostic as `[severity, code, line, column, key]`. */
export function diagnosticRows(s: WithDiagnostics): (string | number | null)[][] {
  return s.diagnostics.map((d) => [d.severity, d.code, d.line, d.column, d.key]);
}
