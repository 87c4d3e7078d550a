// The validator `hookpanel emit` checks the host's answer with is generated from the answer's one schema
// (EmitAnswerSchema): its JSON Schema, compiled by ajv's standalone code generator into a file that loads
// in well under a millisecond (zod would cost the bridge ~50 ms). Here: it is what the schema generates
// today, and it accepts and refuses exactly what the schema does.
import { Ajv } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';
import fc from 'fast-check';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { checkEmitAnswer, EmitAnswerSchema, type EmitAnswer } from '../../shared/answer.js';
import { readAnswer, warmAnswerCheck } from '../../electron/cli/answer.js';
import { REPO } from '../helpers/env.js';
import { expectGeneratedCurrent } from '../helpers/generated.js';

const GENERATED = join(REPO, 'shared', 'answer-check.generated.ts');

async function generate(): Promise<string> {
  const schema = z.toJSONSchema(EmitAnswerSchema, { target: 'draft-7' });
  const ajv = new Ajv({ code: { source: true, esm: true }, allErrors: true, strict: true });
  const code = standalone.default(ajv, ajv.compile(schema));
  const text = [
    "// Generated from EmitAnswerSchema (shared/answer.ts): its JSON Schema, compiled by ajv's standalone",
    '// code generator. Do not edit: test/unit/answer-check.test.ts fails when this is stale and rewrites it',
    '// when run with UPDATE_GENERATED=1.',
    '/* eslint-disable */',
    '// @ts-nocheck',
    code,
  ].join('\n');
  const options = await prettier.resolveConfig(GENERATED);
  return prettier.format(text, { ...options, filepath: GENERATED });
}

const VALID: EmitAnswer = {
  eventId: 'e1',
  decision: 'block',
  reason: 'no',
  context: null,
  updatedInput: { command: 'ls' },
  permissionDecision: 'deny',
  dispatches: [
    {
      rule: 'r',
      source: '/s.json',
      outcome: 'blocked',
      exitCode: 2,
      signal: null,
      timedOut: false,
      durationMs: 3.5,
      skipReason: null,
    },
  ],
  protocol: { exitCode: 2, stdout: '', stderr: 'no\n' },
};

const accepts = (value: unknown): boolean => {
  try {
    readAnswer(JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
};

const field = fc.constantFrom(
  ...Object.keys(VALID),
  ...Object.keys(VALID.protocol).map((k) => `protocol.${k}`),
  ...Object.keys(VALID.dispatches[0]!).map((k) => `dispatches.0.${k}`),
);
const value = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('allow', 'block', 'cancel', 'ok', 'skipped', 'timeout'),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
  fc.constant(undefined),
);
const answer = fc.record({
  eventId: fc.string(),
  decision: fc.constantFrom('allow', 'block', 'cancel'),
  reason: fc.option(fc.string(), { nil: null }),
  context: fc.option(fc.string(), { nil: null }),
  updatedInput: fc.option(fc.jsonValue(), { nil: undefined }),
  permissionDecision: fc.option(fc.string(), { nil: null }),
  dispatches: fc.array(
    fc.record({
      rule: fc.string(),
      source: fc.string(),
      outcome: fc.constantFrom('ok', 'failed', 'timeout', 'blocked', 'skipped'),
      exitCode: fc.option(fc.integer(), { nil: null }),
      signal: fc.option(fc.string(), { nil: null }),
      timedOut: fc.boolean(),
      durationMs: fc.double({ noNaN: true, noDefaultInfinity: true }),
      skipReason: fc.option(fc.string(), { nil: null }),
    }),
    { maxLength: 3 },
  ),
  protocol: fc.record({ exitCode: fc.integer(), stdout: fc.string(), stderr: fc.string() }),
});

/** One field of an answer set to `v` (removed when undefined). */
function withField(a: unknown, path: string, v: unknown): Record<string, unknown> {
  const changed = structuredClone(a) as Record<string, unknown>;
  const keys = path.split('.');
  let at: Record<string, unknown> | undefined = changed;
  for (const k of keys.slice(0, -1)) at = at?.[k] as Record<string, unknown> | undefined;
  if (at) {
    if (v === undefined) delete at[keys[keys.length - 1]!];
    else at[keys[keys.length - 1]!] = v;
  }
  return changed;
}

describe('the generated answer check', () => {
  test('passes the sample emit warms it with while the host works', () => {
    expect(warmAnswerCheck()).toBe(true);
  });

  test('is what the schema generates today', async () => {
    expectGeneratedCurrent(GENERATED, await generate(), 'test/unit/answer-check.test.ts');
  });

  test('refuses what the schema refuses, naming the key', () => {
    expect(readAnswer(JSON.stringify(VALID))).toEqual(VALID);
    expect(() => readAnswer(JSON.stringify({ ...VALID, protocol: { exitCode: 0 } }))).toThrow(
      "protocol: must have required property 'stdout'; protocol: must have required property 'stderr'",
    );
    expect(() => readAnswer(JSON.stringify({ ...VALID, decision: 'maybe' }))).toThrow(
      'decision: must be equal to one of the allowed values (allow, block, cancel)',
    );
    expect(() => readAnswer('[1]')).toThrow('(the answer): must be object');
    expect(() => readAnswer('nope')).toThrow(/^not JSON/);
  });

  test('agrees with the schema on every answer and on every one-field change of it', () => {
    fc.assert(
      fc.property(answer, field, value, (a, path, v) => {
        const changed = withField(a, path, v);
        // What emit reads has been through JSON: the schema is asked about the same bytes.
        for (const candidate of [a, changed]) {
          const bytes = JSON.parse(JSON.stringify(candidate)) as unknown;
          expect(accepts(bytes)).toBe(EmitAnswerSchema.safeParse(bytes).success);
        }
      }),
      { numRuns: 2000 },
    );
  });

  test("the host's check agrees with the schema on answers as made in memory, and names what is wrong", () => {
    const hostAccepts = (v: unknown): boolean => {
      try {
        return checkEmitAnswer(v) === v;
      } catch {
        return false;
      }
    };
    // Values no JSON carries, which an answer made in memory could hold.
    const inMemory = fc.oneof(value, fc.constantFrom(NaN, Infinity, -Infinity, 1n, Symbol('s')));
    fc.assert(
      fc.property(answer, field, inMemory, (a, path, v) => {
        for (const candidate of [a, withField(a, path, v)])
          expect(hostAccepts(candidate)).toBe(EmitAnswerSchema.safeParse(candidate).success);
      }),
      { numRuns: 2000 },
    );
    expect(() => checkEmitAnswer({ ...VALID, decision: 'maybe' })).toThrow(/^decision: /);
    expect(() => checkEmitAnswer({ ...VALID, protocol: { exitCode: 0.5, stdout: '', stderr: '' } })).toThrow(
      /^protocol\.exitCode: /,
    );
  });
});
