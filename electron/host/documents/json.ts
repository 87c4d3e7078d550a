import {
  findNodeAtLocation,
  getNodeValue,
  parseTree,
  printParseErrorCode,
  type Node,
  type ParseError,
} from 'jsonc-parser';
import type { ParsedDocument, Position } from './document.js';
import { separatorProblem } from './json-separator.js';
import { LineIndex } from './lines.js';

/**
 * Strict JSON (no comments, no trailing commas) with positions for every node; `comments: true` for
 * files whose tool strips comments before JSON.parse (Gemini CLI's settings.json).
 */
export function parseJsonDocument(text: string, options: { comments?: boolean } = {}): ParsedDocument {
  const lines = new LineIndex(text);
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, {
    disallowComments: !options.comments,
    allowTrailingComma: false,
    allowEmptyContent: false,
  });
  const parseWarnings: ParsedDocument['parseWarnings'] = [];
  if (tree) collectDuplicateKeys(tree, [], parseWarnings, lines);

  return {
    // JSON.parse is several times faster than walking the tree for the value.
    value:
      tree && errors.length === 0 ? (options.comments ? getNodeValue(tree) : JSON.parse(text)) : undefined,
    // Only the first: later errors are mostly echoes of it.
    syntaxProblems: errors.slice(0, 1).map(
      (e) =>
        separatorProblem(text, e.offset, lines, printParseErrorCode(e.error)) ?? {
          message: describeJsonError(e, text),
          position: lines.position(e.offset),
        },
    ),
    parseWarnings,
    locate(path, part = 'value'): Position | null {
      if (!tree) return null;
      for (let n = path.length; n >= 0; n--) {
        const node = findNodeAtLocation(tree, path.slice(0, n) as (string | number)[]);
        if (!node) continue;
        const keyNode = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
        if (part === 'key' && n === path.length && keyNode) return lines.position(keyNode.offset);
        return lines.position(node.offset);
      }
      return null;
    },
    lineText: (line) => lines.lineText(line),
  };
}

function collectDuplicateKeys(
  node: Node,
  path: (string | number)[],
  out: ParsedDocument['parseWarnings'],
  lines: LineIndex,
): void {
  if (node.type === 'object') {
    const seen = new Set<string>();
    for (const prop of node.children ?? []) {
      const key = prop.children?.[0]?.value as string;
      if (seen.has(key))
        out.push({
          message: `duplicate key "${key}": only the last one counts`,
          path: [...path, key],
          position: lines.position(prop.offset),
        });
      seen.add(key);
      const value = prop.children?.[1];
      if (value) collectDuplicateKeys(value, [...path, key], out, lines);
    }
  } else if (node.type === 'array') {
    node.children?.forEach((child, i) => collectDuplicateKeys(child, [...path, i], out, lines));
  }
}

const FRIENDLY: Record<string, string> = {
  InvalidCommentToken: 'comments are not allowed in JSON',
  PropertyNameExpected: 'expected a property name in double quotes (is there a trailing comma?)',
  ValueExpected: 'expected a value (is there a trailing comma or a missing value?)',
  CommaExpected: 'expected a comma between entries',
  ColonExpected: 'expected a colon after the property name',
  CloseBraceExpected: 'expected "}" to close the object',
  CloseBracketExpected: 'expected "]" to close the array',
  EndOfFileExpected: 'unexpected text after the end of the JSON value',
  InvalidSymbol: 'unexpected character',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfComment: 'a comment is not closed',
  InvalidEscapeCharacter: 'invalid escape sequence in a string',
  InvalidCharacter: 'invalid character in a string (control characters must be escaped)',
};

function describeJsonError(e: ParseError, text: string): string {
  const code = printParseErrorCode(e.error);
  if (code === 'ValueExpected' && text.trim() === '')
    return 'invalid JSON: the file is empty; expected a JSON object';
  const near = text
    .slice(e.offset, e.offset + Math.max(e.length, 1))
    .replace(/\s+/g, ' ')
    .slice(0, 20);
  return `invalid JSON: ${FRIENDLY[code] ?? code}${near ? ` (near ${JSON.stringify(near)})` : ''}`;
}
