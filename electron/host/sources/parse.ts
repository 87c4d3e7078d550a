import type { FileFormat } from '../dialects/dialect.js';
import type { ParsedDocument } from '../documents/document.js';
import { parseJsonDocument } from '../documents/json.js';
import { parseTomlDocument } from '../documents/toml.js';
import { parseYamlDocument } from '../documents/yaml.js';

export function parseDocument(
  text: string,
  format: FileFormat,
  yamlVersion: '1.1' | '1.2' = '1.2',
): ParsedDocument {
  try {
    return parseWith(text, format, yamlVersion);
  } catch (e) {
    // Parsers recurse; pathological nesting overflows the stack. That is a bad file, not a crash.
    const why =
      e instanceof RangeError
        ? 'the file is nested too deeply to read'
        : `the parser failed: ${(e as Error).message}`;
    return {
      value: undefined,
      // The parser gave no place; the whole file is refused, so line 1.
      syntaxProblems: [{ message: why, position: { line: 1, column: 1 } }],
      parseWarnings: [],
      locate: () => null,
      lineText: () => null,
    };
  }
}

function parseWith(text: string, format: FileFormat, yamlVersion: '1.1' | '1.2'): ParsedDocument {
  if (format === 'json') return parseJsonDocument(text);
  if (format === 'toml') return parseTomlDocument(text);
  return parseYamlDocument(text, yamlVersion);
}
