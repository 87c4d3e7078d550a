// A permission request's outcome as a History row: the person answered it like a rule would; an
// "Always allow" names the rule and the file it went to.
import { randomUUID } from 'node:crypto';
import type { DispatchRecord } from '../../../shared/dispatch.js';
import type { WaitingRequest } from '../../../shared/permissions.js';
import type { PersonAnswer } from './desk.js';
import { PERMISSION_EVENT } from './ask-me.js';

export const ASK_ME_SOURCE = 'hookpanel:ask-me';

export function personRecord(
  request: Omit<WaitingRequest, 'id' | 'since' | 'deadline'>,
  choice: PersonAnswer | null,
  started: number,
): DispatchRecord {
  return {
    type: 'dispatch',
    id: randomUUID(),
    eventId: request.eventId,
    time: new Date(started).toISOString(),
    dialect: request.agent,
    event: PERMISSION_EVENT,
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
  };
}

function alwaysReason({ always }: PersonAnswer): string {
  const a = always!;
  const where = a.file ? `${a.where}, ${a.file}` : a.where;
  const who = a.updatedPermissions ? ' (the agent writes it)' : a.written ? '' : ' (already there)';
  return `Always allow: ${a.rules.join(', ')} → ${where}${who}`;
}
