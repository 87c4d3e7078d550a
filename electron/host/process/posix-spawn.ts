// A hook spawned by libc's posix_spawn (through koffi, whose npm package carries its prebuilt library).
// glibc's posix_spawn is a clone with CLONE_VM | CLONE_VFORK: the host's page tables are not copied,
// where libuv forks on Linux, which cost a hook some 5 ms more (docs/engine.md, Processes). The
// child is then this process's own: libuv waits only for the pids it spawned, so its exit is taken
// here, by waitpid on SIGCHLD. What libuv's spawn gives a hook, this gives it too: its own session
// (setsid, as `detached`), every signal at its default and none blocked, stdin, stdout and stderr on
// pipes, the program found on the hook's own PATH, the working directory set before the exec, and a
// script without `#!` run by /bin/sh.
import { EventEmitter } from 'node:events';
import { accessSync, closeSync, constants as fsConstants, statSync } from 'node:fs';
import { Socket } from 'node:net';
import { constants as osConstants } from 'node:os';
import { resolve } from 'node:path';
import type { HookChild, SpawnHook } from './spawn-hook.js';

/** glibc's flags (spawn.h). */
const POSIX_SPAWN_SETSIGDEF = 0x04;
const POSIX_SPAWN_SETSIGMASK = 0x08;
const POSIX_SPAWN_SETSID = 0x80;
const O_CLOEXEC = 0o2000000;
const WNOHANG = 1;
/** Room for glibc's posix_spawnattr_t (336 bytes on x86-64), file actions (80) and sigset_t (128). */
const ATTR_BYTES = 1024;
const ACTIONS_BYTES = 512;
const SIGSET_BYTES = 256;
/** execvp's search path where the hook's environment has no PATH (glibc's and Node's default). */
const DEFAULT_PATH = '/usr/bin:/bin';
/**
 * How often the children are looked at without a SIGCHLD. The signal is what ends a wait; this is a
 * backstop for a signal never delivered, and it keeps the process alive while a hook runs, as libuv's
 * handle of a child does.
 */
const BACKSTOP_MS = 250;

type Fn = (...args: unknown[]) => number;

interface Libc {
  spawn: Fn;
  actionsInit: Fn;
  actionsDestroy: Fn;
  addDup2: Fn;
  addChdir: Fn;
  pipe2: Fn;
  waitpid: Fn;
  errno: () => number;
  /** The attributes every hook is spawned with, made once. */
  attr: Buffer;
}

/** Binds libc's functions (Linux's), or says why this process cannot spawn so. */
async function bindLibc(): Promise<Libc | string> {
  try {
    const koffi = (await import('koffi')).default;
    const libc = koffi.load('libc.so.6');
    const fn = (proto: string) => libc.func(proto) as Fn;
    const lib: Libc = {
      spawn: fn(
        'int posix_spawn(_Out_ int *pid, const char *path, void *actions, void *attr, const char **argv, const char **envp)',
      ),
      actionsInit: fn('int posix_spawn_file_actions_init(void *actions)'),
      actionsDestroy: fn('int posix_spawn_file_actions_destroy(void *actions)'),
      addDup2: fn('int posix_spawn_file_actions_adddup2(void *actions, int fd, int newfd)'),
      // glibc 2.29 and later; where it is missing, the bind fails and hooks are spawned by libuv.
      addChdir: fn('int posix_spawn_file_actions_addchdir_np(void *actions, const char *path)'),
      pipe2: fn('int pipe2(_Out_ int *fds, int flags)'),
      waitpid: fn('int waitpid(int pid, _Out_ int *status, int options)'),
      errno: () => koffi.errno(),
      attr: Buffer.alloc(ATTR_BYTES),
    };
    const attrInit = fn('int posix_spawnattr_init(void *attr)');
    const setFlags = fn('int posix_spawnattr_setflags(void *attr, short flags)');
    const setMask = fn('int posix_spawnattr_setsigmask(void *attr, void *set)');
    const setDefault = fn('int posix_spawnattr_setsigdefault(void *attr, void *set)');
    const none = Buffer.alloc(SIGSET_BYTES);
    fn('int sigemptyset(void *set)')(none);
    // Every bit, not sigfillset's set: that leaves out glibc's two internal signals, which the child
    // would then set ignored for the exec (it does so to those its parent handles), as libuv's does not.
    const every = Buffer.alloc(SIGSET_BYTES, 0xff);
    const failed = [
      attrInit(lib.attr),
      setFlags(lib.attr, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF),
      setMask(lib.attr, none),
      // Ignored signals are inherited across exec (Node ignores SIGPIPE): each goes back to its default.
      setDefault(lib.attr, every),
    ].some((rc) => rc !== 0);
    return failed ? 'posix_spawnattr_* failed' : lib;
  } catch (e) {
    return (e as Error).message;
  }
}

let binding: Promise<Libc | string> | null = null;

/** The spawner, or why there is none here (then hooks are spawned by libuv). */
export async function loadPosixSpawner(): Promise<SpawnHook | string> {
  binding ??= bindLibc();
  const lib = await binding;
  if (typeof lib === 'string') return lib;
  return (argv, cwd, env) => spawnChild(lib, argv, cwd, env);
}

function spawnChild(lib: Libc, argv: readonly string[], cwd: string, env: Record<string, string>): HookChild {
  const vars = Object.entries(env).map(([k, v]) => `${k}=${v}`);
  // As Node's spawn does: a process whose coverage is collected has it collected in its children too.
  const coverage = process.env.NODE_V8_COVERAGE;
  if (coverage !== undefined && !('NODE_V8_COVERAGE' in env)) vars.push(`NODE_V8_COVERAGE=${coverage}`);
  // A C string ends at its first NUL: refused, as Node's spawn refuses it, rather than cut short.
  if ([...argv, ...vars, cwd].some((s) => s.includes('\0')))
    throw Object.assign(new Error('an argument or environment variable holds a NUL byte'), {
      code: 'ERR_INVALID_ARG_VALUE',
    });
  const program = argv[0] ?? '';
  const path = findProgram(program, cwd, env.PATH ?? DEFAULT_PATH);
  const fds: number[] = [];
  const pipe = (): [number, number] => {
    const pair = [0, 0];
    if (lib.pipe2(pair, O_CLOEXEC) !== 0) throw errnoError(lib.errno(), 'pipe2', program);
    fds.push(pair[0]!, pair[1]!);
    return [pair[0]!, pair[1]!];
  };
  const actions = Buffer.alloc(ACTIONS_BYTES);
  lib.actionsInit(actions);
  let ours: [number, number, number];
  let pid: number;
  try {
    const [inRead, inWrite] = pipe();
    const [outRead, outWrite] = pipe();
    const [errRead, errWrite] = pipe();
    // Node keeps 0, 1 and 2 open from its start, so no pipe lands on them and no dup2 below undoes another.
    if (fds.some((fd) => fd < 3)) throw new Error('a pipe was given fd 0, 1 or 2');
    const added = [
      lib.addDup2(actions, inRead, 0),
      lib.addDup2(actions, outWrite, 1),
      lib.addDup2(actions, errWrite, 2),
      lib.addChdir(actions, cwd),
    ];
    const refused = added.find((rc) => rc !== 0);
    if (refused !== undefined) throw errnoError(refused, 'posix_spawn_file_actions', program);
    const out = [0];
    const envp = [...vars, null];
    let rc = lib.spawn(out, path, actions, lib.attr, [...argv, null], envp);
    // execvp's rule for an executable file that is no binary and has no `#!`: /bin/sh reads it.
    if (rc === osConstants.errno.ENOEXEC)
      rc = lib.spawn(out, '/bin/sh', actions, lib.attr, ['/bin/sh', path, ...argv.slice(1), null], envp);
    if (rc !== 0) throw errnoError(rc, 'spawn', program);
    pid = out[0]!;
    for (const fd of [inRead, outWrite, errWrite]) closeSync(fd);
    ours = [inWrite, outRead, errRead];
  } catch (e) {
    for (const fd of fds) closeSync(fd);
    throw e;
  } finally {
    lib.actionsDestroy(actions);
  }
  const child = Object.assign(new EventEmitter(), {
    pid,
    stdin: new Socket({ fd: ours[0], readable: false, writable: true }),
    stdout: new Socket({ fd: ours[1], readable: true, writable: false }),
    stderr: new Socket({ fd: ours[2], readable: true, writable: false }),
  });
  waitForExit(lib, pid, (status) => {
    const { code, signal } = decodeStatus(status);
    child.emit('exit', code, signal);
  });
  return child;
}

/**
 * execvp's search, on the hook's PATH, against its working directory: the first executable file; a
 * match that cannot be run is EACCES if nothing else is found, none at all ENOENT.
 */
function findProgram(program: string, cwd: string, searchPath: string): string {
  if (program.includes('/')) return resolve(cwd, program);
  let denied = false;
  if (program)
    for (const dir of searchPath.split(':')) {
      const candidate = resolve(cwd, dir || '.', program);
      try {
        if (statSync(candidate).isFile()) {
          accessSync(candidate, fsConstants.X_OK);
          return candidate;
        }
        denied = true; // a directory of that name: exec says EACCES
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EACCES') denied = true;
      }
    }
  throw errnoError(denied ? osConstants.errno.EACCES : osConstants.errno.ENOENT, 'spawn', program);
}

const waiting = new Map<number, (status: number | null) => void>();
let listening = false;
let backstop: NodeJS.Timeout | null = null;

function waitForExit(lib: Libc, pid: number, exited: (status: number | null) => void): void {
  if (!listening) {
    listening = true;
    process.on('SIGCHLD', () => reapExited(lib));
  }
  waiting.set(pid, exited);
  backstop ??= setInterval(() => reapExited(lib), BACKSTOP_MS);
}

/** Takes the status of each of these children that has exited; any other child is libuv's to wait for. */
function reapExited(lib: Libc): void {
  for (const [pid, exited] of waiting) {
    const status = [0];
    const got = lib.waitpid(pid, status, WNOHANG);
    if (got === 0) continue;
    waiting.delete(pid);
    // -1: not a child of this process any more (someone else waited for it); its status is unknown.
    exited(got === pid ? status[0]! : null);
  }
  if (!waiting.size && backstop) {
    clearInterval(backstop);
    backstop = null;
  }
}

const SIGNAL_NAMES = new Map(Object.entries(osConstants.signals).map(([name, n]) => [n as number, name]));

/** A wait status as Node reports an exit: the code, or the signal's name. */
function decodeStatus(status: number | null): { code: number | null; signal: string | null } {
  if (status === null) return { code: null, signal: null };
  const sig = status & 0x7f;
  if (sig === 0) return { code: (status >> 8) & 0xff, signal: null };
  return { code: null, signal: SIGNAL_NAMES.get(sig) ?? `SIG${sig}` };
}

const ERRNO_NAMES = new Map(Object.entries(osConstants.errno).map(([name, n]) => [n as number, name]));

/** An error as Node's spawn makes it (`spawn true ENOENT`, with its code), which the runner words. */
function errnoError(errno: number, syscall: string, program: string): NodeJS.ErrnoException {
  const code = ERRNO_NAMES.get(errno) ?? `E${errno}`;
  return Object.assign(new Error(`${syscall} ${program} ${code}`), { code, errno: -errno, syscall });
}
