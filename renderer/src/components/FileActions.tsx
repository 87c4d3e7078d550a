// Opening a hook file: in the desktop app, in the editor or its folder; a browser page cannot open
// files, so there it copies the path instead.
import { useState } from 'react';
import { api } from '../client.js';
import { useStore } from '../store.js';

export function FileActions({ path }: { path: string }) {
  const mode = useStore((s) => s.info?.mode);
  const [note, setNote] = useState<string | null>(null);
  const say = (message: string) => {
    setNote(message);
    setTimeout(() => setNote(null), 4000);
  };
  const open = async (reveal: boolean) => {
    try {
      const r = await api.request('sources:open', { path, reveal });
      if (!r.ok) say(r.message);
    } catch (e) {
      say((e as Error).message);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(path);
      say('Path copied');
    } catch {
      say('Copying is not allowed here: select the path and copy it');
    }
  };
  return (
    <>
      {mode === 'electron' ? (
        <>
          <button type="button" onClick={() => void open(false)} title={`Open ${path} in your editor`}>
            Open
          </button>
          <button type="button" onClick={() => void open(true)} title={`Show ${path} in its folder`}>
            Reveal
          </button>
        </>
      ) : mode === 'browser' ? (
        <button type="button" onClick={() => void copy()} title={`Copy ${path}`}>
          Copy path
        </button>
      ) : null}
      {note && (
        <span className="action-note" role="status">
          {note}
        </span>
      )}
    </>
  );
}
