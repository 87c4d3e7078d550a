// Ask me rows (electron/host/permissions/record.ts) time how long a person took to answer an agent's
// permission request: a person's waiting time, not a hook's cost. History keeps them; cost, budgets and
// rule statistics leave them out.
import { ASK_ME_SOURCE } from '../../../shared/ask-me-source.js';

/** Whether a dispatch row is a person's answer rather than a hook's run. */
export function isPersonsWait(r: { source: string; mode?: string }): boolean {
  return r.source === ASK_ME_SOURCE || r.mode === 'held';
}
