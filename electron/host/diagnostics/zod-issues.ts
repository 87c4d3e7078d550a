import { z } from 'zod';
import type { KeyPath } from '../documents/document.js';
import type { DiagnosticSink } from './sink.js';

/**
 * Turns zod issues into diagnostics whose messages name the key, say what is wrong and what would
 * be right, so a user can fix the file without opening the docs.
 */
export function reportZodIssues(
  sink: DiagnosticSink,
  schema: z.ZodType,
  issues: readonly z.core.$ZodIssue[],
  base: KeyPath,
  ruleIndex: number | null,
): number {
  let count = 0;
  for (const issue of issues) {
    for (const d of describeIssue(schema, issue)) {
      sink.error(d.code, d.message, { at: [...base, ...d.path], part: d.part, ruleIndex });
      count++;
    }
  }
  return count;
}

interface Described {
  code: string;
  message: string;
  path: (string | number)[];
  part: 'key' | 'value';
}

function describeIssue(schema: z.ZodType, issue: z.core.$ZodIssue): Described[] {
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  switch (issue.code) {
    case 'unrecognized_keys': {
      const allowed = allowedKeys(schema, path);
      return issue.keys.map((key) => ({
        code: 'unknown_key',
        message: `unknown key "${key}"${suggest(key, allowed)}${allowed.length ? `; allowed keys here: ${allowed.join(', ')}` : ''}`,
        path: [...path, key],
        part: 'key' as const,
      }));
    }
    case 'invalid_type': {
      const input = (issue as { input?: unknown }).input;
      if (input === undefined) {
        return [
          {
            code: 'missing_key',
            message: `is required (expected ${article(issue.expected)})`,
            path,
            part: 'key',
          },
        ];
      }
      return [
        {
          code: 'wrong_type',
          message: `expected ${article(issue.expected)}, got ${describeValue(input)}`,
          path,
          part: 'value',
        },
      ];
    }
    case 'invalid_value': {
      const input = (issue as { input?: unknown }).input;
      const values = issue.values.map((v) => JSON.stringify(v)).join(', ');
      const got =
        input === undefined
          ? ''
          : `, got ${describeValue(input)}${typeof input === 'string' ? suggest(input, issue.values.map(String)) : ''}`;
      return [
        {
          code: 'invalid_value',
          message: `must be ${issue.values.length === 1 ? values : `one of ${values}`}${got}`,
          path,
          part: 'value',
        },
      ];
    }
    case 'too_small': {
      const what =
        issue.origin === 'array'
          ? `must have at least ${issue.minimum} ${Number(issue.minimum) === 1 ? 'entry' : 'entries'}`
          : issue.origin === 'string'
            ? 'must not be empty'
            : `must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}`;
      return [{ code: 'out_of_range', message: what, path, part: 'value' }];
    }
    case 'too_big':
      return [
        {
          code: 'out_of_range',
          message: `must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`,
          path,
          part: 'value',
        },
      ];
    case 'invalid_union': {
      const disc = (issue as { discriminator?: string }).discriminator;
      if (disc !== undefined && issue.errors.length === 0) {
        const options = discriminatorValues(schema, path.slice(0, -1), disc);
        const input = (issue as { input?: unknown }).input;
        const got =
          isRecord(input) && input[disc] !== undefined
            ? `, got ${describeValue(input[disc])}`
            : ' (it is missing)';
        return [
          {
            code: 'invalid_value',
            message: `must be one of ${options.map((o) => JSON.stringify(o)).join(', ')}${got}`,
            path,
            part: 'value',
          },
        ];
      }
      const inner = issue.errors.flat();
      if (inner.length)
        return inner.flatMap((i) => describeIssue(schema, { ...i, path: [...issue.path, ...i.path] }));
      return [{ code: 'invalid_value', message: issue.message, path, part: 'value' }];
    }
    default:
      return [{ code: 'invalid_value', message: issue.message, path, part: 'value' }];
  }
}

function article(type: string): string {
  if (type === 'array') return 'a list';
  if (type === 'object') return 'a mapping (object)';
  if (type === 'int') return 'an integer';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string')
    return `the string ${JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v)}`;
  if (typeof v === 'object') return 'a mapping (object)';
  return `${typeof v} ${JSON.stringify(v)}`;
}

/** ` (did you mean "x"?)` when a close candidate exists. */
export function suggest(word: string, candidates: readonly string[]): string {
  const best = closest(word, candidates);
  return best !== null ? ` (did you mean "${best}"?)` : '';
}

/** The candidate a typo of `word` most likely meant, or null when none is close. */
export function closest(word: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

/** The keys an object schema accepts at a path, for "allowed keys" hints. */
function allowedKeys(schema: z.ZodType, path: readonly (string | number)[]): string[] {
  let node: z.ZodType | undefined = schema;
  for (const step of path) {
    node = unwrap(node);
    if (node instanceof z.ZodObject) node = (node.shape as Record<string, z.ZodType>)[String(step)];
    else if (node instanceof z.ZodArray) node = node.element as z.ZodType;
    else if (node instanceof z.ZodRecord) node = node.valueType as z.ZodType;
    else return [];
  }
  node = unwrap(node);
  return node instanceof z.ZodObject ? Object.keys(node.shape) : [];
}

/** The literal values a discriminated union at a path accepts for its discriminator. */
function discriminatorValues(schema: z.ZodType, path: readonly (string | number)[], disc: string): string[] {
  let node: z.ZodType | undefined = schema;
  for (const step of path) {
    node = unwrap(node);
    if (node instanceof z.ZodObject) node = (node.shape as Record<string, z.ZodType>)[String(step)];
    else if (node instanceof z.ZodArray) node = node.element as z.ZodType;
    else return [];
  }
  node = unwrap(node);
  if (!(node instanceof z.ZodDiscriminatedUnion)) return [];
  return (node.options as z.ZodType[]).flatMap((o) => {
    const lit = o instanceof z.ZodObject ? (o.shape as Record<string, z.ZodType>)[disc] : undefined;
    return lit instanceof z.ZodLiteral ? [...lit.values].map(String) : [];
  });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function unwrap(node: z.ZodType | undefined): z.ZodType | undefined {
  let n = node;
  for (let i = 0; i < 10 && n; i++) {
    if (n instanceof z.ZodOptional || n instanceof z.ZodNullable || n instanceof z.ZodDefault)
      n = n.unwrap() as z.ZodType;
    else if (n instanceof z.ZodPipe) n = n.in as z.ZodType;
    else break;
  }
  return n;
}
