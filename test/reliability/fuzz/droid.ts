// Factory Droid's user settings as the fuzzer writes them: Claude Code's hooks schema with Droid's
// events, so pw's fixtures are mutated too.
import { DROID_EVENTS } from '../../../electron/host/dialects/droid/events.js';
import { jsonText, settingsFile, type FuzzSpec } from '../fuzz-kit.js';
import { spec as pw } from './pw.js';

export const spec: FuzzSpec = {
  target: '~/.factory/settings.json',
  text: jsonText(settingsFile(DROID_EVENTS)),
  fixtures: ['droid', ...pw.fixtures],
  parse: (t) => JSON.parse(t),
};
