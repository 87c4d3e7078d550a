// Engine and bridge benchmarks, each against a baseline measured in the same run.
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { runProcess } from '../../electron/host/process/run.js';
import { hookExecaOptions } from '../../electron/host/process/spawn-hook.js';
import { HookHost } from '../../electron/host/service.js';
import { benchEmitInProcess } from './emit-in-process.js';
import { benchHome } from './env.js';
import { cpuMs, loadAverage, measure, measureInterleaved, report } from './measure.js';
import { phaseBreakdown, printBreakdown } from './phases.js';
import { spawnWait } from './spawn-wait.js';

/** A spawn through execa with the options the process runner uses, read as the runner reads it. */
function execaWait(argv: string[], opts: { env: Record<string, string>; input: string; cwd: string }) {
  return new Promise<void>((resolve) => {
    const child = execa(argv[0]!, argv.slice(1), hookExecaOptions(opts.cwd, opts.env));
    child.catch(() => {});
    let open = 3;
    const done = () => --open === 0 && resolve();
    child.stdout.on('data', () => {});
    child.stderr.on('data', () => {});
    child.stdout.on('close', done);
    child.stderr.on('close', done);
    child.on('exit', done);
    child.stdin.on('error', () => {});
    child.stdin.end(opts.input);
  });
}

export async function benchEngine(): Promise<void> {
  console.log('\nEngine and bridge');
  const b = benchHome();
  try {
    b.write(
      'home/.config/pw/code.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: '/bin/true', args: [] }] }] } }),
    );
    const host = await HookHost.open(b.host);
    // As the desktop app and `hookpanel serve` run it: history on its worker thread.
    await host.history.start();
    const ws = join(b.root, 'ws');
    const fire = () =>
      host.dispatch({ dialect: 'pw', event: 'Stop', payload: {}, project: ws, callerCwd: ws });
    // Taken in turns, so the layers compare at the same moments of a shared machine's load. The
    // baseline spawns as any hook runner must: stdin written, stdout and stderr read, its own group.
    const candidates = {
      'bare spawn': () => spawnWait(['/bin/true'], { input: '{}', capture: true, env: b.env, cwd: ws }),
      execa: () => execaWait(['/bin/true'], { input: '{}', env: b.env, cwd: ws }),
      runProcess: () =>
        runProcess({ argv: ['/bin/true'], cwd: ws, env: b.env, stdin: '{}', timeoutMs: 10_000 }),
      engine: fire,
    };
    console.log(`  (load average ${loadAverage()})`);
    // The host keeps an event's records after its answer (HookHost.dispatch returns first): each run
    // waits for that, untimed, so that the candidate after it does not pay for it.
    const layers = await measureInterleaved(candidates, { runs: 60, warmup: 5, after: () => host.idle() });
    const bare = layers['bare spawn'];
    report('  engine dispatch of a /bin/true hook', layers.engine, bare, 1.1);
    report('    of which the process runner (runProcess)', layers.runProcess, bare);
    report("    of which execa's spawn, as the runner calls it", layers.execa, bare);
    // The same layers in this process's CPU time (every thread: the engine's includes its records'
    // commit on the history worker, awaited), which waiting for a core does not inflate.
    const cpu = await measureInterleaved(
      {
        'bare spawn': () => cpuMs(candidates['bare spawn']),
        execa: () => cpuMs(candidates.execa),
        runProcess: () => cpuMs(candidates.runProcess),
        engine: () => cpuMs(() => fire().then(() => host.idle())),
      },
      { runs: 60, warmup: 5, value: ['bare spawn', 'execa', 'runProcess', 'engine'] },
    );
    const bareCpu = { ...cpu['bare spawn'], name: 'bare spawn CPU' };
    report('  the same in CPU time: engine dispatch', cpu.engine, bareCpu);
    report('    the process runner', cpu.runProcess, bareCpu);
    report("    execa's spawn", cpu.execa, bareCpu);
    printBreakdown(
      '  where one dispatch goes (medians, ms; HookHost.dispatch of the /bin/true hook, in this process):',
      await phaseBreakdown(fire, { runs: 30, warmup: 3, until: 'verdict' }),
      'from the call to the decision',
    );

    b.write('home/.config/io/io.toml', '[[hook]]\non = []\nappend = "audit.jsonl"\n');
    const line = `${JSON.stringify({ time: new Date().toISOString(), event: 'turn_end', payload: { turn: 1 } })}\n`;
    const n = 300;
    const appendRun = await measure(
      'append',
      async () => {
        for (let i = 0; i < n; i++)
          await host.dispatch({
            dialect: 'io',
            event: 'turn_end',
            payload: { turn: i },
            project: ws,
            callerCwd: ws,
          });
      },
      { runs: 3, warmup: 1 },
    );
    const bareAppend = await measure(
      'bare appendFile',
      async () => {
        for (let i = 0; i < n; i++) await appendFile(join(b.root, 'bare.jsonl'), line);
      },
      { runs: 3, warmup: 1 },
    );
    console.log(
      `  events per second with an append rule: ${Math.round((n * 1000) / appendRun.medianMs)}/s (bare appendFile: ${Math.round((n * 1000) / bareAppend.medianMs)}/s)`,
    );
    report(
      '  one event with an append rule',
      { name: 'append', medianMs: appendRun.medianMs / n },
      { name: 'bare appendFile', medianMs: bareAppend.medianMs / n },
    );
    await host.close();
  } finally {
    b.cleanup();
  }
  await benchEmitInProcess();
}
