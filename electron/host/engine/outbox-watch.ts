// The resident host looks at the outbox at start and then every few seconds, so a durable job whose
// owner died (a killed runner, a killed in-process emit, an earlier host) is retried while the host
// runs, not only at its next start.
import type { RecoveryReport } from './outbox.js';
import { inBackground } from '../background.js';

export const OUTBOX_LOOK_EVERY_MS = 5000;

export interface OutboxWatch {
  stop(): void;
}

export function watchOutbox(
  recover: () => Promise<RecoveryReport>,
  opts: {
    everyMs?: number;
    onReport?: (r: RecoveryReport) => void;
    onError?: (e: Error) => void;
  } = {},
): OutboxWatch {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const look = async () => {
    try {
      opts.onReport?.(await recover());
    } catch (e) {
      opts.onError?.(e as Error);
    }
    // The next look starts after this one ends: a long retry never overlaps another pass.
    if (!stopped)
      timer = setTimeout(() => inBackground(look(), 'outbox'), opts.everyMs ?? OUTBOX_LOOK_EVERY_MS).unref();
  };
  inBackground(look(), 'outbox');
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/** The line a person sees, or null when the look found nothing to do. */
export function describeRecovery(r: RecoveryReport): string | null {
  if (!r.retried.length && !r.givenUp.length) return null;
  return `Outbox: retried ${r.retried.length} pending job(s), gave up on ${r.givenUp.length}.`;
}
