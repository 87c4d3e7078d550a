// Claude Code's guarded mode in Settings → Agents: a switch that first shows, in words and as the exact
// file, what turning it on writes (or off removes) in Claude Code's managed settings folder, and only
// writes on the person's click, behind the system's administrator prompt where one is needed.
import { useState } from 'react';
import { api } from '../client.js';
import { ErrorBox } from './bits.js';
import { useTilde } from './names.js';

interface Preview {
  on: boolean;
  file: string;
  text: string;
}

/**
 * `guarded`: whether it is on, from the agents list, so the switch is drawn with its row: drawn after a
 * read of its own, it pushed the agents below it down under a click already on its way (a lost click).
 * `onChange`: guarded mode was switched (or found already so), so the agents list is read again.
 */
export function GuardedMode({ guarded, onChange }: { guarded: boolean; onChange: () => void }) {
  const tilde = useTilde();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = async () => {
    setNote(null);
    setError(null);
    try {
      const on = !guarded;
      const p = await api.request('guard:preview', { on });
      if (p.text === null) {
        setNote(on ? 'Guarded mode is already on: nothing to write.' : 'There is no file to remove.');
        onChange();
      } else setPreview({ on, file: p.file, text: p.text });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const apply = async () => {
    if (!preview || busy) return;
    setBusy(true);
    try {
      const r = await api.request('guard:set', { on: preview.on, text: preview.text });
      if (r.ok)
        setNote(preview.on ? `${r.message} Guarded mode is on.` : `${r.message} Guarded mode is off.`);
      else setError(r.message);
      setPreview(null);
      onChange();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="guarded-mode" aria-label="Claude Code guarded mode">
      <div className="guarded-head">
        <button
          type="button"
          role="switch"
          aria-checked={guarded}
          disabled={busy || preview !== null}
          onClick={() => void ask()}
        >
          Guarded mode: {guarded ? 'on' : 'off'}
        </button>
        <span className="muted">
          {guarded
            ? "Claude Code runs none of its own hooks. Hookpanel runs them: yours as always, a project's only once you trust it in Trust review."
            : "Claude Code runs its own hooks itself: yours, and a project's once the folder is trusted in Claude Code, whatever Trust review here says."}
        </span>
      </div>
      {note && (
        <div className="note" role="status">
          {note}
        </div>
      )}
      {error && <ErrorBox message={error} />}
      {preview && (
        <div
          className="preview"
          role="dialog"
          aria-label={preview.on ? 'turn on guarded mode' : 'turn off guarded mode'}
        >
          <p className="preview-lead">
            {preview.on
              ? `Turning guarded mode on writes one file, ${tilde(preview.file)}:`
              : `Turning guarded mode off removes ${tilde(preview.file)}, the file guarded mode wrote:`}
          </p>
          <ul className="preview-summary" aria-label="what this changes">
            {preview.on ? (
              <>
                <li>Claude Code then runs none of its own hooks: not yours, not a project's.</li>
                <li>
                  Every Claude Code event comes to Hookpanel, which runs your own hooks as before and a
                  project's hooks only once you trust them in Trust review.
                </li>
              </>
            ) : (
              <li>Claude Code then runs its own hooks itself again, whether or not they are trusted here.</li>
            )}
            <li>The folder belongs to the system: your computer may ask for an administrator's password.</li>
          </ul>
          <pre className="guarded-file" aria-label="the file's text" tabIndex={0}>
            {preview.text}
          </pre>
          <div className="toolbar">
            <button type="button" className="primary" disabled={busy} onClick={() => void apply()}>
              {preview.on ? 'Write the file and turn on' : 'Remove the file and turn off'}
            </button>
            <button type="button" disabled={busy} onClick={() => setPreview(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
