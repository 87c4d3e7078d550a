// Qwen Code's user settings as the fuzzer writes them: Claude Code's hooks schema with Qwen Code's
// events, so pw's fixtures are mutated too.
import { QWEN_EVENTS } from '../../../electron/host/dialects/qwen/events.js';
import { jsonText, settingsFile, type FuzzSpec } from '../fuzz-kit.js';
import { spec as pw } from './pw.js';

export const spec: FuzzSpec = {
  target: '~/.qwen/settings.json',
  text: jsonText(settingsFile(QWEN_EVENTS)),
  fixtures: ['qwen', ...pw.fixtures],
  parse: (t) => JSON.parse(t),
};
