// What kind of moment an event is for the agent: a tool call it waits on, the end of a turn, or other.
// Cost and latency budgets are told apart by it. The table comes from the dialects (see
// event-kinds-registry.ts) and is handed to the history worker, which does not load the dialects.

export type EventKind = 'tool' | 'turn' | 'other';

/** Per dialect: its turn-done events and its tool events. */
export type EventKindTable = Record<string, { turn: string[]; tool: string[] }>;

let table: EventKindTable = {};

export function setEventKinds(t: EventKindTable): void {
  table = t;
}

export function eventKinds(): EventKindTable {
  return table;
}

export function eventKind(dialect: string, event: string): EventKind {
  const kinds = table[dialect];
  if (kinds?.turn.includes(event)) return 'turn';
  if (kinds?.tool.includes(event)) return 'tool';
  return 'other';
}

/** The tool a payload is about, in each dialect's envelope (pw/claude, chrys, io). */
export function toolOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const p = payload as Record<string, unknown>;
  if (typeof p.tool_name === 'string') return p.tool_name;
  if (typeof p.tool === 'string') return p.tool;
  if (typeof p.tool === 'object' && p.tool !== null) {
    const name = (p.tool as Record<string, unknown>).name;
    if (typeof name === 'string') return name;
  }
  return null;
}
