import type { ReactNode } from 'react';

export function Badge({ kind, children, title }: { kind: string; children: ReactNode; title?: string }) {
  return (
    <span className={`badge badge-${kind}`} title={title}>
      {children}
    </span>
  );
}

/** Every argument as its own chip, so argument boundaries are visible. */
export function ArgvChips({ argv }: { argv: readonly string[] }) {
  return (
    <span className="argv" role="list" aria-label="command arguments">
      {argv.map((a, i) => (
        <code
          key={i}
          role="listitem"
          className={i === 0 ? 'chip chip-program' : 'chip'}
          title={`argument ${i}`}
        >
          {a === '' ? '""' : a}
        </code>
      ))}
    </span>
  );
}

export function Empty({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="empty" role="status">
      <h3>{title}</h3>
      <div>{children}</div>
    </div>
  );
}

export function ErrorBox({ message }: { message: string }) {
  return (
    <div className="error" role="alert">
      {message}
    </div>
  );
}

/** A unified diff with added and removed lines marked. */
export function Diff({
  text,
  label = 'changes since the last trusted version',
}: {
  text: string;
  label?: string;
}) {
  const lines = text.split('\n').filter((l, i) => i > 1 || !l.startsWith('='));
  return (
    // Focusable, so a keyboard can scroll a long diff.
    <pre className="diff" aria-label={label} tabIndex={0}>
      {lines.map((l, i) => (
        <div
          key={i}
          className={
            l.startsWith('+') && !l.startsWith('+++')
              ? 'add'
              : l.startsWith('-') && !l.startsWith('---')
                ? 'del'
                : l.startsWith('@@')
                  ? 'hunk'
                  : ''
          }
        >
          {l || ' '}
        </div>
      ))}
    </pre>
  );
}

/**
 * A unified diff for a person: no file header; "Line 12" for each place, removed lines red with −,
 * added green with +.
 */
export function HunkDiff({ diff, label }: { diff: string; label: string }) {
  // A file header (Index:, ===, ---, +++) says nothing a person needs: the file is named above.
  const lines = diff.split('\n');
  const start = lines.findIndex((l) => l.startsWith('@@'));
  return (
    <>
      <p className="muted change-legend">
        Lines marked <span className="del">− in red</span> go; lines marked{' '}
        <span className="add">+ in green</span> come in.
      </p>
      <pre className="diff" aria-label={label} tabIndex={0}>
        {lines.slice(Math.max(0, start)).map((l, i) => {
          const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(l);
          if (hunk) {
            const from = Number(hunk[1]);
            const count = Number(hunk[2] ?? 1);
            return (
              <div key={i} className="hunk">
                {count > 1 ? `Lines ${from}–${from + count - 1}` : `Line ${from}`}
              </div>
            );
          }
          const cls = l.startsWith('+') ? 'add' : l.startsWith('-') ? 'del' : '';
          return (
            <div key={i} className={cls}>
              {l || ' '}
            </div>
          );
        })}
      </pre>
    </>
  );
}

/** Text from a manifest, with its `code` spans shown as code. */
export function Prose({ text }: { text: string }) {
  return <>{text.split('`').map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part))}</>;
}
