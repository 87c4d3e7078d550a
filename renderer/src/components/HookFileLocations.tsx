// Where Hookpanel looks for each agent's hook files, as the paths of this machine and workspace (never
// `$ARYA_HOME`-style variables), behind one link: a person who wants it asks for it.
import { useState } from 'react';
import { DIALECT_MANIFESTS } from '../../../shared/dialects.js';
import { useStore } from '../store.js';
import { PathText } from './names.js';

export function HookFileLocations() {
  const sources = useStore((s) => s.sources);
  const workspace = useStore((s) => s.workspace);
  const [shown, setShown] = useState(false);
  const rows = DIALECT_MANIFESTS.map((m) => {
    const mine = sources.filter((s) => s.dialect === m.id);
    return {
      id: m.id,
      label: m.label,
      own: mine.filter((s) => !s.projectScoped),
      project: mine.filter((s) => s.projectScoped),
    };
  }).filter((r) => r.own.length || r.project.length);
  // A project's files by their place in the workspace: the workspace itself is named in the header.
  const inWorkspace = (path: string) =>
    workspace && path.startsWith(`${workspace}/`) ? path.slice(workspace.length + 1) : path;
  const cell = (list: typeof sources, project: boolean) =>
    list.length ? (
      <ul className="plain">
        {list.map((s) => (
          <li key={s.path}>
            {project ? <code title={s.path}>{inWorkspace(s.path)}</code> : <PathText path={s.path} />}{' '}
            {s.state === 'absent' ? null : <strong>found</strong>}
          </li>
        ))}
      </ul>
    ) : (
      <span className="muted">none</span>
    );
  return (
    <div className="locations">
      <button type="button" className="link" aria-expanded={shown} onClick={() => setShown(!shown)}>
        {shown ? 'Hide where Hookpanel looks for hook files' : 'Where Hookpanel looks for hook files'}
      </button>
      {shown && (
        <table className="folders" aria-label="where hook files are">
          <thead>
            <tr>
              <th>agent</th>
              <th>your own</th>
              <th title={workspace ?? undefined}>in this workspace</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{r.label}</td>
                <td>{cell(r.own, false)}</td>
                <td>{cell(r.project, true)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
