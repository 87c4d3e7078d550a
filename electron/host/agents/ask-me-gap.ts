// Whether an agent's permission requests can reach Hookpanel while Ask me is on for it: the one check
// behind `hookpanel ask-me`'s warning and the panel's (Settings → Agents). Its settings file is read as
// it is now, so a hook removed by hand shows as missing too.
import { readFile } from 'node:fs/promises';
import { askMeOf, permissionEventOf } from '../permissions/ask-me.js';
import type { HostEnv } from '../paths.js';
import type { Settings } from '../settings/settings.js';
import { agentConnector } from './connector.js';
import { agentGuardedMode } from './guarded-mode.js';
import { isConnected } from './settings-edit.js';

export interface AskMeGap {
  agent: string;
  label: string;
  /** `not-connected`: no bridge at all; `no-bridge`: connected, but without the permission event's hook. */
  kind: 'not-connected' | 'no-bridge';
  /** The agent's settings file, which connect updates. */
  path: string;
  /** What is wrong and what to do, in a sentence or two. */
  message: string;
}

/** What keeps the agent's requests from reaching Hookpanel while Ask me is on; null when nothing does. */
export async function askMeGap(host: HostEnv, settings: Settings, dialect: string): Promise<AskMeGap | null> {
  if (!askMeOf(settings, dialect).on) return null;
  const c = await agentConnector(dialect);
  const event = permissionEventOf(dialect);
  if (!c || !event) return null;
  // Guarded mode's file carries the bridge for every event, the permission event included.
  if ((await agentGuardedMode(dialect))?.part.isGuarded(host)) return null;
  const path = c.connector.settingsPath(host);
  // Unreadable counts as absent: the agent could not read it either.
  const text = await readFile(path, 'utf8').catch(() => null);
  const others = c.connector.events.filter((e) => e !== event);
  const spec = (events: readonly string[]) => ({ dialect: c.id, events });
  // An agent whose bridge is a whole file (its owner check only: the bridge it would write is not used).
  const own = c.connector.ownFile?.(() => ({ argv: [], env: {} }));
  const connected = own ? own.owns(text) : isConnected(text, spec(others));
  if (!connected)
    return {
      agent: c.id,
      label: c.label,
      kind: 'not-connected',
      path,
      message: `Ask me is on for ${c.label}, but ${c.label} is not connected, so its permission requests never reach Hookpanel: connect it (hookpanel connect ${c.id}) to add the hooks to ${path}.`,
    };
  if (own ? own.events.includes(event) : isConnected(text, spec([event]))) return null;
  return {
    agent: c.id,
    label: c.label,
    kind: 'no-bridge',
    path,
    message: `${c.label} does not send its permission requests to Hookpanel yet: ${path} has no ${event} hook (connected before Ask me was switched on, or edited since). Update the connection (hookpanel connect ${c.id}) to add it.`,
  };
}
