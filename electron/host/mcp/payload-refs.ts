// `${payload.path}` references in the string leaves of an mcp_tool hook's `input`: checked when the
// file loads, filled from the event's payload when the hook runs. A missing field is an error, never "".
import { isPlainObject } from '../util/plain-object.js';

const REFERENCE = /\$\{([^}]*)\}/g;
const VALID = /^payload(?:\.[A-Za-z0-9_-]+)+$/;

export interface ReferenceProblem {
  /** Key path from `input` to the string leaf. */
  at: (string | number)[];
  message: string;
}

/** Every malformed reference in `input`, with a fix where one is obvious. */
export function checkReferences(input: unknown): ReferenceProblem[] {
  const out: ReferenceProblem[] = [];
  walk(input, [], (text, at) => {
    for (const [whole, inner] of text.matchAll(REFERENCE)) {
      if (VALID.test(inner!)) continue;
      const fix =
        /^[A-Za-z_][\w.-]*$/.test(inner!) && !inner!.startsWith('payload')
          ? `; did you mean \${payload.${inner}}?`
          : '';
      out.push({
        at,
        message: `"${whole}" is not a payload reference: write \${payload.field} or \${payload.field.inner}${fix}`,
      });
    }
    const unclosed = text.replace(REFERENCE, '').indexOf('${');
    if (unclosed >= 0)
      out.push({
        at,
        message: `"${text.slice(unclosed, unclosed + 40)}" opens a \${…} reference that is never closed`,
      });
  });
  return out;
}

/**
 * `input` with every reference filled in. A leaf that is exactly one reference takes the field's
 * value as it is (a number stays a number, an object an object); inside longer text it is stringified.
 */
export function fillReferences(
  input: unknown,
  payload: Record<string, unknown>,
): { value: unknown } | { error: string } {
  let error: string | null = null;
  const fill = (v: unknown, at: (string | number)[]): unknown => {
    if (typeof v === 'string') {
      const only = /^\$\{(payload(?:\.[A-Za-z0-9_-]+)+)\}$/.exec(v);
      if (only) return lookup(only[1]!, at) ?? null;
      return v.replace(REFERENCE, (whole, inner: string) => {
        if (!VALID.test(inner)) return whole;
        const found = lookup(inner, at);
        return found === undefined ? '' : typeof found === 'string' ? found : JSON.stringify(found);
      });
    }
    if (Array.isArray(v)) return v.map((x, i) => fill(x, [...at, i]));
    if (isPlainObject(v))
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x, [...at, k])]));
    return v;
  };
  const lookup = (ref: string, at: (string | number)[]): unknown => {
    let cur: unknown = payload;
    for (const part of ref.split('.').slice(1)) {
      if (isPlainObject(cur) && Object.hasOwn(cur, part)) cur = cur[part];
      else if (Array.isArray(cur) && /^\d+$/.test(part) && Number(part) < cur.length) cur = cur[Number(part)];
      else {
        error ??= `input${at.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')} uses \${${ref}}, but this ${String(payload.hook_event_name ?? 'event')} payload has no ${ref.slice('payload.'.length)}`;
        return undefined;
      }
    }
    return cur;
  };
  const value = fill(input, []);
  return error ? { error } : { value };
}

function walk(
  v: unknown,
  at: (string | number)[],
  visit: (text: string, at: (string | number)[]) => void,
): void {
  if (typeof v === 'string') visit(v, at);
  else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...at, i], visit));
  else if (isPlainObject(v)) for (const [k, x] of Object.entries(v)) walk(x, [...at, k], visit);
}
