// The host's own CPU per event: a `hookpanel serve` sent events one at a time through its socket (and
// eight at a time, a burst), its CPU (user + system, every thread, its children not counted) read from
// /proc before and after. Unlike wall time, a process's CPU hardly moves with the machine's load, so
// this figure compares across runs. HOOKPANEL_BENCH_BASELINE_DIST=<another build's dist> runs that
// build's serve beside this one, batches alternated, for a before/after in the same run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopChild } from '../helpers/stop-child.js';
import { claudePayload, TRUE_HOOK_RULES } from './claude-payload.js';
import { benchHome } from './env.js';
import { loadAverage } from './measure.js';

const DIST = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

export interface Served {
  name: string;
  /** Its home folder ($HOME), in a bench home whose root is `root`. */
  home: string;
  root: string;
  /** The bench home's environment, which its clients run with too. */
  env: Record<string, string>;
  /** The workspace its events come from. */
  ws: string;
  /** The yardstick answers no-rule events only. */
  yardstick?: boolean;
  pid: number;
  socket: string;
  payload(event: string): string;
  stop(): Promise<void>;
}

/**
 * A `hookpanel serve` of `dist` under `node`, in a home of its own with the hosted `true` rule
 * (TRUE_HOOK_RULES); `prepare` adds to the home first.
 */
export async function startServe(
  name: string,
  dist: string,
  prepare: (b: ReturnType<typeof benchHome>) => void = () => {},
  node = process.execPath,
): Promise<Served> {
  const b = benchHome();
  b.write('hp/hooks/claude.json', JSON.stringify(TRUE_HOOK_RULES));
  prepare(b);
  const cli = join(dist, 'electron', 'cli', 'main.js');
  const serve: ChildProcess = spawn(node, [cli, 'serve'], {
    env: b.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    serve.stdout!.on('data', (d: Buffer) => d.toString().includes('Panel:') && resolve());
    serve.once('exit', (code) => reject(new Error(`hookpanel serve (${name}) exited ${code}`)));
  });
  const ws = join(b.root, 'ws');
  return {
    name,
    home: b.env.HOME!,
    root: b.root,
    env: b.env,
    ws,
    pid: serve.pid!,
    socket: join(b.env.HOOKPANEL_HOME!, 'run', 'host.sock'),
    payload: (event) => claudePayload(ws, event),
    async stop() {
      await stopChild(serve);
      b.cleanup();
    },
  };
}

/**
 * The yardstick: a bare Node HTTP server on a Unix socket that reads each body, parses it and answers an
 * empty 200, which is what any host in Node pays for a request before doing anything with it.
 */
async function startBareServer(): Promise<Served> {
  const b = benchHome();
  const socket = join(b.root, 'bare.sock');
  const code = `require('node:http').createServer((req, res) => { const c = [];
    req.on('data', (d) => c.push(d)); req.on('end', () => { JSON.parse(Buffer.concat(c).toString('utf8'));
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }); res.end(''); }); })
    .listen(process.argv[1], () => console.log('up'));`;
  const server = spawn(process.execPath, ['-e', code, socket], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => server.stdout.once('data', resolve));
  const ws = join(b.root, 'ws');
  return {
    name: 'bare node http server',
    home: b.env.HOME!,
    root: b.root,
    env: b.env,
    ws,
    yardstick: true,
    pid: server.pid!,
    socket,
    payload: (event) => claudePayload(ws, event),
    async stop() {
      await stopChild(server);
      b.cleanup();
    },
  };
}

/** One event on the fast path, a new connection each (as curl makes); rejects unless it was answered 200. */
function post(socket: string, path: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: socket, path, method: 'POST', agent: false }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200 ? resolve() : reject(new Error(`answered ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * CPU so far in ms (utime + stime): of the process (its threads, not its children), or of its main
 * thread, the one that answers (the others: the history worker, V8's compiler and collector, libuv's pool).
 */
export function cpuMs(pid: number, mainThread: boolean): number {
  const stat = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which sits in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

const settle = () => new Promise((r) => setTimeout(r, 150));

interface Cpu {
  process: number;
  main: number;
}

/**
 * The host's CPU over `n` events, its work after the last answer included: sent one at a time, or by
 * `atOnce` clients each sending its next as soon as its last is answered (`apartMs` after it, where set;
 * with no event, the same time with nothing sent).
 */
async function batchCpuMs(s: Served, { event, atOnce, apartMs = 0 }: Case, n: number): Promise<Cpu> {
  const path = `/v1/hook/claude/${event}`;
  const body = event ? s.payload(event) : '';
  await settle();
  const before = { process: cpuMs(s.pid, false), main: cpuMs(s.pid, true) };
  let left = n;
  const client = async () => {
    while (left-- > 0) {
      if (event) await post(s.socket, path, body);
      if (apartMs) await new Promise((r) => setTimeout(r, apartMs));
    }
  };
  await Promise.all(Array.from({ length: atOnce }, client));
  await settle();
  return { process: cpuMs(s.pid, false) - before.process, main: cpuMs(s.pid, true) - before.main };
}

/** Events of each case before the count: the first load code, and V8 compiles the hot part for a while. */
const WARMUP = 300;
interface Case {
  /** The event sent, or null for none: the host left idle for as long as the paced case takes. */
  event: string | null;
  /** Events in flight at once. */
  atOnce: number;
  /** The pause after each answer before the next event: an agent's pace rather than a flood. */
  apartMs?: number;
}
/** An agent's tool calls come seconds apart: each finds the host's caches and code cold (docs/engine.md). */
const PACE_MS = 100;
/** Paced cases send this share of a batch's events (at 100 ms apart, 1,200 would take two minutes). */
const PACED_SHARE = 10;
const CASES: Record<string, Case> = {
  'no rule': { event: 'PostToolUse', atOnce: 1 },
  'one `true` hook': { event: 'PreToolUse', atOnce: 1 },
  // A burst (parallel tool calls, a model's streamed chunks): the history writes what arrives while it
  // writes together, one commit a round.
  'no rule, 8 at once': { event: 'PostToolUse', atOnce: 8 },
  [`no rule, ${PACE_MS} ms apart`]: { event: 'PostToolUse', atOnce: 1, apartMs: PACE_MS },
  // What the paced case's figure holds that is not the events': the host's own timers over that time.
  [`idle, per ${PACE_MS} ms`]: { event: null, atOnce: 1, apartMs: PACE_MS },
};

/**
 * Prints the host's CPU per event, with no rule and with one `true` hook (the hook's process is the
 * host's child: its CPU is not counted, the fork's cost to the host is). Batches of each build and case
 * take turns, so a change of load during the run weighs on each alike.
 */
export async function benchHostCpu(opts: { events?: number; rounds?: number } = {}): Promise<void> {
  console.log(
    "\nThe host's own CPU per event (`hookpanel serve`, events through its socket one at a time, and eight at once)",
  );
  if (process.platform !== 'linux') return console.log('  skipped: reads /proc');
  const rounds = opts.rounds ?? 6;
  const perBatch = Math.ceil((opts.events ?? 1200) / rounds);
  const pacedPerBatch = Math.ceil(perBatch / PACED_SHARE);
  /** The events (or idle spans) of a case in one batch. */
  const batchOf = (c: Case) => (c.apartMs ? pacedPerBatch : perBatch);
  const baseline = process.env.HOOKPANEL_BENCH_BASELINE_DIST;
  const builds: [string, string][] = [['this build', DIST]];
  if (baseline) builds.push(['baseline', baseline]);
  const served: Served[] = [];
  try {
    for (const [name, dist] of builds) served.push(await startServe(name, dist));
    served.push(await startBareServer());
    const cases = (s: Served) =>
      Object.entries(CASES).filter(([, c]) => !s.yardstick || c.event !== 'PreToolUse');
    const total = new Map<string, Cpu>();
    // Warm-up, not counted: the first events load code and tune it.
    for (const s of served)
      for (const [, { event }] of cases(s))
        for (let i = 0; event && i < WARMUP; i++)
          await post(s.socket, `/v1/hook/claude/${event}`, s.payload(event));
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? [...served].reverse() : served;
      for (const s of order)
        for (const [label, c] of cases(s)) {
          const key = `${s.name}\t${label}`;
          const was = total.get(key) ?? { process: 0, main: 0 };
          const cpu = await batchCpuMs(s, c, batchOf(c));
          total.set(key, { process: was.process + cpu.process, main: was.main + cpu.main });
        }
    }
    console.log(
      `  (${perBatch * rounds} events a case and build, ${pacedPerBatch * rounds} paced; load average ${loadAverage()})`,
    );
    for (const [label, c] of Object.entries(CASES))
      for (const s of served) {
        const cpu = total.get(`${s.name}\t${label}`);
        if (!cpu) continue;
        const events = batchOf(c) * rounds;
        const per = (ms: number) => (ms / events).toFixed(3).padStart(7);
        // Against the bare server sent the same way (one `true` hook: against its no-rule answer).
        const yardstick =
          total.get(`bare node http server\t${label}`) ?? total.get(`bare node http server\tno rule`)!;
        const bare = yardstick.process / events;
        const against =
          s.yardstick || !c.event ? '' : `  = ${(cpu.process / events / bare).toFixed(2)}× the bare server`;
        console.log(
          `  ${`${label}, ${s.name}`.padEnd(40)} ${per(cpu.process)} ms (main thread ${per(cpu.main)} ms)${against}`,
        );
      }
  } finally {
    for (const s of served) await s.stop();
  }
}
