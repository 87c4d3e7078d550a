// PID wraparound, forced: root may write the last pid handed out (/proc/sys/kernel/ns_last_pid), so
// the next one wraps to the bottom of the range at once. Two trials, shared by the reliability tier
// (asserted) and `npm run bench -- reliability` (printed):
//  - escapees forked after a wrap by a hook that started before it, looked at together with a hook
//    started after it: every one must end at its hook's deadline;
//  - a hook whose group died, its pgid then taken by a stranger's new group: ending the hook's tree
//    must not signal the stranger (how an agent's `hookpanel emit`, which leads its own group, died of
//    SIGTERM under load while pids wrapped).
// Each forced wrap moves the whole machine's pid allocation to the bottom once; nothing else.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { accessSync, constants, readFileSync, writeFileSync } from 'node:fs';
import { endTree } from '../../electron/host/process/end.js';
import { trackedTrees } from '../../electron/host/process/groups.js';
import { runProcess } from '../../electron/host/process/run.js';
import { makeEnv } from '../helpers/env.js';
import { makeGate, makeMark } from '../helpers/gate.js';
import { waitFor } from '../helpers/host.js';
import { trialProcesses, type Figures } from './process-trials.js';

const NS_LAST_PID = '/proc/sys/kernel/ns_last_pid';

/** Whether this machine lets the trials force a wrap (Linux, as root). */
export function canForceWrap(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    accessSync(NS_LAST_PID, constants.W_OK);
    return process.geteuid?.() === 0;
  } catch {
    return false;
  }
}

/** The next pid handed out is the first free one from the bottom of the range (300). */
function forceWrap(): void {
  const max = Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8'));
  writeFileSync(NS_LAST_PID, String(max - 1));
}

/** The next pid handed out is `pid`, if free. */
function nextPid(pid: number): void {
  writeFileSync(NS_LAST_PID, String(pid - 1));
}

const TIMEOUT_MS = 3000;
const ESCAPEES = 4;

/**
 * `n` trials of: hook A starts, the pids wrap, A forks ESCAPEES setsid escapees, hook B starts, both
 * exit together (so their leftovers are looked at in one batch). `survivors` counts A's escapees
 * still alive once its deadline, the grace and a settle time have passed.
 */
export async function wrapEscapeTrials(n: number): Promise<Figures> {
  let survivors = 0;
  let crashes = 0;
  for (let i = 0; i < n; i++) {
    const env = makeEnv();
    const marker = `HP_WRAP=${randomUUID()}`;
    try {
      const forked = makeMark(env.path('forked'));
      const fork = makeGate(env.path('fork'));
      const leaveA = makeGate(env.path('leave-a'));
      const leaveB = makeGate(env.path('leave-b'));
      const before = new Set(trackedTrees().map((t) => t.tag));
      const sh = (script: string) =>
        runProcess({
          argv: ['/bin/sh', '-c', script],
          cwd: env.root,
          env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
          stdin: null,
          timeoutMs: TIMEOUT_MS,
        });
      const a = sh(
        `export ${marker}; read _ < ${fork.path}; ${Array.from({ length: ESCAPEES }, () => 'setsid sleep 300 &').join(' ')} echo > ${forked.path}; read _ < ${leaveA.path}`,
      );
      await waitFor(
        () => trackedTrees().some((t) => t.pgid !== null && !before.has(t.tag)),
        (v) => v,
        10_000,
      );
      forceWrap();
      await fork.open();
      await forked.reached;
      const b = sh(`read _ < ${leaveB.path}`);
      // Both leave together, so that what they left is looked at in one batch.
      await Promise.all([leaveA.open(), leaveB.open()]);
      const results = await Promise.all([a, b]);
      if (results.some((r) => r.spawnError || r.timedOut)) crashes++;
      const left = await waitFor(
        () => trialProcesses(marker).length,
        (c) => c === 0,
        TIMEOUT_MS + 1500 + 5000,
      );
      survivors += left;
    } finally {
      // Whatever a failed trial left must not outlive it.
      for (const pid of trialProcesses(marker)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
      await env.cleanup();
    }
  }
  return { trials: n, survivors, lost: 0, crashes };
}

/**
 * `n` trials of: a hook exits (its group dies) and its pgid is handed to a stranger that leads a new
 * group of its own; the hook's tree is then ended. `lost` counts strangers signalled.
 */
export async function strangerGroupTrials(n: number): Promise<Figures> {
  let trials = 0;
  let lost = 0;
  let crashes = 0;
  for (let attempt = 0; trials < n && attempt < n * 3; attempt++) {
    const env = makeEnv();
    let stranger: ReturnType<typeof spawn> | null = null;
    try {
      const leave = makeGate(env.path('leave'));
      const before = new Set(trackedTrees().map((t) => t.tag));
      const run = runProcess({
        argv: ['/bin/sh', '-c', `read _ < ${leave.path}`],
        cwd: env.root,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
        stdin: null,
        timeoutMs: 60_000,
      });
      const tree = await waitFor(
        () => trackedTrees().find((t) => t.pgid !== null && !before.has(t.tag)),
        (t) => t !== undefined,
        10_000,
      );
      await leave.open();
      const r = await run;
      if (r.pid === null || r.exitCode !== 0) crashes++;
      // The hook is reaped and its group empty: its pid is free. A stranger that leads its own
      // group (as an agent spawns its hooks) takes it.
      nextPid(r.pid!);
      stranger = spawn('/bin/sh', ['-c', 'while :; do sleep 0.2; done'], {
        detached: true,
        stdio: 'ignore',
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      });
      // Another process took the pid first: this attempt proves nothing either way.
      if (stranger.pid !== r.pid) continue;
      trials++;
      await endTree(tree!);
      // Signalled, it would be gone (a zombie until reaped) by the time the tree's end settled.
      if (!alive(stranger.pid)) lost++;
    } finally {
      if (stranger?.pid) {
        try {
          process.kill(-stranger.pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
      await env.cleanup();
    }
  }
  return { trials, survivors: 0, lost, crashes };
}

function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}
