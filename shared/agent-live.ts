// Whether an agent's events reach Hookpanel: after Connect, the panel waits for the agent's next event
// and says what to do when it does not come. The same for every agent in `agents:list`.
import type { Agent } from './ipc.js';
import type { Source } from './model.js';
import { describeHandler } from './rule-name.js';

/** How long after connecting an agent's silence turns from "waiting" into "not arriving". */
export const NOT_ARRIVING_MS = 2 * 60_000;

export type AgentLive =
  /** Not connected, and nothing arrived. */
  | { state: 'unconnected' }
  /** Not connected by Hookpanel, yet events arrive (a bridge set up by hand). */
  | { state: 'unconnected-events'; lastEventAt: string }
  /** Connected; its first event since is not due yet. `since` is null when the connect time is unknown. */
  | { state: 'waiting'; since: string | null }
  /** Connected a while ago and silent since. */
  | { state: 'not-arriving'; since: string }
  /** Its events arrive. */
  | { state: 'live'; lastEventAt: string }
  /** Hosted: Hookpanel runs its files; no event has come yet. */
  | { state: 'no-events' };

export function agentLive(
  a: Pick<Agent, 'kind' | 'connected' | 'lastEventAt'> & { connectedAt?: string | null; guarded?: boolean },
  now = Date.now(),
): AgentLive {
  const last = a.lastEventAt;
  if (a.kind !== 'own') return last ? { state: 'live', lastEventAt: last } : { state: 'no-events' };
  // Guarded mode's file sends every event whether or not the agent's own settings are connected; when it
  // was switched on is not known, so it waits for the first event as a connection of unknown age does.
  if (a.guarded && !a.connected)
    return last ? { state: 'live', lastEventAt: last } : { state: 'waiting', since: null };
  if (!a.connected)
    return last ? { state: 'unconnected-events', lastEventAt: last } : { state: 'unconnected' };
  const since = a.connectedAt ?? null;
  if (last && (!since || Date.parse(last) >= Date.parse(since))) return { state: 'live', lastEventAt: last };
  if (since && now - Date.parse(since) >= NOT_ARRIVING_MS) return { state: 'not-arriving', since };
  return { state: 'waiting', since };
}

/**
 * The bridge command written into the agent's own settings (`…/hookpanel emit claude Stop`), to try by
 * hand when its events do not arrive; null when none is found among its files' rules.
 */
export function bridgeCommand(agent: Pick<Agent, 'id' | 'files'>, sources: readonly Source[]): string | null {
  // `hookpanel emit <id> <Event>`, however the program is spelled (a path, node and a script), or the
  // `hookpanel-hook <id> <Event>` fast path.
  const bridge = new RegExp(`(^|\\s)['"]?(emit|\\S*hookpanel-hook)['"]?\\s+${agent.id}\\s+\\w`);
  const commands = sources
    .filter((s) => s.dialect === agent.id && agent.files.includes(s.path))
    .flatMap((s) => s.rules.map((r) => describeHandler(r.handler)))
    .filter((c) => bridge.test(c));
  // An event that does nothing on its own is the safest to try by hand.
  return commands.find((c) => /\s(Stop|SessionEnd|AfterAgent)$/.test(c)) ?? commands[0] ?? null;
}
