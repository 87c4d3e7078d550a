// io-harness's io.toml as the fuzzer writes it: [[hook]] tables of the seed's schema.
import fc from 'fast-check';
import { parse as parseToml } from 'smol-toml';
import { IO_EVENTS } from '../../../electron/host/dialects/io/events.js';
import { anything, hugeNumber, maybe, names, shape, tomlText, type FuzzSpec } from '../fuzz-kit.js';

const ioTable = shape({
  on: maybe(fc.array(fc.constantFrom(...names(IO_EVENTS), 'nope'), { maxLength: 3 })),
  at: maybe(fc.constantFrom('before_tool', 'after_tool')),
  tools: maybe(fc.array(fc.constantFrom('shell', 'edit'), { maxLength: 2 })),
  run: maybe(
    fc.oneof(
      fc.array(fc.constantFrom('./scripts/gate.sh', 'true', '/bin/echo'), { maxLength: 3 }),
      fc.constant('gate.sh --x'),
    ),
  ),
  append: maybe(fc.constantFrom('audit.jsonl', '/nonexistent/dir/a.jsonl')),
  on_failure: maybe(fc.constantFrom('continue', 'cancel', 'refuse', 'abort')),
  timeout_ms: maybe(fc.oneof(fc.integer({ min: 1, max: 10_000 }), hugeNumber)),
});
const ioFile = shape({ hook: maybe(fc.array(ioTable, { maxLength: 4 })), model: anything });

export const spec: FuzzSpec = {
  target: '~/.config/io/io.toml',
  text: tomlText(ioFile),
  fixtures: ['io'],
  parse: (t) => parseToml(t),
};
