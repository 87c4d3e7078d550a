// Shows a request's "Waiting for you" card: scrolled into view and focused (its outline marks it).
// The card may not be there yet (the panel just opened), so this waits for it, a little.
const WAIT_MS = 10_000;

export function requestCardId(requestId: string): string {
  return `request-${requestId}`;
}

export function focusRequestCard(requestId: string): void {
  const show = (el: HTMLElement) => {
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
  };
  const found = document.getElementById(requestCardId(requestId));
  if (found) return show(found);
  const observer = new MutationObserver(() => {
    const el = document.getElementById(requestCardId(requestId));
    if (!el) return;
    observer.disconnect();
    clearTimeout(timer);
    show(el);
  });
  const timer = setTimeout(() => observer.disconnect(), WAIT_MS);
  observer.observe(document.body, { childList: true, subtree: true });
}
