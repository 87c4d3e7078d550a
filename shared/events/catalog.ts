// The shape every dialect's event catalog has: used for validation, the Rules view and Test fire.
export interface EventSpec {
  name: string;
  description: string;
  /** Payload field a matcher (pw/claude) is compared against; null where the event has none. */
  matcherField: string | null;
  /** Whether a hook on this event can turn the action back. */
  blockable: boolean;
  /** Set when the event parses and lists but never fires; says what it waits on. */
  dormantReason: string | null;
  /** Carries a tool call (chrys tool filters, io `tools`). */
  toolEvent: boolean;
  /** A sample payload for Test fire. */
  sample: Record<string, unknown>;
}

export type EventCatalog = readonly EventSpec[];

type Partial = Pick<EventSpec, 'name' | 'description'> &
  Omit<globalThis.Partial<EventSpec>, 'name' | 'description'>;

export function defineCatalog(events: Partial[]): EventCatalog {
  return events.map((e) => ({
    matcherField: null,
    blockable: false,
    dormantReason: null,
    toolEvent: false,
    sample: {},
    ...e,
  }));
}
