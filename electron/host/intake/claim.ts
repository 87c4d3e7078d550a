// One host per Hookpanel home. The intake socket is the home's one door: a second host that bound it
// would take the agents' events from the first silently (its waiting requests vanishing from
// `hookpanel requests`), and on stopping would delete the first's socket. So a host first claims the
// home with a lock file naming itself (pid, start time, boot: pids are reused), created exclusively;
// a second host finds it, sees its owner alive, and refuses, naming it. A lock whose owner died is
// stale and taken over, with the socket it left.
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { identityAlive, selfIdentity, type ProcessIdentity } from '../process/identity.js';

/** A second host on a home that has one: says which, and how to run both. */
export interface HostRunning {
  kind: 'host-running';
  owner: ProcessIdentity & { since?: string };
  message: string;
}

function hostRunning(owner: ProcessIdentity & { since?: string }, home: string): HostRunning {
  const since = owner.since ? `, running since ${owner.since}` : '';
  return {
    kind: 'host-running',
    owner,
    message:
      `another Hookpanel host is running on ${home} (pid ${owner.pid}${since}): stop it first, ` +
      'or give this one a home of its own with HOOKPANEL_HOME',
  };
}

export interface HomeClaim {
  kind: 'claimed';
  /** Gives the home up, if this host still holds it. */
  release(): void;
}

type LockBody = ProcessIdentity & { since?: string };

/** Claims the home for this process, or answers which host has it. */
export function claimHome(runDir: string, home: string): HomeClaim | HostRunning {
  mkdirSync(runDir, { recursive: true, mode: 0o700 });
  const lock = join(runDir, 'host.lock');
  const me: LockBody = { ...selfIdentity(), since: new Date().toISOString() };
  // Written whole, then linked into place: the lock never exists half-written, and link() fails if it exists.
  const mine = join(runDir, `host.lock.${process.pid}.${Date.now()}`);
  writeFileSync(mine, JSON.stringify(me), { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(mine, lock);
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw e;
      }
      const owner = readLock(lock);
      if (owner && owner.pid === me.pid && owner.start === me.start) break; // ours already
      if (owner && identityAlive(owner)) return hostRunning(owner, home);
      // Its host died (or the lock does not read): stale, as is the socket it left.
      rmSync(lock, { force: true });
    }
  } finally {
    rmSync(mine, { force: true });
  }
  return {
    kind: 'claimed',
    release() {
      const owner = readLock(lock);
      if (owner?.pid === me.pid && owner.start === me.start) rmSync(lock, { force: true });
    },
  };
}

function readLock(lock: string): LockBody | null {
  try {
    const body = JSON.parse(readFileSync(lock, 'utf8')) as Partial<LockBody>;
    if (typeof body.pid !== 'number') return null;
    return { pid: body.pid, start: body.start ?? null, boot: body.boot ?? null, since: body.since };
  } catch {
    return null;
  }
}
