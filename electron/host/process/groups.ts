// Every live hook process tree, so none outlives its timeout or the host (detached hooks aside).
// A tree is the hook's process group plus every process that carries the hook's tag in its
// environment: the group alone misses children that called setsid or were double-forked away.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { processTable, taggedProcesses } from './proc-table.js';

/** The variable every hook process gets, with a value of its own: how its descendants are found. */
export const TAG_VARIABLE = 'HOOKPANEL_PROCESS_TAG';

export interface HookTree {
  /** `HOOKPANEL_PROCESS_TAG=<uuid>`, inherited by every descendant, the hook itself included. */
  tag: string;
  /**
   * The hook's pid, which leads its process group; null until it is spawned. A tree is tracked
   * before its hook starts, so no moment exists in which a process runs that nobody would end.
   */
  pgid: number | null;
  /** Every process of the tree has a pid handed out at or after this one (see proc-table.ts). */
  since: number | null;
  /** When the hook's timeout ends it (ms since the epoch). */
  deadline: number;
  /** Time between SIGTERM and SIGKILL. */
  graceMs: number;
}

export interface TreeObserver {
  /** A tree tracked, or tracked again now that its pgid is known. */
  tracked(tree: HookTree): void;
  untracked(tag: string): void;
}

const live = new Map<string, HookTree>();
const observers = new Set<TreeObserver>();
let exitHookInstalled = false;

export function newTag(): { name: string; value: string; tag: string } {
  const value = randomUUID();
  return { name: TAG_VARIABLE, value, tag: `${TAG_VARIABLE}=${value}` };
}

/** Tracks a tree (again, once its pgid is known). */
export function trackTree(tree: HookTree): void {
  live.set(tree.tag, tree);
  for (const o of observers) o.tracked(tree);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', killAllTrees);
  }
}

export function untrackTree(tree: HookTree): void {
  if (live.get(tree.tag) !== tree) return;
  live.delete(tree.tag);
  for (const o of observers) o.untracked(tree.tag);
}

/** Still tracked: not yet ended, released or handed off. */
export function isTracked(tree: HookTree): boolean {
  return live.get(tree.tag) === tree;
}

export function trackedTrees(): HookTree[] {
  return [...live.values()];
}

/** Told of every tree tracked from now on, and of every one already tracked. */
export function observeTrees(observer: TreeObserver): void {
  observers.add(observer);
  for (const tree of live.values()) observer.tracked(tree);
}

/** True while any process of the group is alive (kill 0 probes without signalling). */
export function groupAlive(pgid: number): boolean {
  try {
    // Windows has no process groups: the leader stands for its tree (taskkill /T ends the rest).
    process.kill(process.platform === 'win32' ? pgid : -pgid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A zombie still answers kill 0 until something reaps it, and where PID 1 does not reap
  // (containers) that is never: on Linux, count only members that are not zombies.
  const table = processTable(pgid);
  return table ? table.some((p) => p.pgrp === pgid) : true;
}

/**
 * Live members of each tree: its group's members and every process carrying its tag, from one pass
 * over /proc. Where there is no /proc, a group that answers kill 0 counts as its leader.
 */
export function treeMembers(trees: readonly HookTree[]): Map<HookTree, number[]> {
  const out = new Map<HookTree, number[]>();
  if (!trees.length) return out;
  // Members and descendants were all started after the tree was tracked: only newer pids are read.
  const starts = trees.map((t) => t.since ?? t.pgid);
  const since = starts.includes(null) ? undefined : Math.min(...(starts as number[]));
  const table = processTable(since);
  if (!table) {
    for (const t of trees) out.set(t, t.pgid !== null && groupAlive(t.pgid) ? [t.pgid] : []);
    return out;
  }
  // Environments are read only of the processes the table found alive.
  const tagged = taggedProcesses(
    trees.map((t) => t.tag),
    since,
    table,
  );
  for (const t of trees) {
    const members = new Set(table.filter((p) => t.pgid !== null && p.pgrp === t.pgid).map((p) => p.pid));
    for (const pid of tagged.get(t.tag) ?? []) members.add(pid);
    out.set(t, [...members]);
  }
  return out;
}

/**
 * Live descendants of a process (children, their children, …), from /proc on Linux; [] elsewhere.
 * For children that share our process group (the MCP SDK spawns servers that way), where killing the
 * group is not an option.
 */
export function descendantsOf(pid: number): number[] {
  const table = processTable(pid);
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

export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  // kill(-1) would signal every process we may signal, kill(0) our own group: never a hook's tree.
  if (!Number.isInteger(pgid) || pgid <= 1) return false;
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

/** Signals the group and each given member that left it. */
export function signalTree(tree: HookTree, members: readonly number[], signal: NodeJS.Signals): void {
  if (tree.pgid !== null) signalGroup(tree.pgid, signal);
  for (const pid of members) {
    if (pid <= 1 || pid === process.pid) continue;
    try {
      process.kill(pid, signal);
    } catch {
      // gone since it was seen
    }
  }
}

/** Synchronous, for process exit: SIGKILL every tree still tracked, escapees included. */
export function killAllTrees(): void {
  const trees = trackedTrees();
  const members = treeMembers(trees);
  for (const t of trees) {
    signalTree(t, members.get(t) ?? [], 'SIGKILL');
    untrackTree(t);
  }
}
