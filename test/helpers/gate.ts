// A gate a hook waits at (`read _ < GATE` in its shell) until the test opens it: tests order steps by
// events, not by how long a `sleep` is.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';

export interface Gate {
  /** The FIFO's path, for the hook's `read _ < PATH`. */
  path: string;
  /** Lets the waiting hook through (the write completes once the hook has the FIFO open). */
  open(): Promise<void>;
}

export function makeGate(path: string): Gate {
  execFileSync('mkfifo', [path]);
  return { path, open: () => writeFile(path, 'go\n') };
}

export interface Mark {
  /** The FIFO's path, for the hook's `echo > PATH` when it gets there. */
  path: string;
  /** Settles once the hook has written to the mark. */
  reached: Promise<void>;
}

/** The other direction: the test waits until a hook has reached a point (it is running, say). */
export function makeMark(path: string): Mark {
  execFileSync('mkfifo', [path]);
  return { path, reached: readFile(path).then(() => undefined) };
}
