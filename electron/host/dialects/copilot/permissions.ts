// GitHub Copilot CLI's permissionRequest (docs/agents/copilot.md, "Ask me"): the request is
// `toolName` and `toolInput` with `sessionId` and `cwd`; the answer `{"behavior": "allow"}` or
// `{"behavior": "deny", "message": …}` on exit 0 ("no decision" is exit 0 with nothing on stdout, and
// `copilot -p` without --allow-all-tools then denies, having no one to ask). The agent shows it went on
// without the answer by the call's postToolUse(Failure), or the turn's agentStop or sessionEnd. There
// is no "Always allow": Hookpanel does not write Copilot's permission rules.
import type { AgentPermissions, MovedOn, RequestFacts } from '../../permissions/agent-permissions.js';
import { isPlainObject } from '../rule.js';

const CALL_DONE = new Set(['postToolUse', 'postToolUseFailure']);
const TURN_DONE = new Set(['agentStop', 'sessionEnd']);

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** The tool's input: `toolInput` on permissionRequest, `toolArgs` on the tool events. */
function inputOf(payload: Record<string, unknown>): Record<string, unknown> {
  const input = payload.toolInput ?? payload.toolArgs;
  return isPlainObject(input) ? input : {};
}

function subjectOf(input: Record<string, unknown>): string | null {
  return (
    text(input.command) ??
    text(input.path) ??
    text(input.file_path) ??
    text(input.url) ??
    (Object.keys(input).length ? JSON.stringify(input) : null)
  );
}

/**
 * A tool call as a key: the tool and what it acts on. Not the whole input: permissionRequest's
 * toolInput leaves out the `description` that postToolUse's toolArgs carries for the same call.
 */
const callKey = (payload: Record<string, unknown>): string =>
  JSON.stringify([payload.toolName ?? null, subjectOf(inputOf(payload))]);

function read(payload: Record<string, unknown>): RequestFacts {
  const input = inputOf(payload);
  return {
    tool: text(payload.toolName),
    input,
    subject: subjectOf(input),
    justification: text(input.description),
    cwd: text(payload.cwd),
    sessionId: text(payload.sessionId),
    callKey: callKey(payload),
  };
}

function movedOn(event: string, payload: Record<string, unknown>): MovedOn | null {
  const sessionId = payload.sessionId;
  if (typeof sessionId !== 'string') return null;
  if (CALL_DONE.has(event)) return { sessionId, call: callKey(payload) };
  if (TURN_DONE.has(event)) return { sessionId, call: null };
  return null;
}

export const permissions: AgentPermissions = {
  read,
  answer(choice) {
    const answer =
      choice.behavior === 'allow'
        ? { behavior: 'allow' }
        : { behavior: 'deny', message: choice.reason ?? 'Denied in Hookpanel' };
    return { exitCode: 0, stdout: `${JSON.stringify(answer)}\n`, stderr: '' };
  },
  movedOn,
};
