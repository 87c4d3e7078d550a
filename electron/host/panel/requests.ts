// The panel's and the socket's side of permission requests: answering one (with "Always allow"), and
// Ask me changes from Settings.
import type { AnswerResult, AskMe, PermissionChoice } from '../../../shared/permissions.js';
import { ASK_ME_AGENTS } from '../permissions/ask-me.js';
import type { HookHost } from '../service.js';

export async function answerRequest(
  host: HookHost,
  id: string,
  choice: PermissionChoice,
): Promise<AnswerResult> {
  if (!host.permissions)
    return { ok: false, message: 'This host does not hold permission requests.', request: null };
  const outcome = await host.permissions.answer(id, choice);
  if (!outcome.answered) return { ok: false, message: outcome.refused, request: null };
  const { request, always } = outcome;
  const tool = request.tool ?? 'the tool';
  if (!always)
    return { ok: true, message: `${choice.behavior === 'allow' ? 'Allowed' : 'Denied'} ${tool}.`, request };
  const where = always.file ? `${always.where} (${always.file})` : always.where;
  const how = always.updatedPermissions ? 'the agent adds' : always.written ? 'added' : 'already there';
  return {
    ok: true,
    message: `Allowed ${tool} always: ${always.rules.join(', ')}, ${how} in ${where}.`,
    request,
  };
}

/** Ask me as changed: only agents that can be asked; others are a clear error. */
export function checkAskMe(
  current: Record<string, AskMe>,
  patch: Record<string, AskMe>,
): Record<string, AskMe> {
  for (const agent of Object.keys(patch))
    if (!ASK_ME_AGENTS.includes(agent))
      throw new Error(`askMe.${agent}: only ${ASK_ME_AGENTS.join(' and ')} send permission requests`);
  return { ...current, ...patch };
}
