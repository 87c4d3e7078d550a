// What kind of moment an event is for the agent: a tool call it waits on, the end of a turn, or other.
// Cost and latency budgets are told apart by it.
import { EVENT_CATALOGS } from '../../../shared/events/index.js';
import type { Dialect } from '../../../shared/model.js';
import { dialectModule } from '../dialects/registry.js';

export type EventKind = 'tool' | 'turn' | 'other';
export const EVENT_KINDS: readonly EventKind[] = ['tool', 'turn', 'other'];

export function eventKind(dialect: string, event: string): EventKind {
  const catalog = EVENT_CATALOGS[dialect as Dialect];
  if (!catalog) return 'other';
  if (dialectModule(dialect as Dialect).runtime.turnDoneEvents.includes(event)) return 'turn';
  if (catalog.find((e) => e.name === event)?.toolEvent) return 'tool';
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
