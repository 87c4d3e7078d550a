import { mkdir, open, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A lock file held for the duration of fn; stale locks (holder died) are broken after staleMs. */
export async function withFileLock<T>(lockPath: string, fn: () => Promise<T>, staleMs = 10_000): Promise<T> {
  await mkdir(dirname(lockPath), { recursive: true, mode: 0o700 });
  const deadline = Date.now() + staleMs * 3;
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(lockPath, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const age = await stat(lockPath).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > staleMs) await rm(lockPath, { force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for lock ${lockPath}`, { cause: e });
      await sleep(Math.min(5 + attempt * 2, 50));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lockPath, { force: true });
  }
}
