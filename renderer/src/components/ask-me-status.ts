// What the host says about Ask me per agent (askMe:status): the tools to offer and what keeps requests
// from arriving. One copy for Settings' Ask me section and the agents list, read again when settings
// change, when an agent was connected from either place, and when a permission request arrives.
import { create } from 'zustand';
import type { AskMeStatus } from '../../../shared/ipc.js';
import { api } from '../client.js';

interface AskMeStatusState {
  list: AskMeStatus[] | null;
  error: string | null;
  /** Bumped when an agent's connection changed here, so the agents list reads itself again too. */
  connections: number;
  load(): Promise<void>;
  connected(): void;
}

export const useAskMeStatus = create<AskMeStatusState>((set, get) => ({
  list: null,
  error: null,
  connections: 0,
  async load() {
    try {
      set({ list: await api.request('askMe:status', {}), error: null });
    } catch (e) {
      set({ error: (e as Error).message });
    }
  },
  connected() {
    set({ connections: get().connections + 1 });
    void get().load();
  },
}));
