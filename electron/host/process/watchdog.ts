// A resident host's insurance against its own sudden death (SIGKILL, a crash): a detached reaper that
// is told of every hook tree tracked and released, and that enforces the deadlines of whatever is
// still tracked when its stdin closes. A clean exit kills every tree first, so it has nothing to do.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { observeTrees, TAG_VARIABLE, trackedTrees, type HookTree } from './groups.js';
import { nodeScriptEnv } from './node-script.js';

const REAPER = fileURLToPath(new URL('./reaper-main.js', import.meta.url));

/** Starts watching; the reaper itself starts with the first hook, and its pipe closes with this process. */
export function startWatchdog(): void {
  let child: ChildProcess | null = null;
  const send = (line: object) => {
    if (!child?.stdin || child.stdin.destroyed) {
      // Not started yet, or it died: (re)start it with everything tracked now.
      if (!('track' in line)) return;
      child = spawnReaper(trackedTrees());
      return;
    }
    child.stdin.write(`${JSON.stringify(line)}\n`);
  };
  observeTrees({
    tracked: (tree: HookTree) => send({ track: tree }),
    untracked: (tag) => send({ untrack: tag }),
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
