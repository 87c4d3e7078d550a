// A parsed hook file that can say where each key and value sits in its text.

/** How a hook file's text is read. */
/** `javascript`: code an agent runs (opencode's plugins), shown and reviewed, read by the dialect's own parse. */
export type FileFormat = 'json' | 'yaml' | 'toml' | 'javascript';

export type KeyPath = readonly (string | number)[];

export interface Position {
  line: number;
  column: number;
}

export interface SyntaxProblem {
  message: string;
  position: Position | null;
  /** The text to show when one line is not enough (a missing comma: that line and the next). */
  excerpt?: string;
}

export interface ParsedDocument {
  /** The plain value (undefined when the text did not parse). */
  value: unknown;
  syntaxProblems: SyntaxProblem[];
  /** Warnings found while parsing that do not stop loading (duplicate keys, …). */
  parseWarnings: { message: string; path: KeyPath; position?: Position }[];
  /** Where a key (its name) or value sits; falls back to the nearest enclosing node. */
  locate(path: KeyPath, part?: 'key' | 'value'): Position | null;
  lineText(line: number): string | null;
}

export function formatKeyPath(path: KeyPath): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (/^[A-Za-z_][\w-]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out;
}
