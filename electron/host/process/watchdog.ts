// A resident host's insurance against its own sudden death (SIGKILL, a crash): a detached reaper that
// holds the read end of a pipe from the host and a journal of every hook tree tracked and released
// (tree-journal.ts). When the pipe closes (the host exited or was killed) it reads the journal and
// enforces the deadlines of whatever was still tracked. A clean exit kills every tree first, so it
// then has nothing to do. Nothing is sent to it while the host lives: no hook's answer waits on it.
// Where the journal cannot be written (a full temporary folder), the lines go on the pipe instead,
// as they did before the journal, so no tree is ever left untold.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { observeTrees, TAG_VARIABLE, trackedTrees } from './groups.js';
import { nodeScriptEnv } from './node-script.js';
import { TreeJournal, type JournalLine } from './tree-journal.js';

const REAPER = fileURLToPath(new URL('./reaper-main.js', import.meta.url));

/** Starts watching; the reaper itself starts with the first hook, and its pipe closes with this process. */
export function startWatchdog(): void {
  let child: ChildProcess | null = null;
  let journal: TreeJournal | null = null;
  /** The journal failed once: from then on every line goes on the pipe, after the trees tracked then. */
  let piped = false;
  const pipe = (lines: JournalLine[]) => {
    const text = lines.map((l) => `${JSON.stringify(l)}\n`).join('');
    if (text && child?.stdin && !child.stdin.destroyed) child.stdin.write(text);
  };
  // Everything tracked now, then each line as it comes: replayed after the journal, in order.
  const pipeAll = () => pipe(trackedTrees().map((track) => ({ track })));
  const tell = (line: JournalLine) => {
    if (piped || !journal) return pipe([line]);
    try {
      journal.write(line, trackedTrees());
    } catch {
      piped = true;
      pipeAll();
    }
  };
  observeTrees({
    // Told before the hook is spawned, and again once its group is known.
    tracked: (tree) => {
      if (!journal && !piped)
        try {
          journal = TreeJournal.create();
        } catch {
          piped = true;
        }
      // Not started yet, or it died: (re)start it; the journal (or the pipe, told at once) holds the rest.
      if (!child) {
        child = spawnReaper(journal?.fd ?? null, () => (child = null));
        if (piped) pipeAll();
      }
      tell({ track: tree });
    },
    // Released trees are harmless to a reaper that still thinks them tracked (it ends only processes
    // that carry the tree's tag or are in its proven group, by start time), but it is told all the same.
    untracked: (tag) => tell({ untrack: tag }),
  });
}

function spawnReaper(journalFd: number | null, onGone: () => void): ChildProcess {
  const env = nodeScriptEnv(process.env);
  delete env[TAG_VARIABLE];
  const child = spawn(process.execPath, [REAPER, '--watch'], {
    detached: true,
    // fd 3: the journal, read once stdin (the pipe from this process) closes.
    stdio: ['pipe', 'ignore', 'ignore', journalFd ?? 'ignore'],
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
