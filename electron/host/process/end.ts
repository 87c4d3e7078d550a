// Ending a hook's tree: SIGTERM to the group and every tagged escapee, then SIGKILL after the grace
// to whatever is still alive, decided on the real process table (zombies do not count).
import { setTimeout as delay } from 'node:timers/promises';
import { treeMembers, untrackTree, signalTree, type HookTree } from './groups.js';

const POLL_MS = 25;
/** After SIGKILL: how long to wait for the table to show the tree gone. */
const KILL_SETTLE_MS = 1000;

export interface EndResult {
  /** Something was alive and got signalled. */
  signalled: boolean;
  /** Processes that were still alive after SIGKILL and the settle time (should be none). */
  survivors: number[];
}

/** `onSignal` is told at once (before the grace) when something alive got SIGTERM. */
export async function endTree(tree: HookTree, onSignal?: () => void): Promise<EndResult> {
  const [result] = await endTrees([tree], tree.graceMs, onSignal);
  return result!;
}

/** Ends several trees together: one pass over /proc per poll serves them all. */
export async function endTrees(
  trees: readonly HookTree[],
  graceMs: number,
  onSignal?: () => void,
): Promise<EndResult[]> {
  let members = treeMembers(trees);
  const signalled = new Set(trees.filter((t) => members.get(t)!.members.length > 0));
  for (const t of signalled) signalTree(t, members.get(t)!, 'SIGTERM');
  if (signalled.size) onSignal?.();
  const deadline = Date.now() + graceMs;
  let alive = [...signalled];
  while (alive.length && Date.now() < deadline) {
    await delay(POLL_MS);
    members = treeMembers(alive);
    alive = alive.filter((t) => members.get(t)!.members.length > 0);
  }
  // Anything left (TERM ignored, or forked during the grace) is killed; a fresh look finds new escapees.
  const killUntil = Date.now() + KILL_SETTLE_MS;
  while (alive.length) {
    for (const t of alive) signalTree(t, members.get(t)!, 'SIGKILL');
    if (Date.now() >= killUntil) break;
    await delay(POLL_MS);
    members = treeMembers(alive);
    alive = alive.filter((t) => members.get(t)!.members.length > 0);
  }
  for (const t of trees) untrackTree(t);
  return trees.map((t) => ({
    signalled: signalled.has(t),
    survivors: alive.includes(t) ? (members.get(t)?.members.map((p) => p.pid) ?? []) : [],
  }));
}
