import type { Diagnostic, Severity } from '../../../shared/model.js';
import { formatKeyPath, type KeyPath, type ParsedDocument, type Position } from '../documents/document.js';

export interface DiagnosticOptions {
  /** Where in the file; the message is prefixed with this key path. */
  at?: KeyPath;
  /** Point at the key's name rather than its value (unknown keys). */
  part?: 'key' | 'value';
  ruleIndex?: number | null;
  position?: Position | null;
  /** The diagnostic is about another file (a script), not the source. */
  path?: string;
  /** Text to show instead of the line at the position (several lines, with a caret). */
  excerpt?: string;
}

const FILE_START = { line: 1, column: 1 };

/** Collects diagnostics for one file, resolving key paths to line and column. */
export class DiagnosticSink {
  readonly list: Diagnostic[] = [];

  constructor(
    readonly path: string,
    private readonly doc: ParsedDocument | null = null,
  ) {}

  add(severity: Severity, code: string, message: string, opts: DiagnosticOptions = {}): void {
    const at = opts.at ?? [];
    const position =
      opts.position !== undefined
        ? opts.position
        : !this.doc || opts.path
          ? null
          : // A key the document cannot place falls back to its nearest enclosing node, the whole
            // file at last; about the whole file (wrong shape, rejected): where its content starts.
            ((at.length ? this.doc.locate(at, opts.part) : null) ?? this.doc.locate([]) ?? FILE_START);
    const key = at.length ? formatKeyPath(at) : null;
    const excerpt =
      opts.excerpt ??
      (position && this.doc ? (this.doc.lineText(position.line)?.slice(0, 400) ?? null) : null);
    this.list.push({
      severity,
      code,
      message: key ? `${key}: ${message}` : message,
      path: opts.path ?? this.path,
      line: position?.line ?? null,
      column: position?.column ?? null,
      ruleIndex: opts.ruleIndex ?? null,
      key,
      excerpt: opts.path ? null : excerpt,
    });
  }

  error(code: string, message: string, opts?: DiagnosticOptions): void {
    this.add('error', code, message, opts);
  }

  warn(code: string, message: string, opts?: DiagnosticOptions): void {
    this.add('warning', code, message, opts);
  }

  info(code: string, message: string, opts?: DiagnosticOptions): void {
    this.add('info', code, message, opts);
  }

  errorsSince(mark: number): number {
    return this.list.slice(mark).filter((d) => d.severity === 'error').length;
  }
}
