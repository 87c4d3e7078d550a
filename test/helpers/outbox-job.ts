// A pending outbox job as the tests write one: no owner (as an older Hookpanel wrote every job, and as
// a host's job is until its runner claims it) and never tried. A test says what it runs, where, with
// which environment, and anything else it needs different.
import type { Job } from '../../electron/host/engine/outbox.js';

export function unownedJob(fields: Pick<Job, 'id' | 'argv' | 'cwd' | 'env'> & Partial<Job>): Job {
  return {
    rule: 'r',
    source: '/s',
    eventId: 'e',
    stdin: null,
    timeoutMs: 30_000,
    createdAt: new Date().toISOString(),
    attempts: 0,
    lastResult: null,
    ...fields,
  };
}
