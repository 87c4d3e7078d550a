// Escape trials: hooks that call setsid, double-fork, close their stdout, ignore SIGTERM or escape at
// the SIGTERM itself. Every one of their processes is gone once the timeout and grace have passed,
// with and without a host, and when the host is killed mid-run; no emit shows a trace.
import { describe, expect, test } from 'vitest';
import { escapeTrials } from './process-trials.js';

describe('escape trials', () => {
  test.each([
    ['without a host (in-process emit and its reaper)', 'none'],
    ['with a host', 'running'],
    ['with a host SIGKILLed mid-run (its watchdog)', 'killed'],
    ['the same where the watchdog journal cannot be written (told on its pipe)', 'killed, no journal'],
  ] as const)(
    '%s: no survivors',
    async (_title, host) => {
      expect(await escapeTrials(2, host)).toStrictEqual({ trials: 10, survivors: 0, crashes: 0 });
    },
    120_000,
  );
});
