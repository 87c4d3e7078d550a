// Trust review lists the picked workspace's files; those waiting in the other known workspaces (added
// in Settings) are named here, by workspace, one click from being shown.
import { saved, useStore, useStoreParts } from '../store.js';
import { counted } from './counted.js';
import { PathText } from './names.js';

export function WaitingElsewhere() {
  const { waiting, workspace, loadSources } = useStoreParts('waiting', 'workspace', 'loadSources');
  const others = waiting.filter((w) => w.workspace !== workspace);
  if (!others.length) return null;
  const show = (ws: string) => {
    useStore.setState({ workspace: ws });
    saved.set('workspace', ws);
    void loadSources();
  };
  return (
    <section className="waiting-elsewhere" aria-label="waiting in other workspaces">
      <h2>Waiting in other workspaces</h2>
      <ul>
        {others.map((w) => (
          <li key={w.workspace}>
            <PathText path={w.workspace} />: {counted(w.files.length, 'project file')} (
            {w.files.map((f, i) => (
              <span key={f.path}>
                {i > 0 && ', '}
                <code>{f.path.slice(w.workspace.length + 1)}</code>
              </span>
            ))}
            ){' '}
            <button
              type="button"
              onClick={() => show(w.workspace)}
              aria-label={`Review them in ${w.workspace}`}
            >
              Review them
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
