// CPU seconds from /proc/<pid>/stat (this process's by default): the process's own, every thread's, and
// that of its children that ended and were waited for (utime, stime, cutime and cstime,
// https://man7.org/linux/man-pages/man5/proc_pid_stat.5.html). Linux only: null elsewhere.
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times: 100 on every Linux (USER_HZ). */
const TICKS = 100;

export function processCpu(pid: number | 'self' = 'self'): { self: number; children: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from the state on: utime is the 12th.
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return { self: (f[11]! + f[12]!) / TICKS, children: (f[13]! + f[14]!) / TICKS };
  } catch {
    return null;
  }
}
