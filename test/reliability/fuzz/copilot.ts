// GitHub Copilot CLI's hook files as the fuzzer writes them: its own schema (`version`, then per event a
// flat list of hooks with `bash`/`command`/`powershell`, `matcher`, `timeoutSec`), its events with near
// misses, in a file of its user hooks folder.
import fc from 'fast-check';
import { COPILOT_EVENTS } from '../../../electron/host/dialects/copilot/events.js';
import {
  deep,
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
  type: maybe(fc.constantFrom('command', 'http', 'prompt')),
  bash: maybe(shellCommand),
  command: maybe(shellCommand),
  powershell: maybe(fc.constantFrom('Write-Output hi', '')),
  matcher: maybe(fc.constantFrom('bash', 'edit|bash', '', '(', '.*')),
  timeoutSec: maybe(fc.oneof(fc.integer({ min: 1, max: 900 }), hugeNumber, fc.constantFrom('soon', 0, -1))),
  cwd: maybe(oddString),
  env: maybe(fc.dictionary(fc.constantFrom('A', 'B'), oddString, { maxKeys: 2 })),
  url: maybe(fc.constantFrom('http://127.0.0.1:1/h', 'not a url')),
});

const hookFile = fc.oneof(
  shape({
    version: maybe(fc.constantFrom(1, 2, '1')),
    hooks: maybe(
      fc.dictionary(
        fc.constantFrom(...names(COPILOT_EVENTS).slice(0, 9), 'PreToolUse', 'beforeTool', ''),
        maybe(fc.array(hook, { maxLength: 3 })),
        { maxKeys: 4 },
      ),
    ),
  }),
  deep,
);

export const spec: FuzzSpec = {
  target: '~/.copilot/hooks/fuzz.json',
  text: jsonText(hookFile),
  fixtures: ['copilot'],
  parse: (t) => JSON.parse(t),
};
