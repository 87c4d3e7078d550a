// The notifications button and its list: the count is what arrived since the list was last opened;
// the list closes on Escape, a click outside, or a click on a notice (which opens what it is about).
import { useEffect, useRef, useState } from 'react';
import { api } from '../client.js';
import { useStore, useStoreParts } from '../store.js';
import { ago, useNow } from './names.js';
import { focusFirstRequest, waitingWords } from './WaitingSignals.js';

/** When a notice arrived, kept current while the list is open (and only then: a closed list never ticks). */
function Ago({ time }: { time: string }) {
  const now = useNow();
  return <span className="muted">{ago(time, now)}</span>;
}

export function Notifications() {
  const { notifications, readAt, markRead, go } = useStoreParts('notifications', 'readAt', 'markRead', 'go');
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const unread = notifications.filter((n) => Date.parse(n.time) > readAt).length;
  // Requests waiting for an answer are counted on the bell too, apart from what is unread.
  const waiting = useStore((s) => s.requests.length);
  // The visible words ("2 waiting", "1") are part of the name, as axe asks.
  const said = [waiting ? `${waiting} waiting for your answer` : '', unread ? `${unread} new` : '']
    .filter(Boolean)
    .join(', ');
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    // Reading the list reads what is in it, and what arrives while it is open.
    markRead();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(true);
    };
    const onPointer = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, notifications, markRead]);
  return (
    <div className="bell" ref={box}>
      <button
        ref={button}
        type="button"
        aria-label={said ? `notifications, ${said}` : 'notifications'}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        Notifications {waiting ? <span className="count count-waiting">{waiting} waiting</span> : null}
        {unread ? <span className="count">{unread}</span> : null}
      </button>
      {open && (
        <div className="dropdown" role="dialog" aria-label="notifications">
          {waiting > 0 && (
            <button
              type="button"
              className="notice n-waiting"
              onClick={() => {
                close(false);
                focusFirstRequest();
              }}
            >
              <strong>{waitingWords(waiting)} for your answer</strong>
              <span>An agent is stopped until you answer, or until its time runs out.</span>
            </button>
          )}
          {notifications.length ? (
            <>
              <ul>
                {notifications.map((n) => (
                  <li key={n.id}>
                    <button
                      type="button"
                      className={`notice n-${n.kind}`}
                      onClick={() => {
                        close(false);
                        go(n.target.view, n.target);
                      }}
                    >
                      <strong>
                        {n.title}
                        {n.count > 1 ? <span className="times"> ×{n.count}</span> : null}
                      </strong>
                      <span>{n.body}</span>
                      <Ago time={n.time} />
                    </button>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                onClick={() =>
                  void api
                    .request('notifications:clear', {})
                    .then(() => useStore.setState({ notifications: [] }))
                }
              >
                Clear all
              </button>
            </>
          ) : waiting ? null : (
            <p className="muted">
              No notifications. When a turn is done, a hook blocks or fails, or project hooks wait for review,
              it shows here.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
