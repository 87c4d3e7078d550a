// What one tool call of a connected agent costs: Claude Code's PreToolUse, with a realistic payload,
// through each path it can take to the host (hookpanel-hook's curl, `hookpanel emit`, the host's own
// answer), with a hosted `claude` rule whose command is `true` and with no rule (PostToolUse). Every
// figure is a ratio against a yardstick taken in the same rounds (measureInterleaved). Then the
// breakdown: where one event's time goes inside a host, step by step (util/phase-trace.ts).
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startResident } from '../../electron/host/intake/resident.js';
import { HookHost } from '../../electron/host/service.js';
import { startBareServer, type BareServer, type BareServerKind } from './bare-server.js';
import { claudePayload, expectTrueHookRan, TRUE_HOOK_RULES } from './claude-payload.js';
import { CLI } from './cli.js';
import { leastClientArgv } from './least-client.js';
import { benchHome, NODE24 } from './env.js';
import { benchHostCpu, startServe, type Served } from './host-cpu.js';
import { loadAverage, measureInterleaved, report, type Sample } from './measure.js';
import { phaseBreakdown, printBreakdown } from './phases.js';
import { spawnWait } from './spawn-wait.js';

const DIST = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const HOOK_SCRIPT = join(DIST, '..', 'electron', 'cli', 'hookpanel-hook.sh');
/** curl's own measure of the host's answer (connect to last byte), without curl's start-up. */
function curlAnswerMs(
  socket: string,
  path: string,
  body: string,
  env: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'curl',
      [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{time_total}',
        '--unix-socket',
        socket,
        '--data-binary',
        '@-',
        `http://hookpanel${path}`,
      ],
      { env, stdio: ['pipe', 'pipe', 'ignore'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) =>
      code === 0 ? resolve(Number(out) * 1000) : reject(new Error(`curl exited ${code}`)),
    );
    child.stdin.end(body);
  });
}

export async function benchBridge(): Promise<void> {
  console.log('\nOne tool call through the bridge (claude PreToolUse, a realistic payload)');
  if (spawnSync('curl', ['--version']).status !== 0) {
    console.log('  skipped: curl is not installed');
    return;
  }
  console.log(`  (load average ${loadAverage()})`);
  await throughServe();
  await benchHostCpu();
  await breakdown();
  console.log(`  (load average ${loadAverage()})`);
}

/** A `hookpanel serve` of this build under one Node (host-cpu.ts), its floors, and the event's payloads. */
interface UnderTest {
  host: Served;
  /** The floors under the host's answer, bare Node servers under the same Node (bare-server.ts). */
  floors: Record<BareServerKind, BareServer>;
  hook: string;
  post: string;
  /** How a client of the host runs: the bench home's environment, in the events' workspace. */
  opts: (input: string) => { env: Record<string, string>; input: string; cwd: string };
  stop(): Promise<void>;
}

async function servedBy(node: string): Promise<UnderTest> {
  const host = await startServe(`hookpanel serve under ${node}`, DIST, () => {}, node);
  const started: BareServer[] = [];
  const stop = async () => {
    for (const server of started) await server.stop();
    await host.stop();
  };
  const floor = async (kind: BareServerKind) => {
    const server = await startBareServer(join(host.root, `bare-${kind}.sock`), node, kind);
    started.push(server);
    return server;
  };
  let floors: Record<BareServerKind, BareServer>;
  try {
    floors = { http: await floor('http'), socket: await floor('socket') };
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    host,
    floors,
    hook: host.payload('PreToolUse'),
    post: host.payload('PostToolUse'),
    opts: (input) => ({ env: host.env, input, cwd: host.ws }),
    stop,
  };
}

const HOST_ANSWERS = [
  'host answer, hook',
  'host answer, no rule',
  'bare server answer',
  'least server answer',
] as const;
type HostAnswer = (typeof HOST_ANSWERS)[number];

/** The host's own answer to the hook's event and to one no rule matches, and the floor's, by curl. */
function hostAnswers(s: UnderTest): Record<HostAnswer, () => Promise<number>> {
  return {
    'host answer, hook': () => curlAnswerMs(s.host.socket, '/v1/hook/claude/PreToolUse', s.hook, s.host.env),
    'host answer, no rule': () =>
      curlAnswerMs(s.host.socket, '/v1/hook/claude/PostToolUse', s.post, s.host.env),
    'bare server answer': () =>
      curlAnswerMs(s.floors.http.socket, '/v1/hook/claude/PostToolUse', s.post, s.host.env),
    'least server answer': () =>
      curlAnswerMs(s.floors.socket.socket, '/v1/hook/claude/PostToolUse', s.post, s.host.env),
  };
}

/** Reports what hostAnswers measured, against its goals. */
function reportHostAnswers(t: Record<HostAnswer | 'bare spawn', Sample>, under = ''): void {
  const spawnPlus2: Sample = { name: 'bare spawn + 2 ms', medianMs: t['bare spawn'].medianMs + 2 };
  const oneMs: Sample = { name: '1 ms', medianMs: 1 };
  report(
    `  host's answer${under}, one \`true\` hook (curl's time_total)`,
    t['host answer, hook'],
    spawnPlus2,
    1,
  );
  report('    the same, against the bare spawn of `sh -c true`', t['host answer, hook'], t['bare spawn']);
  report(`  host's answer${under}, no matching rule`, t['host answer, no rule'], oneMs, 1);
  report(
    '    the same, against a bare Node server that reads and answers',
    t['host answer, no rule'],
    t['bare server answer'],
  );
  // The 1 ms goal against the least any Node server takes to answer curl here: a ratio over 1 says the
  // goal is under the machine's floor, not only under the host's.
  report(
    '    the least any Node server answers in (node:net, a fixed answer)',
    t['least server answer'],
    oneMs,
  );
}

/** The paths an agent's hook takes to a running `hookpanel serve`. */
async function throughServe(): Promise<void> {
  const s = await servedBy(process.execPath);
  try {
    const { hook, post, opts } = s;
    const { env, socket } = s.host;
    const bridge = (event: string, input: string) => () =>
      spawnWait(['/bin/sh', HOOK_SCRIPT, 'claude', event], opts(input));
    const emit = (dialect: string, event: string, input: string) => () =>
      spawnWait([process.execPath, CLI, 'emit', dialect, event], opts(input));

    // The answer must be the hook's: a bench of a path that fell back or refused measures nothing.
    const check = spawnSync('/bin/sh', [HOOK_SCRIPT, 'claude', 'PreToolUse'], {
      ...opts(hook),
      encoding: 'utf8',
    });
    if (check.status !== 0) throw new Error(`hookpanel-hook answered ${check.status}: ${check.stderr}`);
    expectTrueHookRan(process.execPath, CLI, opts(hook));
    expectLeastClientAnswered(process.execPath, s);

    // Every process here, yardsticks too, gets the bench home's environment and nothing of the runner's:
    // Node 20 reads NODE_EXTRA_CA_CERTS's file at every start (~40 ms here), so a `node -e ''` started
    // with it against an `emit` started without it read 0.94× for what was 1.4× (5 December 2026).
    const t = await measureInterleaved(
      {
        'bare spawn': bareSpawn(s),
        ...hostAnswers(s),
        'bare curl': () =>
          spawnWait(
            ['curl', '-s', '-o', '/dev/null', '--unix-socket', socket, 'http://hookpanel/v1/health'],
            {
              env,
            },
          ),
        'hook, hook': bridge('PreToolUse', hook),
        'hook, no rule': bridge('PostToolUse', post),
        "node -e ''": () => spawnWait([process.execPath, '-e', ''], { env }),
        'emit, hook': emit('claude', 'PreToolUse', hook),
        'least client, hook': leastClient(process.execPath, s),
        'emit, no rule': emit('claude', 'PostToolUse', post),
        'old: emit pw NoSuchRule {}': emit('pw', 'NoSuchRule', '{}'),
        'old: hook pw NoSuchRule {}': bridge('NoSuchRule', '{}'),
      },
      { runs: 21, warmup: 3, value: [...HOST_ANSWERS] },
    );
    reportHostAnswers(t);
    report('  hookpanel-hook claude PreToolUse, one `true` hook', t['hook, hook'], t['bare curl'], 1.5);
    report('  hookpanel-hook claude PostToolUse, no matching rule', t['hook, no rule'], t['bare curl']);
    report('  hookpanel emit claude PreToolUse, one `true` hook', t['emit, hook'], t["node -e ''"], 1.3);
    report(
      '    the least a Node client pays for it (least-client.ts)',
      t['least client, hook'],
      t["node -e ''"],
    );
    report('    emit against that least client', t['emit, hook'], t['least client, hook']);
    report('  hookpanel emit claude PostToolUse, no matching rule', t['emit, no rule'], t["node -e ''"]);
    console.log('  the old cases, an event no agent sends with `{}`, for comparison:');
    report(
      '    hookpanel emit pw NoSuchRule, host running',
      t['old: emit pw NoSuchRule {}'],
      t["node -e ''"],
    );
    report('    hookpanel-hook pw NoSuchRule', t['old: hook pw NoSuchRule {}'], t['bare curl']);
  } finally {
    await s.stop();
  }
  // A local const: TypeScript keeps an import's narrowing out of the closures below.
  const node24 = NODE24;
  if (node24) await underTheAppsNode(node24);
  else console.log('  under Node 24: not measured (no Node 24 here; HOOKPANEL_NODE24 names one)');
}

/**
 * The app's own path: in the desktop app the host runs in Electron 41's main process and connect's
 * bridge under Electron's Node, both Node 24; above, the host runs under the Node that runs the bench.
 */
async function underTheAppsNode(node24: string): Promise<void> {
  const s = await servedBy(node24);
  try {
    expectTrueHookRan(node24, CLI, s.opts(s.hook));
    expectLeastClientAnswered(node24, s);
    console.log('  under Node 24 (Electron 41), the host and its client both, as in the app:');
    const t = await measureInterleaved(
      {
        'bare spawn': bareSpawn(s),
        ...hostAnswers(s),
        "node -e ''": () => spawnWait([node24, '-e', ''], { env: s.host.env }),
        'emit, hook': () => spawnWait([node24, CLI, 'emit', 'claude', 'PreToolUse'], s.opts(s.hook)),
        'least client, hook': leastClient(node24, s),
      },
      { runs: 21, warmup: 3, value: [...HOST_ANSWERS] },
    );
    reportHostAnswers(t, ' (Node 24)');
    report('  the same emit with a hook, under Node 24', t['emit, hook'], t["node -e ''"], 1.3);
    report('    the least a Node 24 client pays for it', t['least client, hook'], t["node -e ''"]);
    report('    emit against that least client', t['emit, hook'], t['least client, hook']);
  } finally {
    await s.stop();
  }
}

/** `sh -c true` spawned with the hook's payload on stdin and its output read: the hook's own cost. */
function bareSpawn(s: UnderTest): () => Promise<unknown> {
  return () =>
    spawnWait(['/bin/sh', '-c', 'true'], { env: s.host.env, input: s.hook, capture: true, cwd: s.host.ws });
}

function leastClient(node: string, s: UnderTest): () => Promise<unknown> {
  return () => spawnWait(leastClientArgv(node, s.host.socket, 'claude', 'PreToolUse'), s.opts(s.hook));
}

function expectLeastClientAnswered(node: string, s: UnderTest): void {
  const [leastNode, ...leastArgs] = leastClientArgv(node, s.host.socket, 'claude', 'PreToolUse');
  const r = spawnSync(leastNode!, leastArgs, { ...s.opts(s.hook), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the least client was not answered: ${r.stderr}`);
}

/**
 * Where one event's time goes, in a resident host in this process (the code `hookpanel serve` runs):
 * each step's median over a run of events sent one at a time with curl, from util/phase-trace.ts marks.
 */
async function breakdown(): Promise<void> {
  const b = benchHome();
  b.write('hp/hooks/claude.json', JSON.stringify(TRUE_HOOK_RULES));
  const host = await HookHost.open(b.host);
  await host.history.start();
  const started = await startResident(host, { info: () => {}, error: (l) => console.error(l) });
  if (started.kind !== 'started') throw new Error(started.message);
  const { resident } = started;
  const ws = join(b.root, 'ws');
  const send = (event: string) => () =>
    curlAnswerMs(host.paths.socket, `/v1/hook/claude/${event}`, claudePayload(ws, event), b.env);
  try {
    const opts = { runs: 30, warmup: 3, until: 'answer' };
    printBreakdown(
      '  where one event goes in the host (medians, ms; one `true` hook, sent one at a time):',
      await phaseBreakdown(send('PreToolUse'), opts),
      "from the request's headers to its answer written",
    );
    printBreakdown(
      '  the same with no matching rule (PostToolUse):',
      await phaseBreakdown(send('PostToolUse'), opts),
      "from the request's headers to its answer written",
    );
  } finally {
    resident.close();
    await host.close();
    b.cleanup();
  }
}
