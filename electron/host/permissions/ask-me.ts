// Which agents can be asked (an agent whose manifest names its permission event), and whether Ask me
// holds a given request under the settings.
import { DIALECT_MANIFESTS } from '../../../shared/dialects.js';
import type { DialectManifest } from '../../../shared/manifest.js';
import { AskMeSchema, type AskMe } from '../../../shared/permissions.js';
import type { Settings } from '../settings/settings.js';

const askable = (m: DialectManifest): m is DialectManifest & { permissionEvent: string } =>
  m.kind === 'agent' && typeof m.permissionEvent === 'string';

/** The agents whose permission requests a person can answer through Hookpanel. */
export const ASK_ME_AGENTS: readonly string[] = DIALECT_MANIFESTS.filter(askable).map((m) => m.id);

/** The event the agent asks permission with; null for an agent that cannot be asked. */
export function permissionEventOf(dialect: string): string | null {
  const m: DialectManifest | undefined = DIALECT_MANIFESTS.find((d) => d.id === dialect);
  return m && askable(m) ? m.permissionEvent : null;
}

/** The agent's Ask me setting, defaults filled in. */
export function askMeOf(settings: Settings, dialect: string): AskMe {
  return AskMeSchema.parse(settings.askMe[dialect] ?? {});
}

/** Whether this event is a permission request a person should answer. */
export function shouldAsk(settings: Settings, dialect: string, event: string, toolName: unknown): boolean {
  if (event !== permissionEventOf(dialect)) return false;
  const ask = askMeOf(settings, dialect);
  if (!ask.on) return false;
  return ask.tools.length === 0 || (typeof toolName === 'string' && ask.tools.includes(toolName));
}
