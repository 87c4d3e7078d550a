import { defineCatalog } from '../../../../shared/events/catalog.js';
import { eventFromRow, PW_EVENT_ROWS } from '../pw/events.js';

// Claude Code's own event list, as the pinned 2.1.197 binary validates `hooks` keys (docs/agents/
// README.md, "Claude Code's events"): pw's events but DirectoryAdded, which Claude Code does not have. None is dormant:
// Claude Code fires them itself. A key it does not know is dropped with a warning at its startup.
const NOT_IN_CLAUDE_CODE = new Set(['DirectoryAdded']);
export const CLAUDE_EVENTS = defineCatalog(
  PW_EVENT_ROWS.filter(([name]) => !NOT_IN_CLAUDE_CODE.has(name)).map((r) => eventFromRow(r, {})),
);
