// The fast path's copies of its payloads (hookpanel-hook.sh): curl writes stdin to
// run/payloads/<a random name> and posts that file, naming it in a header, so that the script can
// still hand the payload to `hookpanel emit` should the host not answer. The host removes the copy once
// its answer is written; the script removes it on the fallback; what a killed script leaves (the harness
// ended it while the host worked) is swept, at start and every few minutes. The header carries a name,
// never a path: a request can name no file but these.
import { chmod, mkdir, readdir, stat, unlink } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { inBackground } from '../background.js';

export const KEPT_PAYLOAD_HEADER = 'x-hookpanel-payload';

/**
 * A copy older than this that no open request names belongs to no script: a script's fallback reads its
 * copy within moments of curl failing, and a host's death fails curl at once.
 */
const STALE_COPY_MS = 60_000;
const SWEEP_EVERY_MS = 5 * 60_000;

export class KeptPayloads {
  /** The copies named by requests still open: never swept, however long a person takes to answer. */
  private readonly inFlight = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  /** The copies' folder beside the socket the script found (`<home>/run/payloads`). */
  constructor(readonly dir: string) {}

  static besideSocket(socketPath: string): KeptPayloads {
    return new KeptPayloads(join(dirname(socketPath), 'payloads'));
  }

  /** Makes the folder owner-only, sweeps it, and sweeps it again every few minutes until stop(). */
  async start(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await chmod(this.dir, 0o700);
    await this.sweep();
    this.timer = setInterval(
      () => inBackground(this.sweep(), 'payload copies sweep'),
      SWEEP_EVERY_MS,
    ).unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Removes the copies older than a minute that no open request names. */
  async sweep(now = Date.now()): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return; // the folder removed: the scripts hold their payloads themselves until a host makes it again
    }
    for (const name of names) {
      if (this.inFlight.has(name)) continue;
      const file = join(this.dir, name);
      try {
        if ((await stat(file)).mtimeMs < now - STALE_COPY_MS) await unlink(file);
      } catch {
        // removed meanwhile, or not ours to remove: the next sweep tries again
      }
    }
  }

  /**
   * The copy a request names (a random name of hex digits and dashes, or a pid), held from the sweep
   * while the request is open; null when it names none, or anything that is not such a name.
   */
  claim(res: ServerResponse, named: string | null): string | null {
    if (!named || !/^[0-9a-f][0-9a-f-]{0,35}$/.test(named)) return null;
    this.inFlight.add(named);
    res.once('close', () => this.inFlight.delete(named));
    return join(this.dir, named);
  }
}

/**
 * Removes the copy once the answer has been handed to the socket: not before, so that a host killed
 * while it answers leaves the script its payload to run the event with.
 */
export function removeOnceAnswered(res: ServerResponse, file: string | null): void {
  if (file) res.once('finish', () => void unlink(file).catch(() => {}));
}
