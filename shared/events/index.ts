import type { Dialect } from '../model.js';
import { ARYA_EVENTS } from './arya.js';
import type { EventCatalog } from './catalog.js';
import { CHRYS_EVENTS } from './chrys.js';
import { IO_EVENTS } from './io.js';
import { CLAUDE_EVENTS, PW_EVENTS } from './pw.js';

export const EVENT_CATALOGS: Record<Dialect, EventCatalog> = {
  arya: ARYA_EVENTS,
  io: IO_EVENTS,
  chrys: CHRYS_EVENTS,
  pw: PW_EVENTS,
  claude: CLAUDE_EVENTS,
};
export type { EventCatalog, EventSpec } from './catalog.js';
