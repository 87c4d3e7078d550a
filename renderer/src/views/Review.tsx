import { useCallback, useEffect, useState } from 'react';
import type { ReviewItem } from '../../../shared/ipc.js';
import { api } from '../client.js';
import { ArgvChips, Badge, Diff, Empty, ErrorBox } from '../components/bits.js';
import { useStore } from '../store.js';

export function ReviewView() {
  const { workspace, sources } = useStore();
  const [items, setItems] = useState<ReviewItem[] | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [kept, setKept] = useState<Set<string>>(new Set());
  const load = useCallback(async () => {
    try {
      setItems(await api.request('review:list', { workspace }));
    } catch (e) {
      setError((e as Error).message);
    }
  }, [workspace]);
  useEffect(() => void load(), [load, sources]);
  if (!items) return <p className="muted">Loading…</p>;
  const pending = items.filter((i) => i.status !== 'trusted' && !kept.has(i.source.path));
  const trusted = items.filter((i) => i.status === 'trusted');
  const act = async (f: () => Promise<{ ok: boolean; message: string }>) => {
    const r = await f();
    if (r.ok) setNote(r.message);
    else setError(r.message);
    await load();
  };
  return (
    <section aria-label="trust review">
      {note && (
        <div className="note" role="status">
          {note}
        </div>
      )}
      {error && <ErrorBox message={error} />}
      {!pending.length && (
        <Empty title="Nothing to review">
          Project hook files that are new or changed since you trusted them appear here. Until you trust them,
          their hooks do not run.
        </Empty>
      )}
      {pending.map((item) => (
        <article key={item.source.path} className="review" aria-label={`review ${item.source.path}`}>
          <header>
            <Badge kind={item.status === 'changed' ? 'warn' : 'untrusted'}>
              {item.status === 'changed' ? 'changed since trusted' : 'never trusted'}
            </Badge>
            <Badge kind="layer">
              {item.source.dialect} · {item.source.layer}
            </Badge>
            <code>{item.source.path}</code>
          </header>
          {item.diff ? (
            <>
              <h4>
                Changes since you trusted it
                {item.trustedAt ? ` (${new Date(item.trustedAt).toLocaleString()})` : ''}
              </h4>
              <Diff text={item.diff} />
            </>
          ) : item.text !== null ? (
            <>
              <h4>The file</h4>
              <pre className="out">{item.text}</pre>
            </>
          ) : null}
          <h4>What it would run</h4>
          <ul className="commands">
            {item.commands.map((c, i) => (
              <li key={i}>
                <strong>{c.rule}</strong> <span className="muted">on {c.event}</span>
                <div>
                  {c.argv ? (
                    <ArgvChips argv={c.argv} />
                  ) : c.shell ? (
                    <>
                      <Badge kind="warn">through a shell</Badge> <code className="chip">{c.shell}</code>
                    </>
                  ) : (
                    <code>{c.other}</code>
                  )}
                </div>
              </li>
            ))}
          </ul>
          {item.scripts.length > 0 && (
            <>
              <h4>Scripts it points at</h4>
              {item.scripts.map((s) => (
                <div key={s.path} className="script">
                  <code>{s.path}</code>{' '}
                  {s.sha256 === null ? (
                    <Badge kind="error">missing</Badge>
                  ) : s.changed ? (
                    <Badge kind="warn">new or changed</Badge>
                  ) : (
                    <Badge kind="active">unchanged</Badge>
                  )}
                  {s.diff ? (
                    <Diff text={s.diff} />
                  ) : s.changed && s.text !== null ? (
                    <pre className="out">{s.text}</pre>
                  ) : null}
                </div>
              ))}
            </>
          )}
          <div className="toolbar">
            <button
              type="button"
              className="primary"
              onClick={() =>
                void act(() =>
                  api.request('review:trust', {
                    path: item.source.path,
                    sha256: item.source.sha256!,
                    workspace,
                  }),
                )
              }
              disabled={!item.source.sha256}
            >
              Trust this version
            </button>
            <button type="button" onClick={() => setKept(new Set([...kept, item.source.path]))}>
              Keep blocked
            </button>
          </div>
        </article>
      ))}
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
                  onClick={() => void act(() => api.request('review:revoke', { path: t.source.path }))}
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
