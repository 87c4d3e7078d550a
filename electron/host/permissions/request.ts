// A PermissionRequest payload as a person reads it, and the person's choice as the agent's answer.
// Claude Code and Codex share both shapes (docs/agents/permission-requests.md); "no decision" is exit 0
// with nothing on stdout for both (exit 2 would deny in Codex).
import type { EmitAnswer } from '../../../shared/answer.js';
import type { Dialect } from '../../../shared/model.js';
import type { Always, WaitingRequest } from '../../../shared/permissions.js';
import type { PersonAnswer } from './desk.js';
import { PERMISSION_EVENT } from './ask-me.js';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

export function describeRequest(
  agent: Dialect,
  payload: Record<string, unknown>,
  eventId: string,
  workspace: string | null,
  always?: Always,
): Omit<WaitingRequest, 'id' | 'since' | 'deadline'> {
  const input =
    typeof payload.tool_input === 'object' && payload.tool_input !== null
      ? (payload.tool_input as Record<string, unknown>)
      : {};
  const subject =
    text(input.command) ??
    text(input.file_path) ??
    text(input.url) ??
    text(input.pattern) ??
    (Object.keys(input).length ? JSON.stringify(input) : null);
  return {
    agent,
    tool: text(payload.tool_name),
    subject: subject && subject.replace(/\s+/g, ' ').slice(0, 2000),
    // Codex's tool_input.description is the model's justification; Claude Code's is a summary.
    justification: text(input.description),
    workspace: text(payload.cwd) ?? workspace,
    sessionId: text(payload.session_id),
    eventId,
    ...(always && { always }),
  };
}

/** The answer that carries the person's choice; with none, the engine's own answer (no decision). */
export function answerWith(answer: EmitAnswer, choice: PersonAnswer | null): EmitAnswer {
  if (!choice) return answer;
  // Claude Code writes an "always" rule itself from updatedPermissions: the suggestion it offered.
  const updatedPermissions = choice.always?.updatedPermissions;
  const decision =
    choice.behavior === 'allow'
      ? { behavior: 'allow' as const, ...(updatedPermissions && { updatedPermissions }) }
      : { behavior: 'deny' as const, message: choice.reason ?? 'Denied in Hookpanel' };
  return {
    ...answer,
    decision: choice.behavior === 'allow' ? 'allow' : 'block',
    reason: decision.behavior === 'deny' ? decision.message : null,
    protocol: {
      exitCode: 0,
      stdout: `${JSON.stringify({ hookSpecificOutput: { hookEventName: PERMISSION_EVENT, decision } })}\n`,
      stderr: '',
    },
  };
}

/** Whether the engine's answer leaves the request undecided (a hosted rule's own decision wins). */
export function undecided(answer: EmitAnswer): boolean {
  return answer.protocol.exitCode === 0 && !answer.protocol.stdout.trim() && answer.decision === 'allow';
}

/** A tool call as a key: the same tool with the same input. */
export function callKey(payload: Record<string, unknown>): string {
  return JSON.stringify([payload.tool_name ?? null, payload.tool_input ?? null]);
}

/** Events that say the agent went on without waiting for us: the call ran or failed, or the turn ended. */
const CALL_DONE = new Set(['PostToolUse', 'PostToolUseFailure']);
const TURN_DONE = new Set(['Stop', 'SessionEnd']);

/** Whether `event` shows a held request of its session is moot; the call it concerns (null: all). */
export function movedOn(event: string, payload: Record<string, unknown>): { call: string | null } | null {
  if (typeof payload.session_id !== 'string') return null;
  if (CALL_DONE.has(event)) return { call: callKey(payload) };
  if (TURN_DONE.has(event)) return { call: null };
  return null;
}
