import { DIALECT_IDS } from '../../shared/dialects.js';
import type { Diagnostic, Source } from '../../shared/model.js';
import { counted } from '../host/util/counted.js';

/** `path:line:col: severity: message`, the form editors and terminals link. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.line !== null ? `${d.path}:${d.line}:${d.column ?? 1}` : d.path;
  return `${where}: ${d.severity}: ${d.message}`;
}

/** The dialect column: as wide as the longest id, and a space. */
const DIALECT_WIDTH = Math.max(...DIALECT_IDS.map((d) => d.length)) + 1;

export function formatSourceLine(s: Source): string {
  const rules = counted(s.rules.length, 'rule');
  return `  ${s.dialect.padEnd(DIALECT_WIDTH)}${s.layer.padEnd(9)}${s.role.padEnd(10)}${s.state.padEnd(10)}${rules.padEnd(10)}${s.path}`;
}

export class UsageError extends Error {}
