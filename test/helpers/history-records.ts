// History records as the engine writes them, for tests that fill a history store or its spool by hand:
// a plain pw Stop whose one rule ran `true` and went well, with what a test is about set over it.
import type { DispatchRecord, EventRecord } from '../../shared/dispatch.js';

/** When the records happen unless a test says otherwise: 2026-01-01, UTC. */
export const T0 = Date.UTC(2026, 0, 1);

export function dispatchRecord({
  id,
  eventId,
  ...over
}: Partial<DispatchRecord> & Pick<DispatchRecord, 'id' | 'eventId'>): DispatchRecord {
  return {
    type: 'dispatch',
    id,
    eventId,
    time: new Date(T0).toISOString(),
    dialect: 'pw',
    event: 'Stop',
    workspace: null,
    source: '/s',
    rule: 'r',
    ruleIndex: 0,
    handler: 'true',
    mode: 'blocking',
    pid: 1,
    durationMs: 1,
    exitCode: 0,
    signal: null,
    timedOut: false,
    groupKilled: false,
    outcome: 'ok',
    skipReason: null,
    decision: null,
    reason: null,
    stdoutTail: '',
    stderrTail: '',
    ...over,
  };
}

/** The event summary of a dispatch: one dispatch, allowed. */
export function eventRecord({ id, ...over }: Partial<EventRecord> & Pick<EventRecord, 'id'>): EventRecord {
  return {
    type: 'event',
    id,
    time: new Date(T0).toISOString(),
    dialect: 'pw',
    event: 'Stop',
    workspace: null,
    sessionId: 's1',
    payloadDigest: 'x',
    payload: {},
    payloadTruncated: false,
    decision: 'allow',
    reason: null,
    durationMs: 1,
    dispatchCount: 1,
    untrustedSkips: 0,
    ...over,
  };
}
