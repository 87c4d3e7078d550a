// The payload's nesting depth, counted without parsing (intake/payload.ts): both `hookpanel emit` and the
// host refuse a payload nested past 512 levels before JSON.parse walks it. Here: the count equals the
// depth of the parsed value for any JSON text, strings of any length included (a long one is passed by a
// regular expression, a short one read character by character), and it stops once past its limit.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_PAYLOAD_DEPTH, nestingDepth, parsePayload } from '../../electron/host/intake/payload.js';

/** The depth of a parsed value: an array or object is one level more than its deepest member. */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const members = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...members.map(depthOf));
}

/** Strings full of what the count must not take for structure: quotes, backslashes and brackets. */
const tricky = fc.string({
  unit: fc.constantFrom('"', '\\', '[', ']', '{', '}', 'x', 'é', '\n', '\u2028'),
  maxLength: 200,
});
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    tricky,
    fc.integer(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(tricky, tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('nestingDepth', () => {
  test('equals the parsed value’s depth for any JSON text, with strings short and long', () => {
    fc.assert(
      fc.property(json, fc.nat(300), (value, pad) => {
        // Text around the value in a string of `pad` characters puts its strings on either side of the
        // point where the count stops reading a string itself.
        const text = JSON.stringify({ pad: '"'.repeat(pad), value });
        expect(nestingDepth(text)).toBe(depthOf(JSON.parse(text)));
      }),
      { numRuns: 2000 },
    );
  });

  test('a string of megabytes with brackets and escaped quotes in it counts nothing', () => {
    const long = '[{"\\\\'.repeat(2_000_000);
    expect(nestingDepth(JSON.stringify({ tool_response: long }))).toBe(1);
    expect(nestingDepth(JSON.stringify([[{ a: long }], long]))).toBe(3);
  });

  test('a string that never ends counts what came before it, short or long', () => {
    expect(nestingDepth('[[["abc')).toBe(3);
    expect(nestingDepth(`[["${'x'.repeat(1000)}\\"`)).toBe(2);
    expect(nestingDepth(`[["${'x'.repeat(1000)}\\`)).toBe(2);
    expect(nestingDepth('["\\')).toBe(1);
  });

  test('stops once past the limit, and the payload is refused for it', () => {
    const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expect(nestingDepth(deep, MAX_PAYLOAD_DEPTH)).toBe(MAX_PAYLOAD_DEPTH + 1);
    expect(parsePayload(deep)).toMatchObject({ ok: false, status: 400 });
    const atLimit = `{"a":${'['.repeat(MAX_PAYLOAD_DEPTH - 1)}${']'.repeat(MAX_PAYLOAD_DEPTH - 1)}}`;
    expect(parsePayload(atLimit)).toMatchObject({ ok: true });
  });
});
