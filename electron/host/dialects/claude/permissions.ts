// Claude Code's PermissionRequest (docs/agents/permission-requests.md): the request is the hook
// envelope (`tool_name`, `tool_input`, `session_id`, `cwd`), the answer `hookSpecificOutput.decision`
// JSON on exit 0 ("no decision" is exit 0 with nothing on stdout), and the agent shows it went on
// without the answer by the call's PostToolUse(Failure), or the turn's Stop or SessionEnd. Codex asks
// in the same shape (codex/permissions.ts).
import type { EmitAnswer } from '../../../../shared/answer.js';
import type { AgentPermissions, MovedOn, RequestFacts } from '../../permissions/agent-permissions.js';
import type { PersonAnswer } from '../../permissions/desk.js';
import { claudeAlways } from './always-allow.js';

const EVENT = 'PermissionRequest';
const CALL_DONE = new Set(['PostToolUse', 'PostToolUseFailure']);
const TURN_DONE = new Set(['Stop', 'SessionEnd']);

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** A tool call as a key: the same tool with the same input. */
const callKey = (payload: Record<string, unknown>): string =>
  JSON.stringify([payload.tool_name ?? null, payload.tool_input ?? null]);

function read(payload: Record<string, unknown>): RequestFacts {
  const input =
    typeof payload.tool_input === 'object' && payload.tool_input !== null
      ? (payload.tool_input as Record<string, unknown>)
      : {};
  return {
    tool: text(payload.tool_name),
    input,
    subject:
      text(input.command) ??
      text(input.file_path) ??
      text(input.url) ??
      text(input.pattern) ??
      (Object.keys(input).length ? JSON.stringify(input) : null),
    // Codex's tool_input.description is the model's justification; Claude Code's is a summary.
    justification: text(input.description),
    cwd: text(payload.cwd),
    sessionId: text(payload.session_id),
    callKey: callKey(payload),
  };
}

function answer(choice: PersonAnswer): EmitAnswer['protocol'] {
  // Claude Code writes an "always" rule itself from updatedPermissions: the suggestion it offered.
  const updatedPermissions = choice.always?.updatedPermissions;
  const decision =
    choice.behavior === 'allow'
      ? { behavior: 'allow' as const, ...(updatedPermissions && { updatedPermissions }) }
      : { behavior: 'deny' as const, message: choice.reason ?? 'Denied in Hookpanel' };
  return {
    exitCode: 0,
    stdout: `${JSON.stringify({ hookSpecificOutput: { hookEventName: EVENT, decision } })}\n`,
    stderr: '',
  };
}

function movedOn(event: string, payload: Record<string, unknown>): MovedOn | null {
  const sessionId = payload.session_id;
  if (typeof sessionId !== 'string') return null;
  if (CALL_DONE.has(event)) return { sessionId, call: callKey(payload) };
  if (TURN_DONE.has(event)) return { sessionId, call: null };
  return null;
}

/** Claude Code's request and answer shapes, which Codex shares. */
export const claudeShapedRequests: Omit<AgentPermissions, 'always'> = { read, answer, movedOn };

export const permissions: AgentPermissions = { ...claudeShapedRequests, always: claudeAlways };
