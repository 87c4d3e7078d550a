// A permission request's outcome in History: the person answered it like a rule would (an "Always
// allow" names the rule and the file it went to), and the request's event says what was decided.
import { randomUUID } from 'node:crypto';
import type { DispatchRecord, EventRecord } from '../../../shared/dispatch.js';
import type { PersonAnswer } from './desk.js';
import { ASK_ME_SOURCE } from '../../../shared/ask-me-source.js';
import { permissionEventOf } from './ask-me.js';
import type { DescribedRequest } from './request.js';

export function personRecord(
  request: DescribedRequest,
  choice: PersonAnswer | null,
  started: number,
): DispatchRecord {
  return {
    type: 'dispatch',
    id: randomUUID(),
    eventId: request.eventId,
    time: new Date(started).toISOString(),
    dialect: request.agent,
    // Only an agent with a permission event is held (ask-me.ts), so it has one.
    event: permissionEventOf(request.agent)!,
    workspace: request.workspace,
    source: ASK_ME_SOURCE,
    rule: 'Ask me',
    ruleIndex: 0,
    handler: 'a person',
    mode: 'held',
    pid: null,
    durationMs: Date.now() - started,
    exitCode: null,
    signal: null,
    timedOut: false,
    groupKilled: false,
    outcome: !choice ? 'skipped' : choice.behavior === 'allow' ? 'ok' : 'blocked',
    skipReason: choice ? null : 'no answer: the agent decides',
    decision: !choice ? null : choice.behavior === 'allow' ? 'allow' : 'block',
    reason:
      choice?.behavior === 'deny' ? (choice.reason ?? null) : choice?.always ? alwaysReason(choice) : null,
    stdoutTail: '',
    stderrTail: '',
    ...(request.machine ? { machine: request.machine } : {}),
  };
}

/** The event as recorded while a person is asked: nothing decided yet. */
export function waitingEvent(event: EventRecord): EventRecord {
  return { ...event, held: 'waiting' };
}

/**
 * The event once the person answered (or did not): their decision and reason, their rule run counted
 * with the others, and its duration running to the answer. Without an answer the engine's "no
 * decision" stands, and `held` says so.
 */
export function settledEvent(event: EventRecord, person: DispatchRecord): EventRecord {
  return {
    ...event,
    held: person.decision ? 'answered' : 'unanswered',
    decision: person.decision ?? event.decision,
    reason: person.decision ? person.reason : person.skipReason,
    durationMs: event.durationMs + person.durationMs,
    dispatchCount: event.dispatchCount + 1,
  };
}

function alwaysReason({ always }: PersonAnswer): string {
  const a = always!;
  const where = a.file ? `${a.where}, ${a.file}` : a.where;
  const who = a.updatedPermissions ? ' (the agent writes it)' : a.written ? '' : ' (already there)';
  return `Always allow: ${a.rules.join(', ')} → ${where}${who}`;
}
