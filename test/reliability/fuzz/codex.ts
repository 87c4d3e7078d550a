// Codex's hooks.json as the fuzzer writes it, in the user's Codex home: Codex's schema with its events,
// handler types and serde's strict types (one wrong type rejects the whole file).
import fc from 'fast-check';
import { CODEX_EVENTS } from '../../../electron/host/dialects/codex/events.js';
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
  type: maybe(fc.constantFrom('command', 'mcp_tool', 'prompt', 'agent', 'http')),
  command: maybe(shellCommand),
  commandWindows: maybe(shellCommand),
  timeout: maybe(fc.oneof(fc.integer({ min: 0, max: 900 }), hugeNumber)),
  async: maybe(fc.boolean()),
  statusMessage: maybe(oddString),
  additionalContextLimit: maybe(fc.oneof(fc.nat(5000), hugeNumber)),
  server: maybe(fc.constantFrom('srv', '')),
  tool: maybe(fc.constantFrom('t', '')),
  input: maybe(fc.dictionary(fc.constantFrom('a', 'b'), oddString)),
});

const file = fc.oneof(
  shape({
    description: maybe(oddString),
    hooks: hooksByEvent({
      events: [...names(CODEX_EVENTS).slice(0, 9), 'Stop', 'PreToolUze', ''],
      matchers: ['Bash', '*', '', 'Edit|Write', '(', 'mcp__.*', '(?=x)', '\\1'],
      hook,
    }),
  }),
  deep,
);

export const spec: FuzzSpec = {
  target: '~/.codex/hooks.json',
  text: jsonText(file),
  fixtures: ['codex'],
  parse: (t) => JSON.parse(t),
};
