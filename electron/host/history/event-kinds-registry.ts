// The event kinds of every dialect, read from the dialect modules (turn-done events) and their event
// catalogs (tool events).
import { DIALECT_MODULES } from '../dialects/registry.js';
import type { EventKindTable } from './event-kind.js';

export function eventKindsFromRegistry(): EventKindTable {
  return Object.fromEntries(
    DIALECT_MODULES.map((m) => [
      m.dialect,
      {
        turn: [...m.runtime.turnDoneEvents],
        tool: m.events.filter((e) => e.toolEvent).map((e) => e.name),
      },
    ]),
  );
}
