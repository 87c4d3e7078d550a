// A permission request as a person reads it, and the person's choice as the agent's answer: the part
// every agent shares. What the agent's payload and answer look like is its own (agent-permissions.ts).
import type { EmitAnswer } from '../../../shared/answer.js';
import type { Dialect } from '../../../shared/model.js';
import type { Always, WaitingRequest } from '../../../shared/permissions.js';
import type { AgentPermissions, RequestFacts } from './agent-permissions.js';
import type { PersonAnswer } from './desk.js';

/** What the desk shows, before it gives the request its id and deadline. */
export type DescribedRequest = Omit<WaitingRequest, 'id' | 'since' | 'deadline'>;

export function describeRequest(
  dialect: Dialect,
  facts: RequestFacts,
  eventId: string,
  workspace: string | null,
  always?: Always,
): DescribedRequest {
  return {
    agent: dialect,
    tool: facts.tool,
    subject: facts.subject && facts.subject.replace(/\s+/g, ' ').slice(0, 2000),
    justification: facts.justification,
    workspace: facts.cwd ?? workspace,
    sessionId: facts.sessionId,
    eventId,
    ...(always && { always }),
  };
}

/** The answer that carries the person's choice; with none, the engine's own answer (no decision). */
export function answerWith(
  answer: EmitAnswer,
  choice: PersonAnswer | null,
  agent: AgentPermissions,
): EmitAnswer {
  if (!choice) return answer;
  const reason = choice.behavior === 'deny' ? (choice.reason ?? 'Denied in Hookpanel') : null;
  return {
    ...answer,
    decision: choice.behavior === 'allow' ? 'allow' : 'block',
    reason,
    protocol: agent.answer({ ...choice, reason }),
  };
}

/** Whether the engine's answer leaves the request undecided (a hosted rule's own decision wins). */
export function undecided(answer: EmitAnswer): boolean {
  return answer.protocol.exitCode === 0 && !answer.protocol.stdout.trim() && answer.decision === 'allow';
}
