// Trials shared by the reliability tier (a few of each, in `npm test`) and `npm run bench -- reliability`
// (many): hooks that try to outlive their timeout, hosts killed with work in flight. Each returns its
// figures; the tests assert them, the bench prints them.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { runCli, withHookpanelOnPath, type CliResult } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { waitFor } from '../helpers/host.js';
import { startServe, type RunningHost } from '../helpers/serve.js';

/** A trial's figures; one that the trial does not measure is absent (not 0, which would pass for one). */
export interface Figures {
  trials: number;
  /** Processes alive after every deadline and grace had passed (the escape trials). */
  survivors?: number;
  /** Guard events let through (exit other than the block) or durable jobs never delivered. */
  lost?: number;
  /** A stack trace shown, an exit code outside the protocol, or a host process that died by itself. */
  crashes: number;
}

/** Hooks that try to outlive their timeout, each given the marker its processes carry. */
export const ESCAPES: Record<string, (marker: string) => string> = {
  setsid: (m) => `export ${m}; setsid sleep 300 & echo started`,
  'double fork': (m) => `export ${m}; (setsid sh -c 'sleep 300 &' &); echo started`,
  'closed stdout': (m) => `export ${m}; exec >&- 2>&-; setsid sleep 300 & sleep 300`,
  'TERM-ignoring': (m) =>
    `export ${m}; setsid sh -c "trap '' TERM; while :; do sleep 0.1; done" & trap '' TERM; while :; do sleep 0.1; done`,
  'escape at TERM': (m) => `export ${m}; trap 'setsid sleep 300 &' TERM; while :; do sleep 0.1; done`,
};

const TIMEOUT_S = 1;
/** pw's grace between SIGTERM and SIGKILL, plus the time to see the table settle. */
const SETTLE_MS = (TIMEOUT_S + 1.5 + 5) * 1000;

/**
 * Live processes of a trial: its marker is in their environment (children started after the hook's
 * `export`) or their command line (the hook's own shell, whose environment predates the export).
 */
export function trialProcesses(marker: string): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
      if (state === 'Z' || state === 'X') continue;
      const found = ['environ', 'cmdline'].some((f) =>
        readFileSync(`/proc/${name}/${f}`, 'utf8').includes(marker),
      );
      if (found) out.push(Number(name));
    } catch {
      // gone, or not ours to read
    }
  }
  return out;
}

/** A crash: a stack trace shown to the user, or an exit code the protocol does not have. */
export function crashed(r: CliResult): boolean {
  return /^\s+at /m.test(r.stderr) || r.code === null || ![0, 1, 2].includes(r.code);
}

/**
 * Every escape kind, `perKind` times at once, through `hookpanel emit` with or without a host, or
 * with a host that is SIGKILLed once every hook has started (its watchdog must end them then).
 * Survivors are counted once the deadlines and grace have passed.
 */
export async function escapeTrials(
  perKind: number,
  host: 'none' | 'running' | 'killed' | 'killed, no journal',
): Promise<Figures> {
  const env = makeEnv();
  // A temporary folder the host cannot write in (a file stands where it should be): the watchdog's
  // journal cannot be made, so the host tells its watchdog on the pipe instead.
  if (host === 'killed, no journal') env.processEnv.TMPDIR = env.write('not-a-folder', '');
  let serve: RunningHost | null = null;
  try {
    const kinds = Object.keys(ESCAPES);
    const markers = kinds.map(() => `HP_TRIAL=${randomUUID()}`);
    // Long enough that every hook surely runs when a host is killed; the rest need not wait.
    const killed = host.startsWith('killed');
    const timeout = killed ? TIMEOUT_S + 2 : TIMEOUT_S;
    env.write(
      '~/.config/pw/code.json',
      JSON.stringify({
        hooks: {
          PreToolUse: kinds.map((k, i) => ({
            matcher: `k${i}`,
            hooks: [{ type: 'command', command: ESCAPES[k]!(markers[i]!), timeout }],
          })),
        },
      }),
    );
    if (host !== 'none') serve = await startServe(env);
    const runs = kinds.flatMap((_k, i) =>
      Array.from({ length: perKind }, () =>
        runCli(['emit', 'pw', 'PreToolUse'], {
          env: env.processEnv,
          cwd: env.workspace,
          input: JSON.stringify({ tool_name: `k${i}` }),
          timeoutMs: 60_000,
        }),
      ),
    );
    // Every hook must have started before the host is killed, or the trial proves nothing.
    let started = true;
    if (killed) {
      started = await waitFor(
        () => markers.every((m) => trialProcesses(m).length > 0),
        (v) => v,
        30_000,
      );
      await serve!.stop('SIGKILL');
    }
    const results = await Promise.all(runs);
    const alive = () => markers.reduce((n, m) => n + trialProcesses(m).length, 0);
    const survivors = await waitFor(alive, (n) => n === 0, SETTLE_MS + timeout * 1000);
    const hostDied =
      host === 'running' && (serve!.child.exitCode !== null || serve!.child.signalCode !== null);
    return {
      trials: runs.length,
      survivors,
      crashes: results.filter(crashed).length + (hostDied ? 1 : 0) + (started ? 0 : 1),
    };
  } finally {
    await serve?.stop('SIGKILL');
    await env.cleanup();
  }
}

const GUARD = `echo started >> "$HP_STARTED"; sleep 1; echo 'blocked by policy' >&2; exit 2`;

export type Bridge = 'emit' | 'fast path';

/** One event through the bridge an agent would call: `hookpanel emit` or the curl fast path. */
export function fire(
  env: TestEnv,
  via: Bridge,
  dialect: string,
  event: string,
  input: string,
): Promise<CliResult> {
  if (via === 'emit')
    return runCli(['emit', dialect, event], {
      env: env.processEnv,
      cwd: env.workspace,
      input,
      timeoutMs: 60_000,
    });
  return new Promise((resolve, reject) => {
    const child = spawn('hookpanel-hook', [dialect, event], { env: env.processEnv, cwd: env.workspace });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/**
 * `n` guard events in flight in a host that is then SIGKILLed: each must still answer the block (run
 * again in-process), never exit 1 with a trace. `lost` counts the ones that did not block.
 */
export async function inFlightKillTrials(n: number, via: Bridge = 'emit'): Promise<Figures> {
  const env = makeEnv();
  let serve: RunningHost | null = null;
  try {
    withHookpanelOnPath(env);
    const started = env.path('started');
    env.processEnv.HP_STARTED = started;
    env.write(
      '~/.config/pw/code.json',
      JSON.stringify({
        hooks: {
          PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: GUARD, timeout: 30 }] }],
        },
      }),
    );
    serve = await startServe(env);
    const input = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
    const runs = Array.from({ length: n }, () => fire(env, via, 'pw', 'PreToolUse', input));
    // Every event is in the host, its hook running, when the host is killed.
    await waitFor(
      () => (existsSync(started) ? readFileSync(started, 'utf8').split('\n').length - 1 : 0),
      (c) => c >= n,
      30_000,
    );
    await serve.stop('SIGKILL');
    const results = await Promise.all(runs);
    return {
      trials: n,
      lost: results.filter((r) => r.code !== 2 || r.stderr !== 'blocked by policy\n').length,
      crashes: results.filter(crashed).length,
    };
  } finally {
    await serve?.stop('SIGKILL');
    await env.cleanup();
  }
}

/**
 * `n` durable jobs (half run in the host, half by detached runners) in flight when the host is
 * SIGKILLed; a new host is started. `lost` counts jobs never delivered once the outbox is empty.
 */
export async function durableKillTrials(n: number): Promise<Figures> {
  const env = makeEnv();
  let serve: RunningHost | null = null;
  try {
    const log = env.path('delivered.log');
    const started = env.path('started');
    const hook = (kind: string) => `read -r p; echo x >> ${started}; sleep 1; echo "${kind} $p" >> ${log}`;
    env.write(
      '~/.chrys/hooks/hooks.yaml',
      `hooks:
  - { id: inhost, event: session_end, run: { type: shell, shell: '${hook('inhost')}' }, execution: { mode: async, delivery: durable } }
  - { id: runner, event: session_end, run: { type: shell, shell: '${hook('runner')}' }, execution: { detach: true, delivery: durable } }
`,
    );
    serve = await startServe(env);
    const ids = Array.from({ length: n }, (_, i) => `job-${i}-${randomUUID().slice(0, 8)}`);
    await Promise.all(
      ids.map((id) =>
        runCli(['emit', 'chrys', 'session_end'], {
          env: env.processEnv,
          cwd: env.workspace,
          input: JSON.stringify({ id }),
        }),
      ),
    );
    await waitFor(
      () => (existsSync(started) ? readFileSync(started, 'utf8').split('\n').length - 1 : 0),
      (c) => c >= 2 * n,
      30_000,
    );
    await serve.stop('SIGKILL');
    serve = await startServe(env);
    const pending = join(env.hookpanelHome, 'outbox', 'pending');
    await waitFor(
      () => readdirSync(pending).length,
      (c) => c === 0,
      60_000,
    );
    const lines = existsSync(log) ? readFileSync(log, 'utf8').split('\n') : [];
    const delivered = (kind: string, id: string) =>
      lines.some((l) => l.startsWith(`${kind} `) && l.includes(id));
    // Undelivered, or still pending (never filed as done or failed).
    const lost =
      ids.flatMap((id) => ['inhost', 'runner'].filter((kind) => !delivered(kind, id))).length +
      readdirSync(pending).length;
    const hostDied = serve.child.exitCode !== null || serve.child.signalCode !== null;
    return { trials: 2 * n, lost, crashes: hostDied ? 1 : 0 };
  } finally {
    await serve?.stop('SIGKILL');
    await env.cleanup();
  }
}

export function describeFigures(title: string, f: Figures): string {
  const measured = [
    f.survivors === undefined ? '' : `  survivors ${f.survivors}`,
    f.lost === undefined ? '' : `  lost ${f.lost}`,
  ].join('');
  return `${title.padEnd(58)} trials ${String(f.trials).padStart(4)}${measured}  crashes ${f.crashes}`;
}

export type { TestEnv };
