// Factory Droid's hook events as Droid 0.225.2 validates `hooks` keys (docs/agents/droid.md, "Its
// files"): nine of Claude Code's events, with Claude Code's payloads, so they are taken from the same
// table, except that Droid's shell tool is `Execute`.
import { defineCatalog } from '../../../../shared/events/catalog.js';
import { eventFromRow, PW_EVENT_ROWS } from '../pw/events.js';

const DROID_EVENT_NAMES = new Set([
  'PreToolUse',
  'PostToolUse',
  'Notification',
  'UserPromptSubmit',
  'Stop',
  'SubagentStop',
  'PreCompact',
  'SessionStart',
  'SessionEnd',
]);

export const DROID_EVENTS = defineCatalog(
  PW_EVENT_ROWS.filter(([name]) => DROID_EVENT_NAMES.has(name)).map((row) => {
    const spec = eventFromRow(row, {});
    return spec.toolEvent ? { ...spec, sample: { ...spec.sample, tool_name: 'Execute' } } : spec;
  }),
);
