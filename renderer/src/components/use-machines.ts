// The machines `hookpanel remote add` reached: one copy for every view that shows them (Settings, each
// rule's "where", History's and Cost's filters), kept live by the host's `machines` push. Each view read
// it again as it opened, into a copy of its own, and drew nothing until answered: Settings' sections
// below moved down under a click on its way. A view shows the last list at once and reads it again.
import { useEffect } from 'react';
import { create } from 'zustand';
import type { MachineView } from '../../../shared/machines.js';
import { api } from '../client.js';
import { readUnlessPushed } from '../fresh-read.js';
import { coalesced } from './coalesced.js';

interface MachinesState {
  machines: MachineView[] | null;
  error: string | null;
}

const useMachinesList = create<MachinesState>(() => ({ machines: null, error: null }));

let listening = false;

const read = async () => {
  try {
    // A read answered after a push may hold an older list than the push did.
    const machines = await readUnlessPushed('machines:list', {}, 'machines');
    if (machines) useMachinesList.setState({ machines, error: null });
  } catch (e) {
    useMachinesList.setState({ error: (e as Error).message });
  }
};
const readOnce = coalesced(read);

/** Reads the list (each rule's row asks as it is drawn: coalesced), listening to its push from then on. */
function loadMachines(): void {
  if (!listening) {
    listening = true;
    api.on('machines', (machines) => useMachinesList.setState({ machines, error: null }));
  }
  readOnce();
}

export function useMachines(): {
  machines: MachineView[] | null;
  error: string | null;
  reload: () => void;
} {
  const { machines, error } = useMachinesList();
  useEffect(loadMachines, []);
  return { machines, error, reload: loadMachines };
}
