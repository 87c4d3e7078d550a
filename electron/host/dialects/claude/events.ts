import { defineCatalog } from '../../../../shared/events/catalog.js';
import { eventFromRow, PW_EVENT_ROWS, type EventRow } from '../pw/events.js';

// Claude Code's own event list (hooks reference, 2026): pw's events plus the model-switch pair.
// None is dormant: Claude Code fires them itself.
const CLAUDE_EXTRA: EventRow[] = [
  ['PreModelSwitch', 'Before the model is switched', null, false, {}],
  ['PostModelSwitch', 'After the model is switched', null, false, {}],
];
export const CLAUDE_EVENTS = defineCatalog(
  [...PW_EVENT_ROWS, ...CLAUDE_EXTRA].map((r) => eventFromRow(r, {})),
);
