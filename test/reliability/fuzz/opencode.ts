// opencode's hosted rules as the fuzzer writes them: Claude Code's hooks schema with opencode's event
// names, in Hookpanel's own hooks/opencode.json (opencode's own hooks are plugins: code, not a schema).
import { OPENCODE_EVENTS } from '../../../electron/host/dialects/opencode/events.js';
import { jsonText, settingsFile, type FuzzSpec } from '../fuzz-kit.js';

export const spec: FuzzSpec = {
  target: 'hp/hooks/opencode.json',
  text: jsonText(settingsFile(OPENCODE_EVENTS)),
  fixtures: ['opencode'],
  parse: (t) => JSON.parse(t),
};
