import type { FileFormat, ParsedDocument, Position } from '../documents/document.js';
import { parseJsonDocument } from '../documents/json.js';
import { LineIndex } from '../documents/lines.js';
import { MAX_NESTING, tooDeep } from '../documents/nesting.js';
import { parseTomlDocument } from '../documents/toml.js';
import { parseYamlDocument } from '../documents/yaml.js';

/** `parser`: a dialect's own reader for a format (Codex's config.toml with positions, Gemini's JSON with comments). */
export function parseDocument(
  text: string,
  format: FileFormat,
  yamlVersion: '1.1' | '1.2' = '1.2',
  parser?: (text: string, format: FileFormat) => ParsedDocument | null,
): ParsedDocument {
  const deep = tooDeep(text, format);
  if (deep)
    return failed(text, `the file nests more than ${MAX_NESTING} levels deep; hook files need a few`, deep);
  try {
    return parser?.(text, format) ?? parseWith(text, format, yamlVersion);
  } catch (e) {
    // Parsers recurse; pathological nesting overflows the stack. That is a bad file, not a crash.
    const why =
      e instanceof RangeError
        ? 'the file is nested too deeply to read'
        : `the parser failed: ${(e as Error).message}`;
    // The parser gave no place; the whole file is refused, so line 1.
    return failed(text, why, { line: 1, column: 1 });
  }
}

function failed(text: string, message: string, position: Position): ParsedDocument {
  const lines = new LineIndex(text);
  return {
    value: undefined,
    syntaxProblems: [{ message, position }],
    parseWarnings: [],
    locate: () => null,
    lineText: (line) => lines.lineText(line),
  };
}

function parseWith(text: string, format: FileFormat, yamlVersion: '1.1' | '1.2'): ParsedDocument {
  if (format === 'json') return parseJsonDocument(text);
  if (format === 'toml') return parseTomlDocument(text);
  return parseYamlDocument(text, yamlVersion);
}
