// Everywhere a person looks while an agent waits for their answer (Ask me): the sidebar's "Waiting for
// you" with its count, a bar at the top of every view (it stays in sight when the view is scrolled),
// the count in the window title and, in browser mode, on the tab's icon. Each leads to the oldest card.
import { useEffect } from 'react';
import type { WaitingRequest } from '../../../shared/permissions.js';
import { focusRequestCard } from '../notify/focus-request.js';
import { useStore } from '../store.js';
import { agentLabel } from './names.js';

/** "1 request waits" / "3 requests wait". */
export function waitingWords(n: number): string {
  return n === 1 ? '1 request waits' : `${n} requests wait`;
}

/** Shows and focuses the oldest waiting request's card. */
export function focusFirstRequest(): void {
  const first = useStore.getState().requests[0];
  if (first) focusRequestCard(first.id);
}

/** The sidebar's entry: only while something waits. */
export function WaitingNavItem() {
  const n = useStore((s) => s.requests.length);
  if (!n) return null;
  return (
    <button type="button" className="waiting-nav" onClick={focusFirstRequest}>
      <span>Waiting for you</span>
      <span className="count count-waiting">
        {n}
        <span className="sr-only"> ({waitingWords(n)} for your answer)</span>
      </span>
    </button>
  );
}

function oneLine(r: WaitingRequest): string {
  // A file in the workspace by its place there: the end of a long path is what tells it apart.
  const path = r.change?.path;
  const inWorkspace = path && r.workspace && path.startsWith(`${r.workspace}/`);
  const what = inWorkspace ? path.slice(r.workspace!.length + 1) : (path ?? r.subject);
  const on = r.machine ? ` on ${r.machine}` : '';
  return `${agentLabel(r.agent)}${on} asks to use ${r.tool ?? 'a tool'}${what ? `: ${what}` : ''}`;
}

/** The bar at the top of every view, in the sticky header. */
export function WaitingBar() {
  const requests = useStore((s) => s.requests);
  if (!requests.length) return null;
  const first = requests[0]!;
  return (
    <div className="waiting-bar" role="status" aria-label="requests waiting for you">
      <span className="waiting-bar-text">
        <strong>
          {requests.length === 1
            ? 'An agent waits for your answer'
            : `${waitingWords(requests.length)} for your answer`}
        </strong>
        {first.risks?.length ? (
          <span className="waiting-bar-flag"> · Flagged: {first.risks.map((k) => k.title).join(', ')}</span>
        ) : null}
        <span className="waiting-bar-what"> · {oneLine(first)}</span>
      </span>
      <button type="button" className="primary" onClick={focusFirstRequest}>
        {requests.length === 1 ? 'Answer' : 'Answer the oldest'}
      </button>
    </div>
  );
}

const TITLE = 'Hookpanel';

/** The favicon: the app's disc, with the count on it while requests wait (browser mode's tab). */
function favicon(n: number): string {
  const label = n > 9 ? '9+' : String(n);
  const svg = n
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#c92a2a"/><text x="16" y="22" font-family="sans-serif" font-size="${label.length > 1 ? 15 : 19}" font-weight="700" fill="#fff" text-anchor="middle">${label}</text></svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="13" fill="#3b5bdb"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The window title and the tab's icon follow the number of waiting requests. */
export function useWaitingTitleAndIcon(): void {
  const n = useStore((s) => s.requests.length);
  useEffect(() => {
    document.title = n ? `(${n}) ${n === 1 ? 'A request waits' : `${n} requests wait`} · ${TITLE}` : TITLE;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      link.type = 'image/svg+xml';
      document.head.append(link);
    }
    link.href = favicon(n);
    link.dataset.waiting = String(n);
  }, [n]);
}
