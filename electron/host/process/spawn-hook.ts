// How a hook's process is started: by libc's posix_spawn on Linux (posix-spawn.ts, a vfork-style spawn
// some 5 ms cheaper a hook), else, or where it cannot be bound, or with HOOKPANEL_SPAWN=node, by libuv
// through execa. Either gives the runner the same child: a pid, three pipes, an `exit` event.
import type { EventEmitter } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import type { Options } from 'execa';
import { loadExeca } from './execa.js';
import { loadPosixSpawner } from './posix-spawn.js';

/** A started hook as the runner uses it. Spawn failures throw (posix) or are an `error` event (execa). */
export interface HookChild extends EventEmitter {
  pid: number | undefined;
  stdin: Writable;
  stdout: Readable;
  stderr: Readable;
}

export type SpawnHook = (argv: readonly string[], cwd: string, env: Record<string, string>) => HookChild;

/** How execa spawns a hook (the engine benchmark spawns with the same, to show execa's own cost). */
export function hookExecaOptions(cwd: string, env: Record<string, string>) {
  return {
    cwd,
    env,
    extendEnv: false,
    detached: process.platform !== 'win32',
    windowsHide: true,
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
    // Output is read by the runner, bounded; execa's promise is not what settles a hook (run.ts).
    buffer: false,
    encoding: 'buffer',
    reject: false,
  } as const satisfies Options;
}

/** posix_spawn's (Linux only), or libuv's through execa. */
export type SpawnKind = 'posix' | 'node';

/** The spawner hooks are started with; `why` says why posix_spawn could not be bound where it was wanted. */
export interface HookSpawner {
  spawn: SpawnHook;
  kind: SpawnKind;
  why?: string;
}

const loaded = new Map<SpawnKind, Promise<HookSpawner>>();

/** The spawner, loaded once a kind: posix_spawn on Linux where it binds and HOOKPANEL_SPAWN is not `node`. */
export function loadSpawnHook(env: NodeJS.ProcessEnv = process.env): Promise<HookSpawner> {
  const asked: SpawnKind = process.platform === 'linux' && env.HOOKPANEL_SPAWN !== 'node' ? 'posix' : 'node';
  let spawner = loaded.get(asked);
  if (!spawner) {
    spawner = choose(asked);
    loaded.set(asked, spawner);
  }
  return spawner;
}

async function choose(asked: SpawnKind): Promise<HookSpawner> {
  const posix = asked === 'posix' ? await loadPosixSpawner() : null;
  if (typeof posix === 'function') return { spawn: posix, kind: 'posix' };
  const { execa } = await loadExeca();
  const spawn: SpawnHook = (argv, cwd, env) => {
    const child = execa(argv[0]!, argv.slice(1), hookExecaOptions(cwd, env));
    child.catch(() => {});
    return child as unknown as HookChild;
  };
  return { spawn, kind: 'node', ...(posix === null ? {} : { why: posix }) };
}
