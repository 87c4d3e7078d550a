// Runs one hook process (spawn-hook.ts: posix_spawn on Linux, else execa), in a session of its own so
// that it leads its own process group, with Hookpanel's own ending on top: at the timeout the whole
// tree (group and tagged escapees) gets SIGTERM, then SIGKILL after the grace if anything is really
// still alive. execa's `timeout` ends only the main process and its promise waits for every holder of
// stdout, so neither is used: the result settles when the main process exits (after a short drain),
// and what it left behind is watched until its deadline (watch.ts).
import { existsSync } from 'node:fs';
import type { Socket } from 'node:net';
import { endTree } from './end.js';
import { isTracked, newTag, trackTree, treeBeforeSpawn, untrackTree } from './groups.js';
import { lastPid, startTicksOf } from './proc-table.js';
import { loadSpawnHook, type HookChild } from './spawn-hook.js';
import { OutputCapture } from './tail.js';
import { watchSettled } from './watch.js';
import { inBackground } from '../background.js';
import { phaseEnded } from '../util/phase-trace.js';

export interface ProcessSpec {
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  stdin: string | null;
  timeoutMs: number;
  /** Time between SIGTERM and SIGKILL. */
  killGraceMs?: number;
  /** How long to wait for stdout/stderr to close after the main process exits. */
  drainMs?: number;
  maxAnswerBytes?: number;
  tailBytes?: number;
  /** Aborting ends the whole tree the way a timeout does (drain at turn end, shutdown). */
  signal?: AbortSignal;
  /** The tag to find the hook's processes by, when the caller records it (outbox jobs); else a new one. */
  tag?: ReturnType<typeof newTag>;
}

export interface ProcessResult {
  pid: number | null;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** The process group was signalled because it outlived the timeout. */
  groupKilled: boolean;
  spawnError: string | null;
  /** Whole stdout if it fit the answer bound, else null. */
  stdout: string | null;
  /** Every byte written on stdout, read or not (past the answer bound, `stdout` is null). */
  stdoutBytes?: number;
  stdoutTail: string;
  stderrTail: string;
  startedAt: number;
  durationMs: number;
}

export const DEFAULT_KILL_GRACE_MS = 1500;

/** The most of a hook's answer (stdout, an http body, a chrys result file) that is read as one. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/** The spawn error of a hook stopped (a drain, shutdown) before its process was started. */
export const STOPPED_BEFORE_START = 'stopped before it started';

export async function runProcess(spec: ProcessSpec): Promise<ProcessResult> {
  const startedAt = Date.now();
  const t0 = performance.now();
  // A stop that came before the spawn (a drain with no grace, a hook queued behind a cap on parallel
  // hooks) has already fired: no listener would ever hear it, so the hook is not started at all.
  if (spec.signal?.aborted) return failed(STOPPED_BEFORE_START);
  const { spawn } = await loadSpawnHook();
  if (spec.signal?.aborted) return failed(STOPPED_BEFORE_START);
  const out = new OutputCapture(spec.maxAnswerBytes ?? MAX_ANSWER_BYTES, spec.tailBytes ?? 8192);
  const err = new OutputCapture(spec.maxAnswerBytes ?? MAX_ANSWER_BYTES, spec.tailBytes ?? 8192);
  const tag = spec.tag ?? newTag();
  // Tracked before the spawn: a host killed a moment after it still leaves the hook to its watchdog,
  // which finds it by its tag (the pgid follows as soon as it is known).
  const tree = treeBeforeSpawn(
    tag.tag,
    startedAt + spec.timeoutMs,
    spec.killGraceMs ?? DEFAULT_KILL_GRACE_MS,
  );
  trackTree(tree);

  return new Promise((resolve) => {
    let child: HookChild;
    phaseEnded('prepare');
    try {
      child = spawn(spec.argv, spec.cwd, { ...spec.env, [tag.name]: tag.value });
    } catch (e) {
      untrackTree(tree);
      resolve(failed(describeSpawnError(e as Error, spec.argv[0]!, spec.cwd)));
      return;
    }
    const pid = child.pid ?? null;
    if (pid === null) untrackTree(tree);
    // The leader is not reaped before this code yields, so its pid is its own here (a zombie at worst).
    else trackTree(Object.assign(tree, { pgid: pid, leaderStart: startTicksOf(pid) }));
    phaseEnded('spawn');
    let timedOut = false;
    let groupKilled = false;
    let ending: Promise<void> | null = null;
    let settled = false;
    let exit: { code: number | null; signal: string | null } | null = null;
    let stdoutOpen = true;
    let stderrOpen = true;

    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.stdout.on('close', () => ((stdoutOpen = false), maybeSettle()));
    child.stderr.on('close', () => ((stderrOpen = false), maybeSettle()));
    child.stdin.on('error', () => {}); // a hook that exits without reading its stdin is fine
    child.stdin.end(spec.stdin ?? '');

    child.on('error', (e: Error) => {
      if (pid === null || exit === null) {
        settled = true;
        clearTimeout(timer);
        resolve(failed(describeSpawnError(e, spec.argv[0]!, spec.cwd), pid));
      }
    });

    const timer = setTimeout(() => {
      timedOut = exit === null;
      inBackground(end(), 'ending a hook');
    }, spec.timeoutMs);
    if (spec.signal?.aborted) inBackground(end(), 'ending a hook');
    else spec.signal?.addEventListener('abort', () => inBackground(end(), 'ending a hook'), { once: true });

    child.on('exit', (code: number | null, signal: string | null) => {
      exit = { code, signal };
      phaseEnded('wait');
      // Nothing was forked since the hook started (no pid handed out after its own): it left nothing.
      if (pid !== null && lastPid() === pid) untrackTree(tree);
      // A background child may hold stdout open; settle after a short drain whatever it does. What
      // the hook itself wrote is all in the pipe by now: the settle waits for one more poll for I/O
      // (an immediate runs after it), so a loop that stalled past the drain still reads it first.
      setTimeout(() => setImmediate(finish), spec.drainMs ?? 100).unref();
      maybeSettle();
    });

    function end(): Promise<void> {
      if (pid === null || (settled && !isTracked(tree))) return Promise.resolve();
      ending ??= endTree(tree, () => (groupKilled = true)).then(() => {
        if (!settled) setTimeout(() => finish(), 50).unref();
      });
      return ending;
    }

    function maybeSettle(): void {
      if (exit !== null && !stdoutOpen && !stderrOpen) finish();
    }

    function finish(): void {
      if (settled || exit === null) return;
      settled = true;
      phaseEnded('settle');
      if (!ending) {
        clearTimeout(timer);
        // Whatever it left behind is watched until its deadline; this process need not stay for it.
        if (isTracked(tree)) watchSettled(tree);
        for (const pipe of [child.stdout, child.stderr]) (pipe as Partial<Socket>).unref?.();
      }
      resolve({
        pid,
        exitCode: exit.code,
        signal: exit.signal,
        timedOut,
        groupKilled,
        spawnError: null,
        stdout: out.complete(),
        stdoutBytes: out.total,
        stdoutTail: out.tailText(),
        stderrTail: err.tailText(),
        startedAt,
        durationMs: Math.round(performance.now() - t0),
      });
    }
  });

  function failed(message: string, pid: number | null = null): ProcessResult {
    return {
      pid,
      exitCode: null,
      signal: null,
      timedOut: false,
      groupKilled: false,
      spawnError: message,
      stdout: null,
      stdoutTail: '',
      stderrTail: '',
      startedAt,
      durationMs: Math.round(performance.now() - t0),
    };
  }
}

function describeSpawnError(e: Error, program: string, cwd: string): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' && !existsSync(cwd)) return `${program}: working directory ${cwd} does not exist`;
  if (code === 'ENOENT') return `${program}: not found (no such file, or not on PATH)`;
  if (code === 'EACCES') return `${program}: permission denied (is it executable?)`;
  return `${program}: ${e.message}`;
}
