// Which agents can be asked (an agent that runs its own hooks and has a PermissionRequest event: from
// the manifests), and whether Ask me holds a given request under the settings.
import { DIALECT_MANIFESTS } from '../../../shared/dialects.js';
import { AskMeSchema, type AskMe } from '../../../shared/permissions.js';
import type { Settings } from '../settings/settings.js';

export const PERMISSION_EVENT = 'PermissionRequest';

/** The agents whose permission requests a person can answer through Hookpanel. */
export const ASK_ME_AGENTS: readonly string[] = DIALECT_MANIFESTS.filter(
  (m) => m.kind === 'agent' && m.events.some((e) => e.name === PERMISSION_EVENT),
).map((m) => m.id);

/** The agent's Ask me setting, defaults filled in. */
export function askMeOf(settings: Settings, agent: string): AskMe {
  return AskMeSchema.parse(settings.askMe[agent] ?? {});
}

/** Whether this event is a permission request a person should answer. */
export function shouldAsk(settings: Settings, agent: string, event: string, toolName: unknown): boolean {
  if (event !== PERMISSION_EVENT || !ASK_ME_AGENTS.includes(agent)) return false;
  const ask = askMeOf(settings, agent);
  if (!ask.on) return false;
  return ask.tools.length === 0 || (typeof toolName === 'string' && ask.tools.includes(toolName));
}
