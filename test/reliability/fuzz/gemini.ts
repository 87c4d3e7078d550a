// Gemini CLI's settings.json as the fuzzer writes it, in the user's Gemini home: hooksConfig, hooks with
// Gemini's events, matchers, handler types and timeouts in milliseconds, and folder trust.
import fc from 'fast-check';
import { parse } from 'jsonc-parser';
import { GEMINI_EVENTS } from '../../../electron/host/dialects/gemini/events.js';
import {
  deep,
  hooksByEvent,
  hugeNumber,
  jsonText,
  maybe,
  names,
  oddString,
  shape,
  shellCommand,
  type FuzzSpec,
} from '../fuzz-kit.js';

const hook = shape({
  type: maybe(fc.constantFrom('command', 'plugin', 'runtime', 'http')),
  command: maybe(shellCommand),
  name: maybe(oddString),
  description: maybe(oddString),
  timeout: maybe(fc.oneof(fc.integer({ min: 0, max: 120_000 }), hugeNumber, fc.constantFrom('5000', 'soon'))),
  env: maybe(fc.dictionary(fc.constantFrom('A', 'B'), oddString)),
});

const file = fc.oneof(
  shape({
    hooksConfig: maybe(
      shape({
        enabled: maybe(fc.boolean()),
        disabled: maybe(fc.array(oddString, { maxLength: 2 })),
        notifications: maybe(fc.boolean()),
      }),
    ),
    hooks: hooksByEvent({
      events: [...names(GEMINI_EVENTS).slice(0, 8), 'enabled', 'BeforeToolz', ''],
      matchers: ['run_shell_command', '*', '', 'write_file|replace', '(', 'startup'],
      group: { sequential: maybe(fc.boolean()) },
      hook,
    }),
    security: maybe(shape({ folderTrust: maybe(shape({ enabled: maybe(fc.boolean()) })) })),
  }),
  deep,
);

export const spec: FuzzSpec = {
  target: '~/.gemini/settings.json',
  text: jsonText(file),
  fixtures: ['gemini'],
  parse: (t) => parse(t),
};
