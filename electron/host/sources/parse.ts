import type { FileFormat } from '../dialects/dialect.js';
import type { ParsedDocument } from '../documents/document.js';
import { parseJsonDocument } from '../documents/json.js';
import { parseTomlDocument } from '../documents/toml.js';
import { parseYamlDocument } from '../documents/yaml.js';

export function parseDocument(text: string, format: FileFormat, yamlVersion: '1.1' | '1.2' = '1.2'): ParsedDocument {
  if (format === 'json') return parseJsonDocument(text);
  if (format === 'toml') return parseTomlDocument(text);
  return parseYamlDocument(text, yamlVersion);
}
