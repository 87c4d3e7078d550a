// Trees whose hook has settled (its main process exited) but may have left processes behind: a
// background child still in the group, or an escapee that called setsid. They are looked at once,
// soon and in batches (one pass over /proc serves every hook that settled meanwhile); what is still
// alive is ended at the hook's deadline, exactly as if the hook itself had run that long.
import { endTree } from './end.js';
import { isTracked, treeMembers, untrackTree, type HookTree } from './groups.js';
import { inBackground } from '../background.js';

/** Settled hooks are looked at together after this pause, off the path of their answer. */
const LOOK_DELAY_MS = 50;

const toLook = new Set<HookTree>();
let lookTimer: NodeJS.Timeout | null = null;

export function watchSettled(tree: HookTree): void {
  toLook.add(tree);
  lookTimer ??= setTimeout(look, LOOK_DELAY_MS).unref();
}

function look(): void {
  lookTimer = null;
  const trees = [...toLook].filter(isTracked);
  toLook.clear();
  const members = treeMembers(trees);
  for (const tree of trees) {
    if (!members.get(tree)!.members.length) untrackTree(tree);
    else endAtDeadline(tree);
  }
}

function endAtDeadline(tree: HookTree): void {
  // Unref'd: a process with nothing else to do may exit; its exit hook or reaper hand-off ends the rest.
  setTimeout(
    () => isTracked(tree) && inBackground(endTree(tree), 'ending a hook'),
    Math.max(0, tree.deadline - Date.now()),
  ).unref();
}
