import { AgentSkipNotice } from '../components/AgentTrust.js';
import { Badge, Empty } from '../components/bits.js';
import { useStore } from '../store.js';

export function ProblemsView() {
  const { sources, loadSources, loadingSources } = useStore();
  const files = sources.filter((s) => s.diagnostics.length);
  const count = (sev: string) =>
    sources.reduce((n, s) => n + s.diagnostics.filter((d) => d.severity === sev).length, 0);
  return (
    <section aria-label="problems">
      <div className="toolbar">
        <button
          type="button"
          className="primary"
          onClick={() => void loadSources(true)}
          disabled={loadingSources}
        >
          {loadingSources ? 'Validating…' : 'Validate now'}
        </button>
        <span className="muted" role="status">
          {count('error')} errors · {count('warning')} warnings · {count('info')} notes · files reload on
          their own when they change
        </span>
      </div>
      <AgentSkipNotice />
      {!files.length && <Empty title="No problems">Every hook file Hookpanel found is valid.</Empty>}
      {files.map((s) => (
        <article key={s.path} className="problems-file" aria-label={`problems in ${s.path}`}>
          <header>
            <Badge kind={s.state}>{s.state}</Badge> <code>{s.path}</code>{' '}
            <span className="muted">
              {s.dialect} · {s.layer}
            </span>
          </header>
          <ul>
            {s.diagnostics.map((d, i) => (
              <li key={i} className={`diag diag-${d.severity}`}>
                <Badge kind={d.severity}>{d.severity}</Badge>
                <code className="pos">{d.line !== null ? `${d.line}:${d.column ?? 1}` : '—'}</code>
                <span className="msg">{d.message}</span>
                <span className="muted code">{d.code}</span>
                {d.excerpt && <pre className="excerpt">{d.excerpt}</pre>}
              </li>
            ))}
          </ul>
        </article>
      ))}
    </section>
  );
}
