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

/** Text from a manifest, with its `code` spans shown as code. */
export function Prose({ text }: { text: string }) {
  return <>{text.split('`').map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part))}</>;
}
