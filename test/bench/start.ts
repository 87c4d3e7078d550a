// What starting a host costs: the CPU of one `hookpanel serve --project <ws>` (user and system, every
// thread) from its spawn to the panel served and the host idle, as every e2e test and every person who
// starts `serve` or the app pays it, against a bare `node -e ''` and `hookpanel --version` run in the
// same rounds. CPU, not wall time: on a shared machine a start's wall time is mostly waiting for a core.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { FIXTURES } from '../helpers/env.js';
import { processCpu } from '../helpers/proc-cpu.js';
import { CLI, runCpuMs } from './cli.js';
import { benchHome } from './env.js';
import { loadAverage, measureInterleaved, report, type Sample } from './measure.js';

/** The host counts as idle once its CPU time has not moved for this long. */
const QUIET_MS = 1000;
const POLL_MS = 100;
/** A start that is neither served nor idle by then is a hang, not a figure. */
const DEADLINE_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU ms of one serve: when it prints the panel's URL, and once the page was fetched and it is idle. */
async function serveCpuMs(
  env: Record<string, string>,
  ws: string,
): Promise<{ served: number; idle: number }> {
  const serve = spawn(process.execPath, [CLI, 'serve', '--project', ws], {
    env,
    cwd: ws,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const cpuMs = () => processCpu(serve.pid!)!.self * 1000;
  const deadline = Date.now() + DEADLINE_MS;
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(
        () => reject(new Error(`serve did not serve the panel:\n${out}`)),
        DEADLINE_MS,
      );
      const onData = (d: Buffer) => {
        out += d;
        const found = /Panel: (\S+)/.exec(out)?.[1];
        if (!found) return;
        clearTimeout(timer);
        resolve(found);
      };
      serve.stdout.on('data', onData);
      serve.stderr.on('data', onData);
      serve.once('exit', (code) => reject(new Error(`serve exited (${code}):\n${out}`)));
    });
    const served = cpuMs();
    await (await fetch(url)).text();
    let last = cpuMs();
    for (let quiet = 0; quiet < QUIET_MS;) {
      if (Date.now() > deadline) throw new Error(`serve was still busy after ${DEADLINE_MS} ms`);
      await sleep(POLL_MS);
      const now = cpuMs();
      quiet = now === last ? quiet + POLL_MS : 0;
      last = now;
    }
    return { served, idle: last };
  } finally {
    const exited = new Promise((r) => serve.once('exit', r));
    serve.kill('SIGTERM');
    await exited;
  }
}

export async function benchStart(): Promise<void> {
  if (!processCpu()) {
    console.log('start: skipped (the CPU of a process is read from /proc, Linux only)');
    return;
  }
  const home = benchHome();
  try {
    const ws = join(home.root, 'ws');
    // Hook files of a few agents in the home and the workspace, as the e2e tests' homes have.
    const place = (to: string, fixture: string) => {
      mkdirSync(dirname(join(home.root, to)), { recursive: true });
      cpSync(join(FIXTURES, fixture), join(home.root, to));
    };
    place('home/.arya/polish/hooks.json', 'arya/mixed.json');
    place('home/.config/io/io.toml', 'io/user-valid.toml');
    place('home/.chrys/hooks/hooks.yaml', 'chrys/warnings.yaml');
    place('home/.claude/settings.json', 'claude/settings.json');
    home.write(
      'ws/.claude/settings.json',
      '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"true"}]}]}}\n',
    );
    const served: number[] = [];
    const samples = await measureInterleaved(
      {
        node: () => runCpuMs(['-e', ''], home.env, ws),
        version: () => runCpuMs([CLI, '--version'], home.env, ws),
        serve: async () => {
          const cpu = await serveCpuMs(home.env, ws);
          served.push(cpu.served);
          return cpu.idle;
        },
      },
      { runs: 7, warmup: 1, value: ['node', 'version', 'serve'] },
    );
    // The warm-up round's figure is left out, as measureInterleaved leaves it out of the others.
    const atUrl = served.slice(1).sort((a, b) => a - b);
    const servedSample: Sample = { name: 'served', medianMs: atUrl[Math.floor(atUrl.length / 2)]! };
    console.log(
      `\nstart: CPU of one hookpanel serve, spawn to panel served and idle (load ${loadAverage()})`,
    );
    const node = { ...samples.node, name: "node -e ''" };
    const version = { ...samples.version, name: 'hookpanel --version' };
    report('hookpanel serve: panel URL printed', servedSample, node);
    report('hookpanel serve: page fetched, host idle', samples.serve, node);
    report('hookpanel serve: page fetched, host idle', samples.serve, version);
  } finally {
    home.cleanup();
  }
}
