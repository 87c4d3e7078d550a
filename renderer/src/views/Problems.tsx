// Problems: every diagnostic by file, with line:column and the offending text; each leads to its rule
// in Rules (or the file), and the file can be opened (copied, in a browser).
import { useEffect, useRef, useState } from 'react';
import type { Diagnostic, Source } from '../../../shared/model.js';
import { ruleLabel } from '../../../shared/rule-name.js';
import { AgentSkipNotice } from '../components/AgentTrust.js';
import { Badge, Empty } from '../components/bits.js';
import { counted } from '../components/counted.js';
import { FileActions } from '../components/FileActions.js';
import { agentLabel, layerLabel, PathText } from '../components/names.js';
import { SourceState } from '../components/SourceState.js';
import { useStore, useStoreParts } from '../store.js';

const SEVERITY_WORD: Record<Diagnostic['severity'], string> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
};

function totals(sources: readonly Source[]) {
  const n = (sev: string) =>
    sources.reduce((k, s) => k + s.diagnostics.filter((d) => d.severity === sev).length, 0);
  return `${counted(n('error'), 'error')} · ${counted(n('warning'), 'warning')} · ${counted(n('info'), 'note')}`;
}

function DiagnosticRow({ d, source }: { d: Diagnostic; source: Source }) {
  const go = useStore((s) => s.go);
  const rule = d.ruleIndex !== null ? source.rules.find((r) => r.index === d.ruleIndex) : undefined;
  return (
    <li className={`diag diag-${d.severity}`}>
      <Badge kind={d.severity} title={`${SEVERITY_WORD[d.severity]} (${d.code})`}>
        {SEVERITY_WORD[d.severity]}
      </Badge>
      <code
        className="pos"
        title={d.line !== null ? `line ${d.line}, column ${d.column ?? 1}` : 'the whole file'}
      >
        {d.line !== null ? `${d.line}:${d.column ?? 1}` : '—'}
      </code>
      <span className="msg">
        {d.message}
        {d.path !== source.path && (
          <>
            {' '}
            <span className="muted">
              (in <PathText path={d.path} />)
            </span>
          </>
        )}
      </span>
      <span className="diag-actions">
        {rule && (
          <button
            type="button"
            className="link"
            onClick={() => go('rules', { path: source.path, ruleIndex: rule.index })}
            title={`Show the rule ${ruleLabel(rule).title} in Rules`}
          >
            Show the rule
          </button>
        )}
      </span>
      {d.excerpt && <pre className="excerpt">{d.excerpt}</pre>}
    </li>
  );
}

function ProblemsFile({ source }: { source: Source }) {
  const { go, focus } = useStoreParts('go', 'focus');
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focus.path === source.path) ref.current?.scrollIntoView({ block: 'start' });
  }, [focus.path, source.path]);
  return (
    <article ref={ref} className="problems-file" aria-label={`problems in ${source.path}`}>
      <header>
        <SourceState source={source} />
        <PathText path={source.path} className="path" />
        <span className="muted">
          {agentLabel(source.dialect)} · {layerLabel(source.layer)}
        </span>
        <span className="actions">
          {source.state !== 'absent' && (
            <button type="button" onClick={() => go('rules', { path: source.path })}>
              Show in Rules
            </button>
          )}
          <FileActions path={source.path} />
        </span>
      </header>
      <ul>
        {source.diagnostics.map((d, i) => (
          <DiagnosticRow key={i} d={d} source={source} />
        ))}
      </ul>
    </article>
  );
}

export function ProblemsView() {
  const { sources, loadSources, loadingSources } = useStoreParts('sources', 'loadSources', 'loadingSources');
  const [checked, setChecked] = useState<string | null>(null);
  const files = sources
    .filter((s) => s.diagnostics.length)
    .sort(
      (a, b) =>
        Number(b.diagnostics.some((d) => d.severity === 'error')) -
        Number(a.diagnostics.some((d) => d.severity === 'error')),
    );
  const validate = async () => {
    setChecked(null);
    await loadSources(true);
    const now = useStore.getState().sources;
    const present = now.filter((s) => s.state !== 'absent').length;
    setChecked(`Checked ${counted(present, 'file')} at ${new Date().toLocaleTimeString()}: ${totals(now)}.`);
  };
  return (
    <section aria-label="problems">
      <div className="toolbar wrap">
        <button type="button" className="primary" onClick={() => void validate()} disabled={loadingSources}>
          {loadingSources ? 'Validating…' : 'Validate now'}
        </button>
        <span className="muted">
          {totals(sources)} · files are checked again on their own when they change
        </span>
      </div>
      <p className="checked" role="status">
        {checked}
      </p>
      <AgentSkipNotice />
      {!files.length && <Empty title="No problems">Every hook file Hookpanel found is valid.</Empty>}
      {files.map((s) => (
        <ProblemsFile key={s.path} source={s} />
      ))}
    </section>
  );
}
