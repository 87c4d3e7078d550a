// Guards that cannot be talked open (../shared/seeds/003_c7fb5911eadfcab5.txt, "Guards fail
// closed"; docs/engine.md, "The environment a hook gets"): trials shared by the reliability tier and
// `npm run bench -- reliability`, on real processes and sockets. Each returns its figures: `lost` is
// a guard event let through (or a re-entry not refused, a request lost), `crashes` a stack trace, an
// exit outside the protocol or a bridge that had to be killed.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, runCli, withHookpanelOnPath, type CliResult } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { waitFor } from '../helpers/host.js';
import { startServe, type RunningHost } from '../helpers/serve.js';
import { crashed, type Bridge, type Figures as TrialFigures } from './process-trials.js';

/** A guard trial's figures: each counts what it let through; none counts surviving processes. */
export interface Figures extends TrialFigures {
  lost: number;
}

/** A bridge run the trials let run this long before killing it (a hung bridge is a crash). */
const BRIDGE_LIMIT_MS = 45_000;
const RM = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
const GUARD_SAYS = 'no rm -rf';
const GUARD = `grep -q 'rm -rf' && { echo '${GUARD_SAYS}' >&2; exit 2; }; exit 0`;

export interface Timed extends CliResult {
  ms: number;
}

/** One event through `hookpanel emit` or the curl fast path, from any folder, with extra variables. */
export function bridge(
  env: TestEnv,
  via: Bridge,
  event: string,
  input: string,
  opts: { cwd?: string; vars?: Record<string, string>; dialect?: string } = {},
): Promise<Timed> {
  const [file, args] =
    via === 'emit'
      ? [process.execPath, [CLI, 'emit', opts.dialect ?? 'pw', event]]
      : ['hookpanel-hook', [opts.dialect ?? 'pw', event]];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      env: { ...env.processEnv, ...opts.vars },
      cwd: opts.cwd ?? env.workspace,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), BRIDGE_LIMIT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Math.round(performance.now() - started) });
    });
    child.stdin.end(input);
  });
}

/** An env with `hookpanel` and `hookpanel-hook` on PATH and pw's user file holding `hooks`. */
function guardEnv(hooks: Record<string, unknown[]>): TestEnv {
  const env = makeEnv();
  withHookpanelOnPath(env);
  env.processEnv.HP_DIR = env.root;
  env.write('~/.config/pw/code.json', JSON.stringify({ hooks }));
  return env;
}

const blocked = (r: CliResult, says: string) => r.code === 2 && r.stderr.includes(says);

// ─── 2. HOOKPANEL_DISPATCH ───────────────────────────────────────────────────────────────────────

/** A hook that calls the bridge on a guard event itself, keeping its token, exit code and stderr. */
const reenter = (call: string) =>
  `echo "$HOOKPANEL_DISPATCH" > "$HP_DIR/token"; echo '${RM}' | ${call} 2> "$HP_DIR/inner.err"; echo $? > "$HP_DIR/inner.rc"; exit 0`;

export interface ReentryFigures extends Figures {
  /** Re-entries refused (each must also block: it is a guard event). */
  refused: number;
  /** Forged or stale values, each of which must leave the event to its rules. */
  forged: number;
}

/**
 * `rounds` times, with no host and with a host: a hook that re-enters the engine on PreToolUse
 * (through emit and through the fast path) must be refused with a block; a forged HOOKPANEL_DISPATCH
 * ('x', a well-formed made-up value, the value of a dispatch that has ended) must skip nothing: the
 * guard blocks, and a PostToolUse hook runs.
 */
export async function reentryTrials(rounds: number): Promise<ReentryFigures> {
  const env = guardEnv({
    PreToolUse: [
      { matcher: 'Bash', hooks: [{ type: 'command', command: GUARD }] },
      {
        matcher: 'ReenterEmit',
        hooks: [{ type: 'command', command: reenter('hookpanel emit pw PreToolUse') }],
      },
      {
        matcher: 'ReenterFast',
        hooks: [{ type: 'command', command: reenter('hookpanel-hook pw PreToolUse') }],
      },
    ],
    PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo ran >> "$HP_DIR/post"' }] }],
  });
  let serve: RunningHost | null = null;
  const f: ReentryFigures = { trials: 0, lost: 0, crashes: 0, refused: 0, forged: 0 };
  const count = (r: CliResult) => {
    f.trials++;
    if (crashed(r)) f.crashes++;
  };
  try {
    for (const host of ['none', 'running'] as const) {
      if (host === 'running') serve = await startServe(env);
      const vias: Bridge[] = host === 'none' ? ['emit'] : ['emit', 'fast path'];
      for (let i = 0; i < rounds; i++) {
        for (const via of vias) {
          for (const tool of ['ReenterEmit', 'ReenterFast']) {
            rmSync(join(env.root, 'inner.rc'), { force: true });
            const outer = await bridge(env, via, 'PreToolUse', JSON.stringify({ tool_name: tool }));
            count(outer);
            const rc = readFileSync(join(env.root, 'inner.rc'), 'utf8').trim();
            const said = readFileSync(join(env.root, 'inner.err'), 'utf8');
            if (rc === '2' && said.includes('may not re-enter')) f.refused++;
            if (rc !== '2') f.lost++;
          }
          const ended = readFileSync(join(env.root, 'token'), 'utf8').trim();
          for (const forged of ['x', `${randomUUID()}.${'ab'.repeat(16)}`, ended]) {
            const vars = { HOOKPANEL_DISPATCH: forged };
            const guard = await bridge(env, via, 'PreToolUse', RM, { vars });
            count(guard);
            const before = existsSync(join(env.root, 'post'))
              ? readFileSync(join(env.root, 'post'), 'utf8')
              : '';
            const post = await bridge(env, via, 'PostToolUse', RM, { vars });
            count(post);
            const after = existsSync(join(env.root, 'post'))
              ? readFileSync(join(env.root, 'post'), 'utf8')
              : '';
            if (blocked(guard, GUARD_SAYS) && after.length > before.length) f.forged++;
            else f.lost++;
          }
        }
      }
    }
    if (serve && (serve.child.exitCode !== null || serve.child.signalCode !== null)) f.crashes++;
    return f;
  } finally {
    await serve?.stop('SIGKILL');
    await env.cleanup();
  }
}

// ─── 3. A hung host ──────────────────────────────────────────────────────────────────────────────

export interface HungFigures extends Figures {
  /** The longest any bridge waited on the stopped host. */
  longestMs: number;
  /** Requests held past the bridges' bound by a live host, then answered: the answer must arrive. */
  heldAnswered: number;
}

/**
 * A real `hookpanel serve`, SIGSTOPped: a guard through emit and through the fast path must block (run
 * in-process), Ask me's PermissionRequest must give no decision, `requests` must say so and exit 1,
 * each within the bound. Before that, with the host running, a request held past the bound must still
 * get the person's answer: the bound tells a host that is holding from one that is hung.
 */
export async function hungHostTrials(rounds: number): Promise<HungFigures> {
  const env = guardEnv({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: GUARD }] }] });
  env.write(
    'hp/settings.json',
    JSON.stringify({ askMe: { claude: { on: true, tools: [], waitSeconds: 120 } } }),
  );
  const ask = JSON.stringify({
    session_id: 's',
    tool_name: 'Bash',
    tool_input: { command: 'ls' },
    cwd: env.workspace,
  });
  let serve: RunningHost | null = null;
  const f: HungFigures = { trials: 0, lost: 0, crashes: 0, longestMs: 0, heldAnswered: 0 };
  const count = (r: Timed) => {
    f.trials++;
    if (crashed(r)) f.crashes++;
    f.longestMs = Math.max(f.longestMs, r.ms);
  };
  try {
    serve = await startServe(env);
    for (const via of ['emit', 'fast path'] as const) {
      // Held longer than the bound (7 s on the fast path) by a live host, then answered.
      const held = bridge(env, via, 'PermissionRequest', ask, { dialect: 'claude' });
      const id = await waitingId(env);
      await new Promise((r) => setTimeout(r, 9000));
      const answered = await runCli(['answer', id ?? 'none', 'allow'], { env: env.processEnv });
      const r = await held;
      f.trials++;
      if (answered.code === 0 && r.code === 0 && r.stdout.includes('"behavior":"allow"')) f.heldAnswered++;
      else f.lost++;
    }
    for (let i = 0; i < rounds; i++) {
      process.kill(serve.child.pid!, 'SIGSTOP');
      try {
        for (const via of ['emit', 'fast path'] as const) {
          const guard = await bridge(env, via, 'PreToolUse', RM);
          count(guard);
          if (!blocked(guard, GUARD_SAYS)) f.lost++;
          // No host to hold it: no decision (exit 0, nothing on stdout), the agent asks itself.
          const permission = await bridge(env, via, 'PermissionRequest', ask, { dialect: 'claude' });
          count(permission);
          if (permission.code !== 0 || permission.stdout.trim() !== '') f.lost++;
        }
        const listed = await runCli(['requests'], { env: env.processEnv, timeoutMs: BRIDGE_LIMIT_MS });
        const timed = { ...listed, ms: 0 };
        count(timed);
        if (listed.code !== 1 || !listed.stderr.includes('did not answer')) f.lost++;
      } finally {
        process.kill(serve.child.pid!, 'SIGCONT');
      }
    }
    if (serve.child.exitCode !== null || serve.child.signalCode !== null) f.crashes++;
    return f;
  } finally {
    await serve?.stop('SIGKILL');
    await env.cleanup();
  }
}

/** The id of the one request waiting, once `hookpanel requests` lists it. */
async function waitingId(env: TestEnv): Promise<string | null> {
  const list = await waitFor(
    async () => {
      const r = await runCli(['requests', '--json'], { env: env.processEnv });
      return r.code === 0 ? (JSON.parse(r.stdout) as { requests: { id: string }[] }).requests : [];
    },
    (l) => l.length > 0,
    30_000,
  );
  return list[0]?.id ?? null;
}

// ─── 5. Folders a header cannot carry ────────────────────────────────────────────────────────────

export const ODD_FOLDERS: Record<string, string> = {
  escape: 'a\x1bb',
  'start of heading': 'a\x01b',
  'carriage return': 'a\rb',
  newline: 'a\nb',
  'non-ASCII': 'été-日本',
  'header-like': 'a\r\nX-Hookpanel-Cwd: \\tmp',
};

/**
 * For each odd folder name: a project with a trusted PreToolUse guard, and a payload without `cwd`
 * (the caller's folder is the workspace), through emit and the fast path with a host running: the
 * project's guard must block. `lost` counts the ones that did not.
 */
export async function oddFolderTrials(rounds: number): Promise<Figures> {
  const env = guardEnv({});
  let serve: RunningHost | null = null;
  const f: Figures = { trials: 0, lost: 0, crashes: 0 };
  try {
    const folders = Object.values(ODD_FOLDERS).map((name) => {
      const dir = join(env.workspace, name);
      mkdirSync(join(dir, '.agents'), { recursive: true });
      writeFileSync(
        join(dir, '.agents', 'settings.json'),
        JSON.stringify({
          hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: GUARD }] }] },
        }),
      );
      return dir;
    });
    for (const dir of folders) {
      const trusted = await runCli(['trust', '.agents/settings.json'], { env: env.processEnv, cwd: dir });
      if (trusted.code !== 0)
        throw new Error(`could not trust the project in ${JSON.stringify(dir)}: ${trusted.stderr}`);
    }
    serve = await startServe(env);
    for (let i = 0; i < rounds; i++)
      for (const dir of folders)
        for (const via of ['emit', 'fast path'] as const) {
          const r = await bridge(env, via, 'PreToolUse', RM, { cwd: dir });
          f.trials++;
          if (crashed(r)) f.crashes++;
          if (!blocked(r, GUARD_SAYS)) f.lost++;
        }
    if (serve.child.exitCode !== null || serve.child.signalCode !== null) f.crashes++;
    return f;
  } finally {
    await serve?.stop('SIGKILL');
    await env.cleanup();
  }
}

// ─── 6. One host per home ────────────────────────────────────────────────────────────────────────

/** How a second `hookpanel serve` ended: refused (exit code and what it said), or it started. */
function secondServe(env: TestEnv): Promise<{ code: number | null; output: string; started: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'serve'], { env: env.processEnv, cwd: env.workspace });
    let output = '';
    const seen = (d: Buffer) => {
      output += d;
      if (output.includes('listening')) {
        child.kill('SIGTERM');
        resolve({ code: null, output, started: true });
      }
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.on('close', (code) => resolve({ code, output, started: false }));
  });
}

/**
 * `rounds` times: a first host holds an Ask me request; a second `hookpanel serve` on the same home
 * must refuse, naming the first's pid, and leave it whole (the request still listed and answered
 * through the socket). Then the first is SIGKILLed: a next host takes over its stale lock and socket.
 */
export async function secondHostTrials(rounds: number): Promise<Figures> {
  const env = guardEnv({});
  env.write(
    'hp/settings.json',
    JSON.stringify({ askMe: { claude: { on: true, tools: [], waitSeconds: 120 } } }),
  );
  const ask = JSON.stringify({
    session_id: 's',
    tool_name: 'Bash',
    tool_input: { command: 'ls' },
    cwd: env.workspace,
  });
  let first: RunningHost | null = null;
  const f: Figures = { trials: 0, lost: 0, crashes: 0 };
  try {
    for (let i = 0; i < rounds; i++) {
      first = await startServe(env);
      const held = bridge(env, 'fast path', 'PermissionRequest', ask, { dialect: 'claude' });
      const id = await waitingId(env);
      const second = await secondServe(env);
      f.trials++;
      const named = second.code === 1 && second.output.includes(`pid ${first.child.pid}`);
      const still = await runCli(['requests', '--json'], { env: env.processEnv });
      const listed = still.code === 0 && still.stdout.includes(`"${id}"`);
      const answered = await runCli(['answer', id ?? 'none', 'allow'], { env: env.processEnv });
      const r = await held;
      const through = answered.code === 0 && r.code === 0 && r.stdout.includes('"behavior":"allow"');
      if (!named || !listed || !through) f.lost++;
      if (first.child.exitCode !== null || first.child.signalCode !== null) f.crashes++;
      // A host that died leaves its lock and socket: the next one takes them over.
      await first.stop('SIGKILL');
      first = await startServe(env);
      const after = await runCli(['requests'], { env: env.processEnv });
      if (after.code !== 0) f.lost++;
      await first.stop('SIGTERM');
      first = null;
    }
    return f;
  } finally {
    await first?.stop('SIGKILL');
    await env.cleanup();
  }
}
