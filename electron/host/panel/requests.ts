// The panel's side of permission requests: answering one, and Ask me changes from Settings.
import type { AskMe, PermissionChoice } from '../../../shared/permissions.js';
import { ASK_ME_AGENTS } from '../permissions/ask-me.js';
import { PermissionError } from '../permissions/desk.js';
import type { HookHost } from '../service.js';

export function answerRequest(
  host: HookHost,
  id: string,
  choice: PermissionChoice,
): { ok: boolean; message: string } {
  if (!host.permissions) return { ok: false, message: 'This host does not hold permission requests.' };
  try {
    const r = host.permissions.answer(id, choice);
    return {
      ok: true,
      message: `${choice.behavior === 'allow' ? 'Allowed' : 'Denied'} ${r.tool ?? 'the tool'}.`,
    };
  } catch (e) {
    if (e instanceof PermissionError) return { ok: false, message: e.message };
    throw e;
  }
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
