// The machines `hookpanel remote add` reached, kept live by the host's `machines` push.
import { useEffect, useState } from 'react';
import type { MachineView } from '../../../shared/machines.js';
import { api } from '../client.js';

export function useMachines(): {
  machines: MachineView[] | null;
  error: string | null;
  reload: () => void;
} {
  const [machines, setMachines] = useState<MachineView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = () =>
    void api.request('machines:list', {}).then(setMachines, (e: Error) => setError(e.message));
  useEffect(() => {
    reload();
    return api.on('machines', setMachines);
  }, []);
  return { machines, error, reload };
}
