// SIGKILL-the-host trials: guard events in flight when the host dies are answered in-process (the
// block, never exit 1 with a trace), durable jobs in flight are all delivered by the next host, and
// every event the host answered is in History.
import { describe, expect, test } from 'vitest';
import { durableKillTrials, inFlightKillTrials } from './process-trials.js';
import { answeredKillTrials } from './record-trials.js';

describe('the host killed with work in flight', () => {
  test.each(['emit', 'fast path'] as const)(
    'guard events in flight through %s still block',
    async (via) => {
      expect(await inFlightKillTrials(4, via)).toStrictEqual({ trials: 4, lost: 0, crashes: 0 });
    },
    120_000,
  );

  test('durable jobs in flight are delivered by the next host', async () => {
    expect(await durableKillTrials(3)).toStrictEqual({ trials: 6, lost: 0, crashes: 0 });
  }, 120_000);

  test('every event answered before the kill is in History', async () => {
    const f = await answeredKillTrials(3);
    // Each round answers at least 4 events before it is killed.
    expect(f.trials).toBeGreaterThanOrEqual(12);
    expect({ lost: f.lost, crashes: f.crashes }).toStrictEqual({ lost: 0, crashes: 0 });
  }, 180_000);
});
