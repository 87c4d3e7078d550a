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

/** Which spawn HOOKPANEL_SPAWN asks for: `node` is libuv's (through execa), anything else the default. */
export type SpawnKind = 'posix' | 'node';

const loaded = new Map<SpawnKind, Promise<{ spawn: SpawnHook; kind: SpawnKind; why?: string }>>();

/**
 * The spawner a hook is started with, loaded once a kind: posix_spawn where it binds, else execa
 * (`why` says why not posix_spawn, where it was asked for).
 */
export function loadSpawnHook(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ spawn: SpawnHook; kind: SpawnKind; why?: string }> {
  const asked: SpawnKind = env.HOOKPANEL_SPAWN === 'node' ? 'node' : 'posix';
  let spawner = loaded.get(asked);
  if (!spawner) {
    spawner = choose(asked);
    loaded.set(asked, spawner);
  }
  return spawner;
}

async function choose(asked: SpawnKind): Promise<{ spawn: SpawnHook; kind: SpawnKind; why?: string }> {
  const posix = asked === 'posix' ? await loadPosixSpawner() : 'HOOKPANEL_SPAWN=node';
  if (typeof posix !== 'string') return { spawn: posix.spawn, kind: 'posix' };
  const { execa } = await loadExeca();
  const spawn: SpawnHook = (argv, cwd, env) => {
    const child = execa(argv[0]!, argv.slice(1), hookExecaOptions(cwd, env));
    child.catch(() => {});
    return child as unknown as HookChild;
  };
  return { spawn, kind: 'node', why: posix };
}
