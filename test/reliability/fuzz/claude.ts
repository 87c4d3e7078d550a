// Claude Code's user settings as the fuzzer writes them: pw's schema with Claude Code's events, so pw's
// fixtures are mutated too.
import { CLAUDE_EVENTS } from '../../../electron/host/dialects/claude/events.js';
import { jsonText, settingsFile, type FuzzSpec } from '../fuzz-kit.js';
import { spec as pw } from './pw.js';

export const spec: FuzzSpec = {
  target: '~/.claude/settings.json',
  text: jsonText(settingsFile(CLAUDE_EVENTS)),
  fixtures: ['claude', ...pw.fixtures],
  parse: (t) => JSON.parse(t),
};
