// Trust review: each project file that is new or changed since trusted, reviewed by what it would run.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { ReviewItem, Risk } from '../../../shared/ipc.js';
import { fileGate } from '../../../shared/trust-gate.js';
import { api } from '../client.js';
import { AgentFolderState, CodexTrustReview } from '../components/AgentTrust.js';
import { Badge, Diff, Empty, ErrorBox } from '../components/bits.js';
import { WaitingElsewhere } from '../components/WaitingElsewhere.js';
import { useStore, useStoreParts } from '../store.js';
import { CommandCard, LOUD, ScriptCard } from './ReviewCards.js';
import { TrustActions } from './ReviewConfirm.js';
import { useLatestRead } from '../components/latest-read.js';

export function ReviewView() {
  const { workspace, sources, focus } = useStoreParts('workspace', 'sources', 'focus');
  const elsewhere = useStore((s) => s.waiting.some((w) => w.workspace !== s.workspace));
  const [items, setItems] = useState<ReviewItem[] | null>(null);
  // What the last click did, and to which file: a "Trusted" note goes stale once that file changes again.
  const [note, setNote] = useState<{ text: string; path: string; trusted: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [kept, setKept] = useState<Set<string>>(new Set());
  // The list as read last: an older read, answered after a Trust click's, would show the file untrusted.
  const latest = useLatestRead();
  const load = useCallback(async () => {
    const read = latest.begin();
    try {
      const list = await api.request('review:list', { workspace });
      if (!latest.isLatest(read)) return;
      setItems(list);
      setError(null);
    } catch (e) {
      if (latest.isLatest(read)) setError((e as Error).message);
    }
  }, [workspace, latest]);
  useEffect(() => void load(), [load, sources]);
  // Arriving from a notification: show the file it names.
  useEffect(() => {
    if (!items || !focus.path) return;
    document
      .querySelector(`[data-review-path="${CSS.escape(focus.path)}"]`)
      ?.scrollIntoView({ block: 'start' });
  }, [items, focus.path]);
  if (!items) return <p className="muted">Loading…</p>;
  const pending = items.filter((i) => i.status !== 'trusted' && !kept.has(i.source.path));
  const trusted = items.filter((i) => i.status === 'trusted');
  const shownNote = note && !(note.trusted && pending.some((i) => i.source.path === note.path)) ? note : null;
  const act = async (path: string, trusted: boolean, f: () => Promise<{ ok: boolean; message: string }>) => {
    const r = await f();
    if (r.ok) {
      setNote({ text: r.message, path, trusted });
      setError(null);
    } else setError(r.message);
    await load();
  };
  return (
    <section aria-label="trust review">
      {shownNote && (
        <div className="note" role="status">
          {shownNote.text}
        </div>
      )}
      {error && <ErrorBox message={error} />}
      <CodexTrustReview />
      {!pending.length && (
        <Empty title={elsewhere ? 'Nothing to review in this workspace' : 'Nothing to review'}>
          Project hook files that are new or changed since you trusted them appear here. Hookpanel runs none
          of their hooks until you trust them; where an agent runs a file itself, its review says so.
        </Empty>
      )}
      {pending.map((item) => (
        <ReviewCard
          key={item.source.path}
          item={item}
          onTrust={(scripts) =>
            act(item.source.path, true, () =>
              api.request('review:trust', {
                path: item.source.path,
                sha256: item.source.sha256!,
                scripts,
                workspace,
              }),
            )
          }
          onKeep={() => {
            setNote(null);
            setKept(new Set([...kept, item.source.path]));
            // Where the agent runs the file under a trust of its own, Keep blocked takes that back too.
            if (fileGate(item.source.dialect, item.source.role).blocks)
              void act(item.source.path, false, () =>
                api.request('review:revoke', { path: item.source.path, workspace }),
              );
          }}
        />
      ))}
      <WaitingElsewhere />
      {trusted.length > 0 && (
        <>
          <h2>Trusted project files</h2>
          <ul className="trusted">
            {trusted.map((t) => (
              <li key={t.source.path}>
                <code>{t.source.path}</code>{' '}
                <span className="muted">
                  trusted {t.trustedAt ? new Date(t.trustedAt).toLocaleString() : ''}
                </span>{' '}
                <button
                  type="button"
                  // Named with its file: a list of "Revoke" buttons says nothing to a screen reader.
                  aria-label={`Revoke trust in ${t.source.path}`}
                  onClick={() =>
                    void act(t.source.path, false, () =>
                      api.request('review:revoke', { path: t.source.path, workspace }),
                    )
                  }
                >
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ReviewCard({
  item,
  onTrust,
  onKeep,
}: {
  item: ReviewItem;
  onTrust: (scripts: { path: string; sha256: string | null }[]) => Promise<void>;
  onKeep: () => void;
}) {
  const attention = item.commands.filter((c) => c.status !== 'unchanged');
  const unchanged = item.commands.filter((c) => c.status === 'unchanged');
  const loudest = loudestRisk(item);
  const path = item.source.path;
  const gate = fileGate(item.source.dialect, item.source.role, item.source.guarded);
  return (
    <article className="review" aria-label={`review ${path}`} data-review-path={path}>
      <header>
        <Badge kind={item.status === 'changed' ? 'warn' : 'untrusted'}>
          {item.status === 'changed'
            ? gate.decides
              ? 'changed since trusted'
              : 'changed since reviewed'
            : gate.decides
              ? 'never trusted'
              : 'not reviewed'}
        </Badge>
        <Badge kind="layer">
          {item.source.dialect} · {item.source.layer}
        </Badge>
        <code className="review-path" title={path}>
          {path}
        </code>
      </header>
      <section
        className={`review-summary${loudest ? (LOUD.has(loudest) ? ' loud' : ' flagged') : ''}`}
        aria-label="what changed"
      >
        <ul>
          {item.summary.map((line, i) => (
            <li key={i}>{withCode(line)}</li>
          ))}
        </ul>
        {item.trustedAt && <p className="muted">Last trusted {new Date(item.trustedAt).toLocaleString()}.</p>}
      </section>
      <section className={`review-gate${gate.decides ? '' : ' own'}`} aria-label="who runs it">
        <h3 className="review-h">Who runs it</h3>
        <p>{withCode(gate.runs)}</p>
        <ul>
          <li>{gate.trust}</li>
          <li>{gate.block}</li>
        </ul>
        <AgentFolderState path={path} />
      </section>
      <h3 className="review-h">{gate.decides ? 'What it would run' : 'What it runs'}</h3>
      {attention.length > 0 && (
        <ul
          className="cmd-cards"
          aria-label={item.change === 'new' ? 'commands' : 'new and changed commands'}
        >
          {attention.map((c) => (
            <CommandCard key={c.key} c={c} />
          ))}
        </ul>
      )}
      {unchanged.length > 0 && (
        <details className="unchanged">
          <summary>
            {unchanged.length} unchanged {unchanged.length === 1 ? 'command' : 'commands'}
            {unchanged.some((c) => c.risks.length) ? ' (some flagged, as when you trusted them)' : ''}
          </summary>
          <ul className="cmd-cards" aria-label="unchanged commands">
            {unchanged.map((c) => (
              <CommandCard key={c.key} c={c} />
            ))}
          </ul>
        </details>
      )}
      {item.settings.length > 0 && (
        <>
          <h3 className="review-h">Settings that changed</h3>
          <ul className="setting-changes">
            {item.settings.map((s) => (
              <li key={s.key}>
                <strong>{s.key}</strong>: <code>{s.before ?? 'not set'}</code> →{' '}
                <code>{s.after ?? 'not set'}</code>
              </li>
            ))}
          </ul>
        </>
      )}
      {item.scripts.length > 0 && (
        <>
          <h3 className="review-h">Scripts it runs</h3>
          {item.scripts.map((s) => (
            <ScriptCard key={s.path} s={s} />
          ))}
        </>
      )}
      <RawText item={item} />
      <TrustActions item={item} onTrust={onTrust} onKeep={onKeep} />
    </article>
  );
}

/** The raw diff (or, never trusted, the file's text), one click away and as tall as it needs to be. */
function RawText({ item }: { item: ReviewItem }) {
  const [open, setOpen] = useState(false);
  const diff = item.diff;
  if (!diff && item.text === null) return null;
  const body = diff ?? item.text ?? '';
  const n = body.split('\n').length - (body.endsWith('\n') ? 1 : 0);
  const lines = `${n} ${n === 1 ? 'line' : 'lines'}`;
  return (
    <div className="raw">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide' : 'Show'} {diff ? `the raw diff (${lines})` : `the file (${lines})`}
      </button>
      {open &&
        (diff ? (
          <Diff text={diff} label="raw diff against the last trusted version" />
        ) : (
          <pre className="out full" aria-label="the file">
            {item.text}
          </pre>
        ))}
    </div>
  );
}

function loudestRisk(item: ReviewItem): Risk['kind'] | null {
  const kinds = new Set(
    [...item.commands.filter((c) => c.status !== 'unchanged'), ...item.scripts].flatMap((x) =>
      x.risks.map((r) => r.kind),
    ),
  );
  return [...kinds].find((k) => LOUD.has(k)) ?? [...kinds][0] ?? null;
}

/** A summary line with its `backquoted` commands set as code. */
function withCode(line: string): ReactNode[] {
  return line
    .split('`')
    .map((part, i) => (i % 2 ? <code key={i}>{part}</code> : <span key={i}>{part}</span>));
}
