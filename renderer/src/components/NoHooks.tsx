// Rules with an agent picked that has no hook file at all (no search typed): say so, and name the files
// its hooks would go in (the person's own, this workspace's, and Hookpanel's hosted file for it), rather
// than "Nothing matches".
import type { Source } from '../../../shared/model.js';
import { useStore } from '../store.js';
import { Empty } from './bits.js';
import { agentLabel, PathText } from './names.js';

function Files({ title, sources }: { title: string; sources: Source[] }) {
  const workspace = useStore((s) => s.workspace);
  if (!sources.length) return null;
  // A project's files by their place in the workspace, as Where Hookpanel looks shows them.
  const inWorkspace = (path: string) =>
    workspace && path.startsWith(`${workspace}/`) ? path.slice(workspace.length + 1) : null;
  return (
    <>
      <p>{title}</p>
      <ul className="plain">
        {sources.map((s) => (
          <li key={s.path}>
            {inWorkspace(s.path) ? (
              <code title={s.path}>{inWorkspace(s.path)}</code>
            ) : (
              <PathText path={s.path} />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

export function NoHooks({ dialect }: { dialect: string }) {
  const sources = useStore((s) => s.sources).filter((s) => s.dialect === dialect);
  const label = agentLabel(dialect);
  return (
    <Empty title={`No hooks for ${label}`}>
      <p>{label} has no hook file, here or in this workspace.</p>
      <Files
        title="Your own hooks for it would go in:"
        sources={sources.filter((s) => s.role !== 'hosted' && !s.projectScoped)}
      />
      <Files
        title="This workspace's, in:"
        sources={sources.filter((s) => s.role !== 'hosted' && s.projectScoped)}
      />
      <Files title="Rules Hookpanel runs for it, in:" sources={sources.filter((s) => s.role === 'hosted')} />
    </Empty>
  );
}
