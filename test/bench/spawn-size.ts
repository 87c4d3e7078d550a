// What a hook's spawn costs from a process of the host's size against a small one, and what a hop to
// a small pre-forked spawner would add (docs/engine.md, "What one tool call costs"): two helper
// processes (spawner-child.ts), one made as big as a resident host, asked in turns to spawn
// `/bin/true`. Each says how long its own spawn took and its CPU; the round trip seen from here adds
// the hop (a message there and back on a pipe, and the helper woken).
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadAverage, report, type Sample } from './measure.js';

/**
 * Ballast for the host-size helper: a resident `hookpanel serve` that has run a hook holds some 116 MiB
 * (ps, this machine); Node's own ~50 MiB and this make the helper about 150 MiB, a little over it.
 */
const HOST_SIZE_MIB = 100;
const CHILD = fileURLToPath(new URL('./spawner-child.js', import.meta.url));

interface Reply {
  ms: number;
  cpuMs: number;
  rssMiB: number;
}

function start(ballastMiB: number): Promise<ChildProcess> {
  const child = fork(CHILD, [String(ballastMiB)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`spawner-child exited ${code}`)));
  });
}

function ask(child: ChildProcess): Promise<Reply & { roundTripMs: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    child.once('message', (m: Reply) => resolve({ ...m, roundTripMs: performance.now() - t0 }));
    child.send('go');
  });
}

const median = (name: string, xs: number[]): Sample => ({
  name,
  medianMs: [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!,
});

export async function benchSpawnSize(): Promise<void> {
  console.log('\nOne spawn of `/bin/true`, from a process of the host size and from a small one');
  console.log(`  (load average ${loadAverage()})`);
  const [small, big] = await Promise.all([start(0), start(HOST_SIZE_MIB)]);
  try {
    const got = {
      small: [] as Awaited<ReturnType<typeof ask>>[],
      big: [] as Awaited<ReturnType<typeof ask>>[],
    };
    for (let round = 0; round < 63; round++) {
      const order = round % 2 ? (['big', 'small'] as const) : (['small', 'big'] as const);
      for (const which of order) {
        const reply = await ask(which === 'small' ? small : big);
        if (round >= 3) got[which].push(reply);
      }
    }
    const rss = (xs: Reply[]) => xs.at(-1)!.rssMiB.toFixed(0);
    const s = (k: 'small' | 'big', f: 'ms' | 'cpuMs' | 'roundTripMs', name: string) =>
      median(
        name,
        got[k].map((r) => r[f]),
      );
    const bigSpawn = s('big', 'ms', `host-size spawn (${rss(got.big)} MiB)`);
    const smallSpawn = s('small', 'ms', `small spawn (${rss(got.small)} MiB)`);
    report('  spawn from a host-size process, against a small one', bigSpawn, smallSpawn);
    report(
      '  the same in the spawning process CPU',
      s('big', 'cpuMs', 'host-size CPU'),
      s('small', 'cpuMs', 'small CPU'),
    );
    const hop = median(
      'hop',
      got.small.map((r) => r.roundTripMs - r.ms),
    );
    console.log(
      `  a hop to a small spawner and back (IPC message, helper woken): ${hop.medianMs.toFixed(2)} ms`,
    );
    report(
      '  a small spawner, hop included, against spawning here',
      { name: 'hop + small spawn', medianMs: hop.medianMs + smallSpawn.medianMs },
      bigSpawn,
    );
  } finally {
    small.kill();
    big.kill();
  }
  console.log(`  (load average ${loadAverage()})`);
}
