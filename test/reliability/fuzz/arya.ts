// AryaCode's polish/hooks.json as the fuzzer writes it: a bare array or { hooks }, rules of the seed's schema.
import fc from 'fast-check';
import { ARYA_EVENTS } from '../../../electron/host/dialects/arya/events.js';
import { deep, hugeNumber, jsonText, maybe, names, oddString, shape, type FuzzSpec } from '../fuzz-kit.js';

const aryaRule = shape({
  name: maybe(fc.constantFrom('a', 'b', 'rule-0')),
  on: maybe(fc.constantFrom(...names(ARYA_EVENTS), 'tools/pre-execute', 'turn/stoping')),
  action: maybe(
    shape({
      kind: maybe(fc.constantFrom('exec', 'decide', 'mcp_tool')),
      command: maybe(fc.constantFrom('/bin/true', 'true', 'notify-send hi', 'missing-program')),
      args: maybe(fc.array(oddString, { maxLength: 3 })),
      timeoutMs: maybe(fc.oneof(fc.integer({ min: 1, max: 200_000 }), hugeNumber)),
    }),
  ),
});
const aryaFile = fc.oneof(
  fc.array(aryaRule, { maxLength: 4 }),
  shape({ hooks: maybe(fc.array(aryaRule, { maxLength: 4 })) }),
  deep,
);

export const spec: FuzzSpec = {
  target: '~/.arya/polish/hooks.json',
  text: jsonText(aryaFile),
  fixtures: ['arya'],
  parse: (t) => JSON.parse(t),
};
