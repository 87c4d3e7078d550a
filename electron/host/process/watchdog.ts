// A resident host's insurance against its own sudden death (SIGKILL, a crash): a detached reaper that
// holds the read end of a pipe from the host and a journal of every hook tree tracked and released
// (tree-journal.ts). When the pipe closes (the host exited or was killed) it reads the journal and
// enforces the deadlines of whatever was still tracked. A clean exit kills every tree first, so it
// then has nothing to do. Nothing is sent to it while the host lives: no hook's answer waits on it.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { observeTrees, TAG_VARIABLE, trackedTrees } from './groups.js';
import { nodeScriptEnv } from './node-script.js';
import { TreeJournal } from './tree-journal.js';

const REAPER = fileURLToPath(new URL('./reaper-main.js', import.meta.url));

/** Starts watching; the reaper itself starts with the first hook, and its pipe closes with this process. */
export function startWatchdog(): void {
  let child: ChildProcess | null = null;
  let journal: TreeJournal | null = null;
  observeTrees({
    // Written before the hook is spawned, and again once its group is known.
    tracked: (tree) => {
      journal ??= TreeJournal.create();
      journal.write({ track: tree }, trackedTrees());
      // Not started yet, or it died: (re)start it; the journal holds everything tracked.
      child ??= spawnReaper(journal.fd, () => (child = null));
    },
    // Released trees are harmless to a reaper that still thinks them tracked (it ends only processes
    // that carry the tree's tag or are in its proven group, by start time), but the journal says so.
    untracked: (tag) => journal?.write({ untrack: tag }, trackedTrees()),
  });
}

function spawnReaper(journalFd: number, onGone: () => void): ChildProcess {
  const env = nodeScriptEnv(process.env);
  delete env[TAG_VARIABLE];
  const child = spawn(process.execPath, [REAPER, '--watch'], {
    detached: true,
    // fd 3: the journal, read once stdin (the pipe from this process) closes.
    stdio: ['pipe', 'ignore', 'ignore', journalFd],
    env,
    windowsHide: true,
  });
  child.on('error', onGone); // it will be started again with the next hook
  child.on('exit', onGone);
  child.stdin!.on('error', () => child.stdin!.destroy());
  // Neither the reaper nor the pipe to it may keep the host running.
  child.unref();
  (child.stdin as unknown as Socket).unref?.();
  return child;
}
