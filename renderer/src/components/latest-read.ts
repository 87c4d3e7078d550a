// The host answers reads in the order it finishes them, not the order they were asked: a read of a
// cached workspace, a smaller page or another mode can be answered before an older, slower one. A view
// that reads again when its inputs change keeps only the latest read's answer, so the older one cannot
// put back what the person just changed.
import { useMemo, useRef } from 'react';

export interface LatestRead {
  /** Starts a read: every read started before it is now out of date. */
  begin(): number;
  /** The read started last (to continue it, a next page, without making it out of date). */
  last(): number;
  /** Whether `read` is still the latest, so its answer may be shown. */
  isLatest(read: number): boolean;
}

export function useLatestRead(): LatestRead {
  const count = useRef(0);
  return useMemo(
    () => ({
      begin: () => ++count.current,
      last: () => count.current,
      isLatest: (read) => read === count.current,
    }),
    [],
  );
}
