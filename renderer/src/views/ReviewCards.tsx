// Trust review's cards: one per command or MCP server (status, what it runs, what else changed, risk
// flags) and one per script it runs (status, flags, its own diff).
import { useState } from 'react';
import {
  LOUD_RISKS,
  type ChangeStatus,
  type ReviewCommand,
  type ReviewRuns,
  type ReviewScript,
  type Risk,
} from '../../../shared/ipc.js';
import { ruleLabel } from '../../../shared/rule-name.js';
import { ArgvChips, Badge, Diff } from '../components/bits.js';
import { RunsDiff } from './RunsDiff.js';

export const LOUD: ReadonlySet<Risk['kind']> = new Set(LOUD_RISKS);

export const STATUS_LABEL: Record<ChangeStatus, string> = {
  new: 'new',
  added: 'added',
  changed: 'changed',
  removed: 'removed',
  unchanged: 'unchanged',
};

export function CommandCard({ c }: { c: ReviewCommand }) {
  const loud = c.risks.some((r) => LOUD.has(r.kind));
  const what = c.kind === 'server' ? 'MCP server' : 'command';
  // A rule is named by what it runs (or its own name), its position beside; a server by its name.
  const label = c.kind === 'rule' ? ruleLabel({ name: c.rule, handler: runsText(c) }) : null;
  return (
    <li
      className={`cmd-card st-${c.status}${loud ? ' loud' : c.risks.length ? ' flagged' : ''}`}
      aria-label={`${STATUS_LABEL[c.status]} ${what} ${label?.title ?? c.rule}`}
    >
      <div className="cmd-head">
        <Badge kind={`st-${c.status}`}>{STATUS_LABEL[c.status]}</Badge>
        <strong className={label && !label.named ? 'cmd' : ''}>{label?.title ?? c.rule}</strong>
        {label?.position && <span className="muted">{label.position}</span>}
        <span className="muted">
          {c.kind === 'server' ? 'started on ' : 'on '}
          {c.event}
          {c.matcher ? ` · matcher ${c.matcher}` : ''}
        </span>
      </div>
      {/* A changed command shows was and now with the difference marked; the same command, once. */}
      {(c.before && <RunsDiff before={c.before} now={c} />) || (
        <div className={`cmd-runs${c.status === 'removed' ? ' before' : ''}`}>
          <Runs r={c} />
        </div>
      )}
      {c.changes.filter((x) => x !== 'the command').length > 0 && (
        <ul className="cmd-changes" aria-label="what else changed">
          {c.changes
            .filter((x) => x !== 'the command')
            .map((x) => (
              <li key={x}>{x}</li>
            ))}
        </ul>
      )}
      {c.risks.length > 0 && <Risks risks={c.risks} />}
      {c.scripts.length > 0 && (
        <div className="muted">
          runs{' '}
          {c.scripts.map((p) => (
            <code key={p}>{p}</code>
          ))}
        </div>
      )}
    </li>
  );
}

function Runs({ r }: { r: ReviewRuns }) {
  if (r.argv) return <ArgvChips argv={r.argv} />;
  if (r.shell !== null)
    return (
      <span className="shell-runs">
        <Badge kind="warn" title="the command is a string that /bin/sh reads, with pipes and redirects">
          through a shell
        </Badge>{' '}
        <code className="chip">{r.shell}</code>
      </span>
    );
  return <code>{r.other}</code>;
}

function Risks({ risks }: { risks: Risk[] }) {
  return (
    <ul className="risks" aria-label="risks">
      {risks.map((r) => (
        <li key={r.kind} className={`risk ${LOUD.has(r.kind) ? 'loud' : 'flagged'}`}>
          <span className="risk-title">{r.title}</span> <span className="risk-because">{r.because}</span>
          <div className="risk-explain">{r.explain}</div>
        </li>
      ))}
    </ul>
  );
}

export function ScriptCard({ s }: { s: ReviewScript }) {
  const [open, setOpen] = useState(false);
  const missing = s.sha256 === null && s.status !== 'removed';
  return (
    <div className={`script st-${s.status}`} aria-label={`script ${s.path}`} role="group">
      <div className="cmd-head">
        <Badge kind={`st-${s.status}`}>{STATUS_LABEL[s.status]}</Badge>
        {missing && <Badge kind="error">missing</Badge>}
        <code>{s.path}</code>
      </div>
      {s.note && <p className="muted">Note: {s.note}.</p>}
      {s.risks.length > 0 && <Risks risks={s.risks} />}
      {s.diff ? (
        <Diff text={s.diff} label={`changes to ${s.path} since it was trusted`} />
      ) : s.text !== null && s.status !== 'unchanged' ? (
        <pre className="out">{s.text}</pre>
      ) : s.text !== null ? (
        <>
          <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide the script' : 'Show the script'}
          </button>
          {open && <pre className="out">{s.text}</pre>}
        </>
      ) : null}
    </div>
  );
}

/** What a command runs, as one line. */
export function runsText(r: ReviewRuns): string {
  if (r.shell !== null) return r.shell;
  if (r.argv) return r.argv.map((a) => (/^[\w@%+=:,./~-]+$/.test(a) ? a : JSON.stringify(a))).join(' ');
  return r.other ?? '';
}
