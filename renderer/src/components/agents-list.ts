// One copy of the agents list (agents:list) for every view that shows it. useAgentsFeed, mounted once by
// App, reads it again when an event arrives, when the view changes and twice a minute; a view reads it
// again after it connected an agent. Each read costs the host some 5 ms (settings files, PATH, history),
// so a read asked for while one is under way makes one more after it, however many were asked: a
// burst of events costs two reads, where each component reading for itself made two or three per event.
import { useEffect } from 'react';
import { create } from 'zustand';
import type { Agent } from '../../../shared/ipc.js';
import { api } from '../client.js';
import { useStore } from '../store.js';
import { coalesced } from './coalesced.js';
import { unchanged } from './unchanged.js';

interface AgentsListState {
  agents: Agent[] | null;
  error: string | null;
}

export const useAgentsList = create<AgentsListState>(() => ({ agents: null, error: null }));

/** Reads the list now, or once more when the read under way is done. */
export const loadAgents: () => void = coalesced(() =>
  api.request('agents:list', {}).then(
    (a) => useAgentsList.setState({ agents: unchanged(useAgentsList.getState().agents, a), error: null }),
    (e: Error) => useAgentsList.setState({ error: e.message }),
  ),
);

/**
 * Keeps the list current: on each new event (by the newest one's id, as the live list stops growing at
 * its cap), on each view and every half minute.
 */
export function useAgentsFeed(): void {
  const newest = useStore((s) => s.liveEvents[0]?.id);
  const view = useStore((s) => s.view);
  useEffect(loadAgents, [newest, view]);
  useEffect(() => {
    const t = setInterval(loadAgents, 30_000);
    return () => clearInterval(t);
  }, []);
}
