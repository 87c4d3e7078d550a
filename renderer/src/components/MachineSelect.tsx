// The filter by machine of History and Hook cost: every machine, this computer, or one machine reached
// over ssh. Shown only once there is a machine besides this computer (the caller passes none before).
import { THIS_COMPUTER } from '../../../shared/history-keys.js';

export function MachineSelect({
  machines,
  value,
  onChange,
}: {
  /** user@host of each machine to offer. */
  machines: string[];
  /** A machine, THIS_COMPUTER, or undefined for every one. */
  value: string | undefined;
  onChange: (machine: string | undefined) => void;
}) {
  if (!machines.length) return null;
  return (
    <select aria-label="machine" value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
      <option value="">All machines</option>
      <option value={THIS_COMPUTER}>This computer</option>
      {machines.map((m) => (
        <option key={m} value={m}>
          {m}
        </option>
      ))}
    </select>
  );
}

/** A machine's name in a table: user@host, or "This computer" for records of none. */
export const machineName = (machine: string | null | undefined) => machine ?? 'This computer';
