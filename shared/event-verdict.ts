// What an event came to, as one key: its decision, or, for a permission request held for a person
// (Ask me), that it still waits or that nobody answered (the agent decided: not "allowed").
import type { EventRecord } from './dispatch.js';

export type EventVerdict = EventRecord['decision'] | 'waiting' | 'undecided';

export function eventVerdict(e: Pick<EventRecord, 'decision' | 'held'>): EventVerdict {
  if (e.held === 'waiting') return 'waiting';
  if (e.held === 'unanswered') return 'undecided';
  return e.decision;
}
