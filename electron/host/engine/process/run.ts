// Runs one hook process in its own process group, with a timeout that ends the whole group:
// SIGTERM, then SIGKILL after a grace period, decided on whether the group is really gone.
import { spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { groupAlive, signalGroup, trackGroup, untrackGroup } from './groups.js';
import { OutputCapture } from './tail.js';

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
  /** Aborting ends the whole group the way a timeout does (drain at turn end, shutdown). */
  signal?: AbortSignal;
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
  stdoutTail: string;
  stderrTail: string;
  startedAt: number;
  durationMs: number;
}

export const DEFAULT_KILL_GRACE_MS = 1500;

export function runProcess(spec: ProcessSpec): Promise<ProcessResult> {
  const startedAt = Date.now();
  const t0 = performance.now();
  const out = new OutputCapture(spec.maxAnswerBytes ?? 1024 * 1024, spec.tailBytes ?? 8192);
  const err = new OutputCapture(spec.maxAnswerBytes ?? 1024 * 1024, spec.tailBytes ?? 8192);
  const grace = spec.killGraceMs ?? DEFAULT_KILL_GRACE_MS;

  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(spec.argv[0]!, spec.argv.slice(1), {
        cwd: spec.cwd,
        env: spec.env,
        detached: process.platform !== 'win32',
        windowsHide: true,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    } catch (e) {
      resolve(failed((e as Error).message));
      return;
    }
    const pid = child.pid ?? null;
    let timedOut = false;
    let groupKilled = false;
    let settled = false;
    let exit: { code: number | null; signal: string | null } | null = null;
    let stdoutOpen = true;
    let stderrOpen = true;

    if (pid !== null) trackGroup(pid);
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.stdout.on('close', () => ((stdoutOpen = false), maybeSettle()));
    child.stderr.on('close', () => ((stderrOpen = false), maybeSettle()));
    child.stdin.on('error', () => {}); // a hook that exits without reading its stdin is fine
    child.stdin.end(spec.stdin ?? '');

    child.on('error', (e) => {
      if (pid === null || exit === null) {
        settled = true;
        clearTimeout(timer);
        resolve(failed(describeSpawnError(e, spec.argv[0]!), pid));
      }
    });

    const timer = setTimeout(() => void onTimeout(), spec.timeoutMs);
    spec.signal?.addEventListener('abort', () => void killGroup(), { once: true });

    child.on('exit', (code, signal) => {
      exit = { code, signal };
      // A background child may hold stdout open; settle after a short drain whatever it does.
      setTimeout(() => finish(), spec.drainMs ?? 100).unref();
      maybeSettle();
    });

    async function onTimeout(): Promise<void> {
      if (pid === null) return;
      timedOut = exit === null;
      await killGroup();
    }

    async function killGroup(): Promise<void> {
      if (pid === null) return;
      if (!groupAlive(pid)) return finishGroup();
      groupKilled = true;
      signalGroup(pid, 'SIGTERM');
      const deadline = Date.now() + grace;
      while (Date.now() < deadline && groupAlive(pid)) await delay(25);
      if (groupAlive(pid)) signalGroup(pid, 'SIGKILL');
      for (let i = 0; i < 40 && groupAlive(pid); i++) await delay(25);
      finishGroup();
      if (!settled) setTimeout(() => finish(), 50).unref();
    }

    function finishGroup(): void {
      if (pid !== null) untrackGroup(pid);
    }

    function maybeSettle(): void {
      if (exit !== null && !stdoutOpen && !stderrOpen) finish();
    }

    function finish(): void {
      if (settled || exit === null) return;
      settled = true;
      // Leftover group members may run until the timeout, which then ends them.
      if (pid !== null && !timedOut && !groupAlive(pid)) {
        clearTimeout(timer);
        finishGroup();
      } else if (pid !== null && !timedOut) {
        timer.unref();
      } else {
        clearTimeout(timer);
      }
      resolve({
        pid,
        exitCode: exit.code,
        signal: exit.signal,
        timedOut,
        groupKilled,
        spawnError: null,
        stdout: out.complete(),
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

function describeSpawnError(e: Error, program: string): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `${program}: not found (no such file, or not on PATH)`;
  if (code === 'EACCES') return `${program}: permission denied (is it executable?)`;
  return `${program}: ${e.message}`;
}
