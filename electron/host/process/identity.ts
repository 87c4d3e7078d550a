// Who a process is, beyond its pid: pids are reused, so a recorded owner is the pid plus its start
// time (and, on Linux, the boot it belongs to). A record whose process is gone, or whose pid now
// belongs to a process started at another time, names a dead owner.
import { execFileSync } from 'node:child_process';
import { z } from 'zod';
import { bootId, processRow } from './proc-table.js';

export const ProcessIdentitySchema = z.object({
  pid: z.number().int().positive(),
  /** Linux: start in clock ticks since boot; elsewhere `ps`'s start time; null where unknown. */
  start: z.string().nullable(),
  boot: z.string().nullable(),
});
export type ProcessIdentity = z.infer<typeof ProcessIdentitySchema>;

let self: ProcessIdentity | null = null;

export function selfIdentity(): ProcessIdentity {
  self ??= { pid: process.pid, start: startOf(process.pid), boot: bootId() };
  return self;
}

/** False only when the process recorded is certainly gone (or its pid now names another one). */
export function identityAlive(who: ProcessIdentity): boolean {
  if (who.boot && bootId() && who.boot !== bootId()) return false;
  try {
    process.kill(who.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (process.platform === 'linux' && processRow(who.pid) === null) return false; // a zombie
  if (who.start === null) return true;
  const now = startOf(who.pid);
  return now === null || now === who.start;
}

function startOf(pid: number): string | null {
  if (process.platform === 'linux') {
    const row = processRow(pid);
    return row ? String(row.startTicks) : null;
  }
  if (process.platform === 'win32') return null;
  try {
    // macOS and the BSDs: the start time as ps prints it, which is stable for the process's life.
    return execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}
