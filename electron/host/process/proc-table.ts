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
 * Every live (non-zombie) process, or null where there is no /proc. With `since`, only processes
 * that may have been started after that pid was (see newerPids): a hook's group and descendants.
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
  if (since !== undefined) {
    // Listing /proc costs about a millisecond per hundred processes (the kernel builds it entry by
    // entry); the pids handed out since a hook started are usually a handful, each probed directly.
    const last = lastPid();
    if (last !== null && last >= since && last - since < PROBE_MAX)
      return Array.from({ length: last - since + 1 }, (_, i) => since + i);
  }
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((n) => n.charCodeAt(0) >= 48 && n.charCodeAt(0) <= 57)
      .map(Number);
  } catch {
    return null;
  }
  return since === undefined ? pids : newerPids(pids, since);
}

/**
 * Of the pids listed, those that may belong to processes started after `since`'s was: pids are handed
 * out in rising order until they wrap at pid_max, and the kernel tells the last one it gave
 * (ns_last_pid), so a wrap since then is seen. Reading every process's files costs milliseconds per
 * hundred processes on a busy machine; a hook's descendants are a handful of the newest.
 */
function newerPids(pids: number[], since: number): number[] {
  const last = lastPid();
  if (last === null) return pids;
  return last >= since ? pids.filter((p) => p >= since) : pids.filter((p) => p >= since || p <= last);
}

let lastPidFd: number | null | undefined;
const lastPidBuffer = Buffer.alloc(32);

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
    return Number.isInteger(last) && last > 0 ? last : null;
  } catch {
    return null;
  }
}

const ENVIRON_CHUNK = 64 * 1024;
let environBuffer: Buffer | null = null;

/**
 * Live processes whose environment holds one of the tags (`NAME=value` strings), by tag. Every
 * descendant of a hook inherits its environment, so this finds them after setsid or a double fork,
 * when neither the process group nor the parent chain leads to them any more. With `since` (the pid
 * of the tree's first process), only newer pids are read; with `among` (a table just read), only
 * those processes. The value is random, so a match is the tag itself. Reading another user's environ
 * fails, which is right: those are not ours to end.
 */
export function taggedProcesses(
  tags: readonly string[],
  since?: number,
  among?: readonly ProcessRow[],
): Map<string, number[]> {
  const found = new Map<string, number[]>(tags.map((t) => [t, []]));
  const names = !tags.length ? null : among ? among.map((p) => p.pid) : procPids(since);
  if (!names) return found;
  const needles = tags.map((t) => [t, Buffer.from(t)] as const);
  environBuffer ??= Buffer.alloc(ENVIRON_CHUNK);
  for (const name of names) {
    let fd: number | undefined;
    try {
      fd = openSync(`/proc/${name}/environ`, 'r');
      // A zombie's environ reads empty: it matches no tag, as it should.
      const text = readAll(fd, environBuffer);
      for (const [tag, needle] of needles) if (text.includes(needle)) found.get(tag)!.push(Number(name));
    } catch {
      // gone, or not ours to read
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
  // A process that just became a zombie may still show its environment: keep only the living.
  for (const [tag, pids] of found)
    found.set(
      tag,
      pids.filter((pid) => readStat(pid) !== null),
    );
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
