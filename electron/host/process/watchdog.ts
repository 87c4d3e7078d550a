// A resident host's insurance against its own sudden death (SIGKILL, a crash): a detached reaper that
// is told of every hook tree tracked and released, and that enforces the deadlines of whatever is
// still tracked when its stdin closes. A clean exit kills every tree first, so it has nothing to do.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { observeTrees, TAG_VARIABLE, trackedTrees, type HookTree } from './groups.js';
import { nodeScriptEnv } from './node-script.js';

const REAPER = fileURLToPath(new URL('./reaper-main.js', import.meta.url));

/**
 * A released tree is told a little later, with any others released meanwhile: each line wakes the
 * reaper, and a hook's release comes just before its answer. A tree the reaper still thinks tracked is
 * harmless (it ends only processes that carry the tree's tag or are in its proven group, by start time).
 */
const UNTRACK_DELAY_MS = 50;

/** Starts watching; the reaper itself starts with the first hook, and its pipe closes with this process. */
export function startWatchdog(): void {
  let child: ChildProcess | null = null;
  let released: string[] = [];
  let timer: NodeJS.Timeout | null = null;
  const sendTracked = (tree: HookTree) => {
    // Not started yet, or it died: (re)start it with everything tracked now.
    if (!child?.stdin || child.stdin.destroyed) child = spawnReaper(trackedTrees());
    else child.stdin.write(`${JSON.stringify({ track: tree })}\n`);
  };
  const sendReleased = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const lines = released.map((tag) => `${JSON.stringify({ untrack: tag })}\n`).join('');
    released = [];
    // Nothing to tell a reaper not started yet, or dead (the next one starts with what is tracked).
    if (lines && child?.stdin && !child.stdin.destroyed) child.stdin.write(lines);
  };
  observeTrees({
    // Releases first, in order: a tag tracked again (an outbox job's next attempt) must stay tracked.
    tracked: (tree: HookTree) => {
      if (released.length) sendReleased();
      sendTracked(tree);
    },
    untracked: (tag) => {
      released.push(tag);
      timer ??= setTimeout(sendReleased, UNTRACK_DELAY_MS).unref();
    },
  });
}

function spawnReaper(trees: HookTree[]): ChildProcess {
  const env = nodeScriptEnv(process.env);
  delete env[TAG_VARIABLE];
  const child = spawn(process.execPath, [REAPER, '--watch'], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
    env,
    windowsHide: true,
  });
  child.on('error', () => {}); // it will be started again with the next hook
  child.stdin!.on('error', () => child.stdin!.destroy());
  // Neither the reaper nor the pipe to it may keep the host running.
  child.unref();
  (child.stdin as unknown as Socket).unref?.();
  for (const tree of trees) child.stdin!.write(`${JSON.stringify({ track: tree })}\n`);
  return child;
}
