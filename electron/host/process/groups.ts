// Every live hook process tree, so none outlives its timeout or the host (detached hooks aside).
// A tree is the hook's process group plus every process that carries the hook's tag in its
// environment: the group alone misses children that called setsid or were double-forked away.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  lastPid,
  nowTicks,
  pidEpoch,
  processTable,
  sameProcess,
  taggedProcesses,
  type ProcessRow,
} from './proc-table.js';

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
  /**
   * Every process of the tree has a pid handed out at or after this one, as long as no wrap came
   * since (`epoch`, see proc-table.ts); its processes are told by their start time in any case.
   */
  since: number | null;
  /** The pid epoch `since` was read in: elsewhere (a wrap since, another process) the whole table is read. */
  epoch?: string | null;
  /** Linux: clock ticks since boot before the hook was spawned; every process of the tree started since. */
  sinceTicks?: number | null;
  /** Linux: the leader's start time: the group is the hook's while its leader is this process. */
  leaderStart?: number | null;
  /**
   * Members of the group that carry no tag (they emptied their environment), seen while the group
   * was proven the hook's, as `pid:start`: still in it, they prove it is still the hook's group.
   */
  known?: string[];
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

/**
 * A tree for a process about to be spawned with `tag`: where the pids and the clock stand now, so that
 * every process of the tree is told by having started since, whatever pids wrap meanwhile.
 */
export function treeBeforeSpawn(tag: string, deadline: number, graceMs: number): HookTree {
  const last = lastPid();
  return {
    tag,
    pgid: null,
    since: last === null ? null : last + 1,
    epoch: pidEpoch(),
    sinceTicks: nowTicks(),
    leaderStart: null,
    deadline,
    graceMs,
  };
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
  const table = processTable();
  return table ? table.some((p) => p.pgrp === pgid) : true;
}

/** One look at a tree: its live processes, and whether its process group is still its own. */
export interface TreeLook {
  /** Each with its start time: it is signalled only while its pid still names that process. */
  members: ProcessRow[];
  /**
   * The group with the hook's pgid is the hook's own: its leader (same start time), a process
   * carrying its tag or one already proven is in it. A group whose members all died frees its id,
   * which a stranger's new group may then take: that one is never signalled.
   */
  group: boolean;
}

const KNOWN_MAX = 32;

/**
 * Live members of each tree: its group's members (while the group is proven its own) and every
 * process carrying its tag, from one pass over /proc, each started since the tree was. Where there
 * is no /proc, a group that answers kill 0 counts as its leader.
 */
export function treeMembers(trees: readonly HookTree[]): Map<HookTree, TreeLook> {
  const out = new Map<HookTree, TreeLook>();
  if (!trees.length) return out;
  const table = processTable(readFrom(trees));
  if (!table) {
    for (const t of trees)
      out.set(
        t,
        t.pgid !== null && groupAlive(t.pgid)
          ? { members: [{ pid: t.pgid, ppid: 0, pgrp: t.pgid, startTicks: -1 }], group: true }
          : { members: [], group: false },
      );
    return out;
  }
  // Only processes started since the oldest tree began can be any tree's; environments are read of those.
  const oldest = Math.min(...trees.map((t) => t.sinceTicks ?? -Infinity));
  const young = table.filter((p) => p.startTicks >= oldest);
  const tagged = taggedProcesses(
    trees.map((t) => t.tag),
    young,
  );
  for (const t of trees) {
    const since = t.sinceTicks ?? -Infinity;
    const byTag = (tagged.get(t.tag) ?? []).filter((p) => p.startTicks >= since);
    const tagPids = new Set(byTag.map((p) => p.pid));
    const inGroup = t.pgid === null ? [] : young.filter((p) => p.pgrp === t.pgid && p.startTicks >= since);
    const key = (p: ProcessRow) => `${p.pid}:${p.startTicks}`;
    const group = inGroup.some(
      (p) =>
        tagPids.has(p.pid) ||
        (p.pid === t.pgid &&
          t.leaderStart !== undefined &&
          t.leaderStart !== null &&
          p.startTicks === t.leaderStart) ||
        !!t.known?.includes(key(p)),
    );
    const members = [...byTag];
    if (group) {
      const untagged = inGroup.filter((p) => !tagPids.has(p.pid));
      members.push(...untagged);
      if (untagged.length) t.known = untagged.map(key).slice(0, KNOWN_MAX);
    }
    out.set(t, { members, group });
  }
  return out;
}

/**
 * The pid from which the trees' processes are read: the oldest tree's first, while every tree was
 * started in this epoch and no wrap came since (proc-table.ts); else none, and the whole table is read.
 */
function readFrom(trees: readonly HookTree[]): number | undefined {
  const last = lastPid();
  const epoch = pidEpoch();
  let from = Infinity;
  for (const t of trees) {
    if (t.since === null || t.epoch !== epoch) return undefined;
    from = Math.min(from, t.since);
  }
  return last !== null && last >= from ? from : undefined;
}

/**
 * Live descendants of a process (children, their children, …), each with its start time, from /proc
 * on Linux; [] elsewhere. For children that share our process group (the MCP SDK spawns servers that
 * way), where killing the group is not an option.
 */
export function descendantsOf(pid: number): ProcessRow[] {
  const table = processTable();
  if (!table) return [];
  const out: ProcessRow[] = [];
  let frontier = [pid];
  while (frontier.length) {
    const next = table.filter((p) => frontier.includes(p.ppid));
    out.push(...next);
    frontier = next.map((p) => p.pid);
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

/**
 * Signals one process seen earlier, only while its pid still names it (same start time): never a
 * pid alone. True when the signal was sent.
 */
export function signalProcess(seen: ProcessRow, signal: NodeJS.Signals): boolean {
  if (seen.pid <= 1 || seen.pid === process.pid || !sameProcess(seen)) return false;
  try {
    process.kill(seen.pid, signal);
    return true;
  } catch {
    return false; // gone since it was seen
  }
}

/** Signals the group, where the look proved it the tree's own, and each member seen, by identity. */
export function signalTree(tree: HookTree, look: TreeLook, signal: NodeJS.Signals): void {
  if (tree.pgid !== null && look.group) signalGroup(tree.pgid, signal);
  for (const p of look.members) signalProcess(p, signal);
}

/** Synchronous, for process exit: SIGKILL every tree still tracked, escapees included. */
export function killAllTrees(): void {
  const trees = trackedTrees();
  const looks = treeMembers(trees);
  for (const t of trees) {
    signalTree(t, looks.get(t)!, 'SIGKILL');
    untrackTree(t);
  }
}
