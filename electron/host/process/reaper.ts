// Handing a process's leftover hook trees to a small detached reaper, so the process can exit at once
// (the in-process `hookpanel emit`) while every straggler still ends at its hook's deadline.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TAG_VARIABLE, trackedTrees, treeMembers, untrackTree, type HookTree } from './groups.js';
import { nodeScriptEnv } from './node-script.js';

const REAPER = fileURLToPath(new URL('./reaper-main.js', import.meta.url));

/**
 * Gives every tracked tree that still has a live process to a detached reaper, and stops tracking
 * them all here (so this process's exit does not kill them early). Returns how many went.
 */
export function handOffTrees(): number {
  const trees = trackedTrees();
  if (!trees.length) return 0;
  const members = treeMembers(trees);
  const alive = trees.filter((t) => members.get(t)!.members.length > 0);
  for (const t of trees) untrackTree(t);
  if (alive.length) startReaper(alive);
  return alive.length;
}

function startReaper(trees: HookTree[]): void {
  const env = nodeScriptEnv(process.env);
  // The reaper must not be ended as part of some tree it was started from.
  delete env[TAG_VARIABLE];
  const child = spawn(process.execPath, [REAPER, JSON.stringify(trees)], {
    detached: true,
    stdio: 'ignore',
    env,
    windowsHide: true,
  });
  child.on('error', (e) => process.stderr.write(`hookpanel: could not start the reaper: ${e.message}\n`));
  child.unref();
}
