// Settings → Machines: agents on other machines, reached with the person's own ssh (docs/remote.md).
// Each machine with its connection in words; Add shows what it installs there and where before doing
// it; Remove says exactly what it takes back; the choice for tool calls while this computer cannot be
// reached is stated on each machine.
import { useState } from 'react';
import { sshInWords, type MachineView, type WhenUnreachable } from '../../../shared/machines.js';
import { ErrorBox } from './bits.js';
import { ago, agentLabel, useNow, useTilde } from './names.js';
import { MachineAdd } from './MachineAdd.js';
import { MachineRemove } from './MachineRemove.js';
import { UNREACHABLE_WORDS } from './machine-words.js';
import { useMachines } from './use-machines.js';

function StateLine({ m, now }: { m: MachineView; now: number }) {
  switch (m.state) {
    case 'connected':
      return <>Connected{m.since ? ` since ${new Date(m.since).toLocaleTimeString()}` : ''}</>;
    case 'reconnecting':
      return (
        <>
          Reconnecting
          {m.retryAt && Date.parse(m.retryAt) > now
            ? ` in ${Math.ceil((Date.parse(m.retryAt) - now) / 1000)} s`
            : ''}
          : {m.error ? sshInWords(m.error) : 'the connection ended'}
          {m.error && <span className="muted"> (ssh said: {m.error})</span>}
        </>
      );
    case 'connecting':
      return <>Connecting…</>;
    default:
      return <>Not connected: Hookpanel is not running on this computer</>;
  }
}

function MachineItem({ m, onChange }: { m: MachineView; onChange: (message: string | null) => void }) {
  const now = useNow(1000);
  const tilde = useTilde();
  const [changing, setChanging] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const other: WhenUnreachable = m.whenUnreachable === 'block' ? 'go-on' : 'block';
  return (
    <li className="machine" aria-label={`machine ${m.target}`}>
      <div className="machine-head">
        <strong>{m.target}</strong>
        <span className={`machine-state state-${m.state.replace(' ', '-')}`} role="status">
          <StateLine m={m} now={now} />
        </span>
      </div>
      <p className="muted">
        Last event: {m.lastEventAt ? ago(m.lastEventAt, now) : 'none yet'} · Agents connected there:{' '}
        {m.agents.map(agentLabel).join(', ') || 'none yet'} (
        <code>hookpanel connect claude --remote {m.target}</code>) · Bridge in{' '}
        <code>{tilde(`${m.home}/.hookpanel-remote`)}</code>
      </p>
      <p>When this computer cannot be reached: {UNREACHABLE_WORDS[m.whenUnreachable]}.</p>
      {note && (
        <p className="note" role="status">
          {note}
        </p>
      )}
      {changing && (
        <MachineAdd
          target={m.target}
          whenUnreachable={other}
          onDone={(message) => {
            setChanging(false);
            setNote(message);
            onChange(null);
          }}
        />
      )}
      {removing && (
        <MachineRemove
          target={m.target}
          onDone={(message) => {
            setRemoving(false);
            onChange(message);
          }}
        />
      )}
      {!changing && !removing && (
        <div className="toolbar">
          <button type="button" onClick={() => setChanging(true)}>
            {other === 'block'
              ? 'Block tool calls while unreachable…'
              : 'Let agents go on while unreachable…'}
          </button>
          <button type="button" onClick={() => setRemoving(true)}>
            Remove…
          </button>
        </div>
      )}
    </li>
  );
}

export function Machines() {
  const { machines, error, reload: load } = useMachines();
  const [adding, setAdding] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  return (
    <fieldset id="settings-machines">
      <legend>Machines</legend>
      <p className="muted">
        Agents on a dev box, a cloud machine or a container you reach with <code>ssh</code> report here and
        are answered from here. Hookpanel uses your own ssh (your <code>~/.ssh/config</code>, keys and known
        hosts), and stores no password.
      </p>
      {error && <ErrorBox message={error} />}
      {note && (
        <p className="note machines-note" role="status" aria-label="outcome">
          {note}
        </p>
      )}
      {/* A line in the place of "No machines yet." while it is read, so what is below does not move. */}
      {!machines && !error && <p aria-busy="true">Reading the machines…</p>}
      {machines && machines.length === 0 && <p>No machines yet.</p>}
      {machines && machines.length > 0 && (
        <ul className="machines" aria-label="machines">
          {machines.map((m) => (
            <MachineItem
              key={m.target}
              m={m}
              onChange={(message) => {
                if (message) setNote(message);
                load();
              }}
            />
          ))}
        </ul>
      )}
      {adding ? (
        <MachineAdd
          onDone={(message) => {
            setAdding(false);
            setNote(message);
            load();
          }}
        />
      ) : (
        <button type="button" onClick={() => setAdding(true)}>
          Add a machine…
        </button>
      )}
    </fieldset>
  );
}
