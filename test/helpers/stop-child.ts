import type { ChildProcess } from 'node:child_process';

/**
 * Sends `signal` to a child still running and settles once it has exited (at once if it already had).
 * With `killAfterMs`, a child still there that long after is sent SIGKILL: a hung child must not hold
 * the test's teardown until its deadline.
 */
export function stopChild(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  opts: { killAfterMs?: number } = {},
): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const late =
      opts.killAfterMs === undefined ? null : setTimeout(() => child.kill('SIGKILL'), opts.killAfterMs);
    child.once('exit', () => {
      if (late) clearTimeout(late);
      resolve();
    });
    child.kill(signal);
  });
}
