// The process table as Linux shows it in /proc: who is alive (zombies do not count), in which group,
// started when, and which processes carry a tag in their environment. Elsewhere there is no /proc:
// callers fall back to what kill(pid, 0) can tell.
import { closeSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';

export interface ProcessRow {
  pid: number;
  ppid: number;
  pgrp: number;
  /** Start time in clock ticks since boot (field 22 of /proc/<pid>/stat). */
  startTicks: number;
}

/**
 * Every live (non-zombie) process, or null where there is no /proc. With `since`, only pids from it up
 * to the last one handed out: the caller vouches that no wrap came since (pidEpoch).
 */
export function processTable(since?: number): ProcessRow[] | null {
  const pids = procPids(since);
  if (!pids) return null;
  const out: ProcessRow[] = [];
  for (const pid of pids) {
    const row = readStat(pid);
    if (row) out.push(row);
  }
  return out;
}

/** One process's row, or null when it is gone, a zombie, or there is no /proc. */
export function processRow(pid: number): ProcessRow | null {
  return readStat(pid);
}

function readStat(pid: number): ProcessRow | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return null;
  }
  // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses, so split after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z' || fields[0] === 'X') return null;
  // A thread other than its process's first (exit_signal -1): reachable by its id, though /proc lists
  // only processes; its process is the one that counts.
  if (fields[35] === '-1') return null;
  return { pid, ppid: Number(fields[1]), pgrp: Number(fields[2]), startTicks: Number(fields[19]) };
}

/** Up to this many pids handed out since a tree started are probed one by one rather than listed. */
const PROBE_MAX = 256;

function procPids(since?: number): number[] | null {
  if (process.platform !== 'linux') return null;
  const last = since === undefined ? null : lastPid();
  // Listing /proc costs about a millisecond per hundred processes (the kernel builds it entry by
  // entry); the pids handed out since a hook started are usually a handful, each probed directly.
  if (since !== undefined && last !== null && last >= since && last - since < PROBE_MAX)
    return Array.from({ length: last - since + 1 }, (_, i) => since + i);
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((n) => n.charCodeAt(0) >= 48 && n.charCodeAt(0) <= 57)
      .map(Number);
  } catch {
    return null;
  }
  return since === undefined || last === null || last < since ? pids : pids.filter((p) => p >= since);
}

let lastPidFd: number | null | undefined;
const lastPidBuffer = Buffer.alloc(32);

/**
 * Pids are handed out in rising order until they wrap at pid_max (or root writes ns_last_pid), so
 * "pids from the tree's first one on" finds its processes only while no wrap came since it started.
 * Every read of the last pid is watched: the epoch changes when the value went down (a wrap) or when
 * it was not read for longer than a wrap could possibly take to go unseen; a tree started in another
 * epoch is looked up in the whole table, by start time. The epoch names this process, so a tree
 * handed to a reaper is always looked up that way there.
 */
let pidWatch: { last: number; at: number } | null = null;
let epoch = 0;
const VOUCH_MS = 1000;

/** The epoch of the pids read so far (see above); read the last pid first. */
export function pidEpoch(): string {
  return `${process.pid}.${epoch}`;
}

/** The last pid the kernel handed out in our pid namespace, or null where it does not say. */
export function lastPid(): number | null {
  if (process.platform !== 'linux') return null;
  if (lastPidFd === undefined) {
    try {
      // Kept open and read at offset 0: the kernel writes the value afresh on every read, and this
      // is read around every hook (a whole readFileSync costs several times as much).
      lastPidFd = openSync('/proc/sys/kernel/ns_last_pid', 'r');
    } catch {
      lastPidFd = null;
    }
  }
  if (lastPidFd === null) return null;
  try {
    const n = readSync(lastPidFd, lastPidBuffer, 0, lastPidBuffer.length, 0);
    const last = Number(lastPidBuffer.toString('latin1', 0, n));
    if (!Number.isInteger(last) || last <= 0) return null;
    const now = performance.now();
    if (pidWatch && (last < pidWatch.last || now - pidWatch.at > VOUCH_MS)) epoch++;
    pidWatch = { last, at: now };
    return last;
  } catch {
    return null;
  }
}

let uptimeFd: number | null | undefined;

/**
 * Now, in the clock ticks (1/100 s) of a process's start time (/proc/<pid>/stat field 22, since
 * boot): a process started after this was read has a start time at least this. Null off Linux.
 */
export function nowTicks(): number | null {
  if (process.platform !== 'linux') return null;
  if (uptimeFd === undefined) {
    try {
      uptimeFd = openSync('/proc/uptime', 'r');
    } catch {
      uptimeFd = null;
    }
  }
  if (uptimeFd === null) return null;
  try {
    const n = readSync(uptimeFd, lastPidBuffer, 0, lastPidBuffer.length, 0);
    const m = /^(\d+)\.(\d\d)/.exec(lastPidBuffer.toString('latin1', 0, n));
    return m ? Number(m[1]) * 100 + Number(m[2]) : null;
  } catch {
    return null;
  }
}

/** A process's start time, zombie or not (a child not yet reaped is one), or null when it is gone. */
export function startTicksOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  } catch {
    return null;
  }
}

/**
 * True while the pid still names the very process that was seen (same start time, not a zombie):
 * checked before every signal, so a pid reused meanwhile is never signalled. Off Linux, where
 * there is no start time to compare, a live pid counts.
 */
export function sameProcess(seen: Pick<ProcessRow, 'pid' | 'startTicks'>): boolean {
  if (process.platform !== 'linux') return true;
  return readStat(seen.pid)?.startTicks === seen.startTicks;
}

const ENVIRON_CHUNK = 64 * 1024;
let environBuffer: Buffer | null = null;

/**
 * Live processes whose environment holds one of the tags (`NAME=value` strings), by tag. Every
 * descendant of a hook inherits its environment, so this finds them after setsid or a double fork,
 * when neither the process group nor the parent chain leads to them any more. With `among` (a table
 * just read), only those processes. The value is random, so a match is the tag itself. Each process's
 * start time is read before its environment and again after: a pid that changed hands in between
 * is not counted. Reading another user's environ fails, which is right: those are not ours to end.
 */
export function taggedProcesses(
  tags: readonly string[],
  among?: readonly ProcessRow[],
): Map<string, ProcessRow[]> {
  const found = new Map<string, ProcessRow[]>(tags.map((t) => [t, []]));
  const rows = !tags.length ? null : (among ?? processTable());
  if (!rows) return found;
  const needles = tags.map((t) => [t, Buffer.from(t)] as const);
  environBuffer ??= Buffer.alloc(ENVIRON_CHUNK);
  for (const row of rows) {
    let fd: number | undefined;
    try {
      fd = openSync(`/proc/${row.pid}/environ`, 'r');
      // A zombie's environ reads empty: it matches no tag, as it should.
      const text = readAll(fd, environBuffer);
      for (const [tag, needle] of needles) if (text.includes(needle)) found.get(tag)!.push(row);
    } catch {
      // gone, or not ours to read
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
  // Still the process whose environment was read, and not a zombie (which may still show it).
  for (const [tag, list] of found) found.set(tag, list.filter(sameProcess));
  return found;
}

function readAll(fd: number, buf: Buffer): Buffer {
  let len = 0;
  for (;;) {
    const n = readSync(fd, buf, len, buf.length - len, null);
    if (n <= 0) return buf.subarray(0, len);
    len += n;
    if (len < buf.length) continue;
    // A large environment: the rest goes into fresh buffers.
    const parts: Buffer[] = [Buffer.from(buf)];
    for (;;) {
      const more = Buffer.alloc(ENVIRON_CHUNK);
      const m = readSync(fd, more, 0, more.length, null);
      if (m <= 0) return Buffer.concat(parts);
      parts.push(more.subarray(0, m));
    }
  }
}

let cachedBootId: string | null | undefined;

/** This boot's id on Linux (a pid and a start time mean nothing across a reboot), else null. */
export function bootId(): string | null {
  if (cachedBootId !== undefined) return cachedBootId;
  try {
    cachedBootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    cachedBootId = null;
  }
  return cachedBootId;
}
