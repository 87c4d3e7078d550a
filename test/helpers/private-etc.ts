// A private /etc for real-client tests: programs run in their own mount namespace (`unshare -m`) whose
// /etc is an overlay with a temporary upper layer, so they see and write /etc/claude-code while the
// real /etc is never written. Linux only, and only where mount namespaces are permitted (root, CI).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Why this machine cannot give a process a private /etc, or null when it can. */
export function privateEtcWhy(): string | null {
  if (process.platform !== 'linux') return 'the system folder is only overlaid on Linux';
  const probe = spawnSync('unshare', ['-m', 'sh', '-c', 'mount --make-rprivate / && echo ok'], {
    encoding: 'utf8',
  });
  return probe.stdout.trim() === 'ok'
    ? null
    : `unshare -m is not permitted here (${(probe.stderr || String(probe.error)).trim()})`;
}

export interface PrivateEtc {
  /** The overlay's upper layer: what the programs wrote under /etc (`<upper>/claude-code/…`). */
  upper: string;
  /** A wrapper script that runs `program` with its arguments, seeing /etc through the overlay. */
  wrap(program: string): string;
}

/** A private /etc under `root`; every wrapper made from it shares one upper layer, run one at a time. */
export function privateEtc(root: string): PrivateEtc {
  const upper = join(root, 'overlay-upper');
  const work = join(root, 'overlay-work');
  mkdirSync(upper, { recursive: true });
  mkdirSync(work, { recursive: true });
  let n = 0;
  return {
    upper,
    wrap(program) {
      const wrapper = join(root, `private-etc-${n++}`);
      writeFileSync(
        wrapper,
        "#!/bin/sh\nexec unshare -m sh -c 'mount --make-rprivate / && " +
          `mount -t overlay overlay -o lowerdir=/etc,upperdir=${upper},workdir=${work} /etc && ` +
          `exec "$0" "$@"' '${program}' "$@"\n`,
        { mode: 0o755 },
      );
      return wrapper;
    },
  };
}
