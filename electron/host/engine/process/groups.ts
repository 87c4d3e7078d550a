// Every live hook process group, so none outlives its timeout or the host (detached hooks aside).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const live = new Set<number>();
let exitHookInstalled = false;

export function trackGroup(pgid: number): void {
  live.add(pgid);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', killAllGroups);
  }
}

export function untrackGroup(pgid: number): void {
  live.delete(pgid);
}

/** True while any process of the group is alive (kill 0 probes without signalling). */
export function groupAlive(pgid: number): boolean {
  if (process.platform === 'win32') return false;
  try {
    process.kill(-pgid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A zombie still answers kill 0 until something reaps it, and where PID 1 does not reap
  // (containers) that is never: on Linux, count only members that are not zombies.
  return process.platform === 'linux' ? groupMembers(pgid).length > 0 : true;
}

/** Live (non-zombie) members of a process group, from /proc. */
export function groupMembers(pgid: number): number[] {
  const table = processTable();
  if (!table) return [pgid];
  return table.filter((p) => p.pgrp === pgid).map((p) => p.pid);
}

/**
 * Live descendants of a process (children, their children, …), from /proc on Linux; [] elsewhere.
 * For children that share our process group (the MCP SDK spawns servers that way), where killing the
 * group is not an option.
 */
export function descendantsOf(pid: number): number[] {
  const table = processTable();
  if (!table) return [];
  const out: number[] = [];
  let frontier = [pid];
  while (frontier.length) {
    const next = table.filter((p) => frontier.includes(p.ppid)).map((p) => p.pid);
    out.push(...next);
    frontier = next;
  }
  return out;
}

interface ProcessRow {
  pid: number;
  ppid: number;
  pgrp: number;
}

/** Every live (non-zombie) process, or null where there is no /proc. */
function processTable(): ProcessRow[] | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  const out: ProcessRow[] = [];
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses, so split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') continue;
    out.push({ pid: Number(name), ppid: Number(fields[1]), pgrp: Number(fields[2]) });
  }
  return out;
}

export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  if (process.platform === 'win32') {
    try {
      // taskkill /T walks the process tree; /F forces, since Windows has no SIGTERM to ignore.
      execFileSync('taskkill', ['/T', '/F', '/PID', String(pgid)], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  }
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Synchronous, for process exit: SIGKILL every group still tracked. */
export function killAllGroups(): void {
  for (const pgid of live) signalGroup(pgid, 'SIGKILL');
  live.clear();
}

export function liveGroupCount(): number {
  return live.size;
}
