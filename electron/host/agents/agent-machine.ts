// The machine an agent's files are on and its program runs on: this computer, or one reached over the
// person's own ssh (remote/remote-machine.ts). An agent's connect part reads, removes and starts
// through it, so one part connects the agent here and there alike.
import { readFile, rm } from 'node:fs/promises';
import type { HostEnv } from '../paths.js';

/** A program on another machine: found on that machine's PATH, started through a command run here. */
export interface ProgramElsewhere {
  /** The machine, as messages name it (user@host). */
  where: string;
  /** The program's path as a command run there finds it on PATH, or null where there is none. */
  find(name: string): Promise<string | null>;
  /** argv, run here, that starts `program args` there, its stdin, stdout and stderr piped through. */
  argv(program: string, args: string[]): [string, ...string[]];
}

/** How the agent's own program starts: its environment and folder here, or, elsewhere, the way there. */
export interface ProgramLaunch {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  elsewhere?: ProgramElsewhere;
}

export interface AgentMachine {
  /** user@host, or null for this computer. */
  readonly target: string | null;
  /** The file's text, or null where there is none. */
  readFile(path: string): Promise<string | null>;
  /** Removes the file; nothing where there is none. */
  removeFile(path: string): Promise<void>;
  readonly programs: ProgramLaunch;
}

/** This computer, with the host's environment and home. */
export function thisComputer(host: HostEnv): AgentMachine {
  return {
    target: null,
    readFile: (path) =>
      readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return null;
        throw e;
      }),
    removeFile: (path) => rm(path, { force: true }),
    programs: { env: { ...host.env }, cwd: host.home },
  };
}
