// The keys History groups and filters by: an event's session, and this computer among the machines.
// Apart from the contract's schemas (history-sessions.ts, machines.ts): the history worker uses them for
// every event it writes and reads, and loads no zod (it cost the worker's thread ~60 ms at every start).
/** The key an event's session is recorded under: the agent and its session id, else its workspace. */
export function sessionKey(e: {
  dialect: string;
  sessionId: string | null;
  workspace: string | null;
}): string {
  return `${e.dialect}\u0000${e.sessionId ?? e.workspace ?? ''}`;
}

/** This computer in a filter by machine: no user@host has a space, so it is never a machine's name. */
export const THIS_COMPUTER = 'this computer';
