// Removing a machine: first what it takes back there (each connected agent's file given back as it was,
// then every file of the bridge), then, on the click, done.
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { MachineRemovalSchema } from '../../../shared/machines.js';
import { api } from '../client.js';
import { ErrorBox } from './bits.js';

type Removal = z.infer<typeof MachineRemovalSchema>;

export function MachineRemove({
  target,
  onDone,
}: {
  target: string;
  /** The outcome in words, or null when cancelled. */
  onDone: (message: string | null) => void;
}) {
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [busy, setBusy] = useState<string | null>(`Reaching ${target} to see what is there…`);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.request('machines:removal', { target }).then(
      (r) => {
        setBusy(null);
        setRemoval(r);
      },
      (e: Error) => {
        setBusy(null);
        setError(e.message);
      },
    );
  }, [target]);
  const remove = () => {
    setBusy(`Removing from ${target}…`);
    api.request('machines:remove', { target }).then(
      (r) => onDone(r.message),
      (e: Error) => {
        setBusy(null);
        setError(`Not everything was removed: ${e.message}`);
      },
    );
  };
  const inDir = (path: string) =>
    removal && path.startsWith(`${removal.dir}/`) ? path.slice(removal.dir.length + 1) : path;
  return (
    <div className="preview" role="dialog" aria-label={`remove ${target}`}>
      {removal && (
        <>
          <p className="preview-lead">
            Removing {target} takes back everything Hookpanel put there, in <code>{removal.dir}</code>:
          </p>
          <ul className="preview-summary" aria-label="what it takes back">
            {removal.agents.map((a) => (
              <li key={a}>{a} (the file as it was before connect)</li>
            ))}
            {removal.files.map((f) => (
              <li key={f}>
                deletes <code>{inDir(f)}</code>
              </li>
            ))}
            <li>
              removes the folders{' '}
              {removal.folders.map((f, i) => (
                <span key={f}>
                  {i ? ', ' : ''}
                  <code>{f === removal.dir ? removal.dir : `${inDir(f)}/`}</code>
                </span>
              ))}{' '}
              once they are empty
            </li>
          </ul>
          <p className="muted">
            A file you put in that folder yourself stays. This computer stops connecting to it.
          </p>
        </>
      )}
      {busy && (
        <div className="note" role="status">
          <progress aria-label="working" /> {busy}
        </div>
      )}
      {error && <ErrorBox message={error} />}
      <div className="toolbar">
        {removal && (
          <button type="button" className="primary danger" disabled={!!busy} onClick={remove}>
            Remove from {target}
          </button>
        )}
        <button type="button" disabled={!!busy && !!removal} onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
