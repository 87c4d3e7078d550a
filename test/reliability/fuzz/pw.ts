// pw code settings as the fuzzer writes them, as a project file: trust and script tracking run too.
import { PW_EVENTS } from '../../../electron/host/dialects/pw/events.js';
import { jsonText, settingsFile, type FuzzSpec } from '../fuzz-kit.js';

export const spec: FuzzSpec = {
  target: 'ws/.agents/settings.json',
  text: jsonText(settingsFile(PW_EVENTS)),
  fixtures: ['pw'],
  parse: (t) => JSON.parse(t),
};
