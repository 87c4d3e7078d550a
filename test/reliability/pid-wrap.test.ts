// PID wraparound, forced (root writes /proc/sys/kernel/ns_last_pid): a hook's escapees forked after a
// wrap still end at its deadline, and a stranger that took a dead hook group's pgid is never signalled.
// Every kill checks identity (pid and start time). Skipped, saying so, where a wrap cannot be forced.
import { describe, expect, test } from 'vitest';
import { canForceWrap, strangerGroupTrials, wrapEscapeTrials } from './wrap-trials.js';

describe.runIf(canForceWrap())('after a forced pid wrap', () => {
  test("a hook's escapees forked after the wrap end at its deadline", async () => {
    expect(await wrapEscapeTrials(3)).toEqual({ trials: 3, survivors: 0, lost: 0, crashes: 0 });
  }, 120_000);

  test("ending a hook's tree never signals a stranger that took its group's pgid", async () => {
    expect(await strangerGroupTrials(2)).toEqual({ trials: 2, survivors: 0, lost: 0, crashes: 0 });
  }, 120_000);
});

test.runIf(!canForceWrap())('pid wrap trials need root on Linux (ns_last_pid); skipped here', () => {});
