// Ask me rows (electron/host/permissions/record.ts) time how long a person took to answer an agent's
// permission request: a person's waiting time, not a hook's cost. History keeps them; cost, budgets and
// rule statistics leave them out. Spelled out here because the history worker does not load the host.

/** The `source` of an Ask me row. */
export const ASK_ME_SOURCE = 'hookpanel:ask-me';

/** Whether a dispatch row is a person's answer rather than a hook's run. */
export function isPersonsWait(r: { source: string; mode?: string }): boolean {
  return r.source === ASK_ME_SOURCE || r.mode === 'held';
}
