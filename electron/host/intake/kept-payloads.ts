// The fast path's copies of its payloads (hookpanel-hook.sh): curl writes stdin to
// run/payloads/<the script's pid> and posts that file, naming it in a header, so that the script can
// still hand the payload to `hookpanel emit` should the host not answer. The host removes the copy once
// its answer is written; the script removes it on the fallback; what a killed script leaves is swept when
// a host starts. The header carries a pid, never a path: a request can name no file but these.
import { chmod, mkdir, readdir, stat, unlink } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';

export const KEPT_PAYLOAD_HEADER = 'x-hookpanel-payload';

/**
 * A copy older than this when a host starts belongs to no script: a script's fallback reads its copy
 * within moments of curl failing, and a host's death fails curl at once.
 */
const STALE_COPY_MS = 60_000;

/** The copies' folder beside the socket the script found (`<home>/run/payloads`). */
export const keptPayloadsDir = (socketPath: string) => join(dirname(socketPath), 'payloads');

/** Makes the folder owner-only, and removes what killed scripts left. */
export async function prepareKeptPayloads(dir: string, now = Date.now()): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  for (const name of await readdir(dir)) {
    const file = join(dir, name);
    try {
      if ((await stat(file)).mtimeMs < now - STALE_COPY_MS) await unlink(file);
    } catch {
      // removed meanwhile, or not ours to remove: the next start tries again
    }
  }
}

/** The copy a request names (a pid), or null when it names none or anything else. */
export function keptPayloadFile(dir: string | null, named: string | null): string | null {
  if (!dir || !named || !/^[1-9][0-9]{0,9}$/.test(named)) return null;
  return join(dir, named);
}

/**
 * Removes the copy once the answer has been handed to the socket: not before, so that a host killed
 * while it answers leaves the script its payload to run the event with.
 */
export function removeOnceAnswered(res: ServerResponse, file: string | null): void {
  if (file) res.once('finish', () => void unlink(file).catch(() => {}));
}
