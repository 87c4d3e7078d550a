// What `hookpanel emit` needs of a dialect before it sends (that it exists, where its harness may put the
// payload, where it reads a blocking answer) is generated from the manifests into a small table: the
// manifests themselves, every event with its description and sample, took 5–6 ms of each emit under
// Node 24 to load (docs/engine.md, "`emit` under Node 24"). Here: the table is what the manifests say
// today, in their order, and the light path's answers come from it.
import { join } from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, test } from 'vitest';
import { DIALECT_MANIFESTS } from '../../shared/dialects.js';
import { bridgeConventions, KNOWN_DIALECTS } from '../../electron/host/intake/protocol.js';
import { REPO } from '../helpers/env.js';
import { expectGeneratedCurrent } from '../helpers/generated.js';

const GENERATED = join(REPO, 'shared', 'bridge-conventions.generated.ts');

async function generate(): Promise<string> {
  const table = Object.fromEntries(
    DIALECT_MANIFESTS.map((m) => [
      m.id,
      { payloadEnv: m.conventions.payloadEnv, answerFileEnv: m.conventions.answerFileEnv },
    ]),
  );
  const text = [
    "// Generated from the dialects' manifests (shared/dialects.ts), in their order: what `hookpanel emit`",
    '// reads of a dialect before it sends. Do not edit: test/unit/bridge-conventions.test.ts fails when this',
    '// is stale and rewrites it when run with UPDATE_GENERATED=1.',
    `export const BRIDGE_CONVENTIONS = ${JSON.stringify(table)} as const;`,
  ].join('\n');
  const options = await prettier.resolveConfig(GENERATED);
  return prettier.format(text, { ...options, filepath: GENERATED });
}

describe("the bridge's table of dialects", () => {
  test('is what the manifests generate today', async () => {
    expectGeneratedCurrent(GENERATED, await generate(), 'test/unit/bridge-conventions.test.ts');
  });

  test('answers for every dialect as its manifest does, and for no other name', () => {
    expect(KNOWN_DIALECTS).toEqual(DIALECT_MANIFESTS.map((m) => m.id));
    for (const m of DIALECT_MANIFESTS)
      expect(bridgeConventions(m.id)).toEqual({
        payloadEnv: m.conventions.payloadEnv,
        answerFileEnv: m.conventions.answerFileEnv,
      });
    for (const name of ['', 'Claude', 'toString', '__proto__', 'constructor', 'nosuch'])
      expect(bridgeConventions(name)).toBeNull();
  });
});
