// A poll's answer that says what is already shown keeps the object that is shown: React and zustand then
// see no change, and nothing re-renders (a chart drawn again every 5 s on a panel left open all day).

/** `previous` when `next` holds the same data (answers are JSON over the socket or the preload). */
export function unchanged<T>(previous: T, next: T): T {
  return previous === next || JSON.stringify(previous) === JSON.stringify(next) ? previous : next;
}
