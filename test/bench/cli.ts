// What one `hookpanel` run costs in CPU (user and system, its own process and what it waited for), for
// the commands the tests run most, each as a ratio against a bare `node -e ''` run in the same rounds.
// CPU, not wall time: on a shared machine a run's wall time is mostly waiting for a core. The commands
// that load the host are bundled (electron/cli/commands.vite.config.mts); `--version` loads neither.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processCpu } from '../helpers/proc-cpu.js';
import { benchHome } from './env.js';
import { loadAverage, measureInterleaved, report } from './measure.js';

export const CLI = join(
  fileURLToPath(new URL('.', import.meta.url)),
  '..',
  '..',
  'electron',
  'cli',
  'main.js',
);

/** CPU ms of one run of `node argv` to its end (Linux: the children's times in /proc/self/stat). */
export function runCpuMs(argv: string[], env: Record<string, string>, cwd: string): Promise<number> {
  const before = processCpu()!.children;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { env, cwd, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', () => resolve((processCpu()!.children - before) * 1000));
  });
}

export async function benchCli(): Promise<void> {
  if (!processCpu()) {
    console.log('cli: skipped (the CPU of a child is read from /proc, Linux only)');
    return;
  }
  const home = benchHome();
  try {
    const ws = join(home.root, 'ws');
    const rules = {
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './x.sh' }] }] },
    };
    home.write('ws/.claude/settings.json', `${JSON.stringify(rules)}\n`);
    const run =
      (...args: string[]) =>
      () =>
        runCpuMs([CLI, ...args], home.env, ws);
    const samples = await measureInterleaved(
      {
        node: () => runCpuMs(['-e', ''], home.env, ws),
        version: run('--version'),
        check: run('check'),
        trust: run('trust', '.claude/settings.json'),
        history: run('history', '--limit', '5'),
        connect: run('connect', 'claude', '--dry-run'),
      },
      { runs: 9, warmup: 1, value: ['node', 'version', 'check', 'trust', 'history', 'connect'] },
    );
    console.log(`\ncli: CPU of one hookpanel run against node -e '' (load ${loadAverage()})`);
    const base = { ...samples.node, name: "node -e ''" };
    report('hookpanel --version', samples.version, base);
    report('hookpanel check', samples.check, base);
    report('hookpanel trust <file>', samples.trust, base);
    report('hookpanel history --limit 5', samples.history, base);
    report('hookpanel connect claude --dry-run', samples.connect, base);
  } finally {
    home.cleanup();
  }
}
