// Does a large host pay more for a spawn? The same spawn of /bin/true (stdin written, stdout and stderr
// read, its own group), timed inside a small Node process and inside one grown to the host's size, in
// turns. On Linux libuv forks, copying the parent's page tables, then waits for the child's exec: the
// CPU of the spawn() call grows with the parent's memory; the wall time also holds the wait for a core.
import { spawnSync } from 'node:child_process';

/** Runs in each child: grow to `ballastMb` of live heap and buffers, then time 40 spawns. */
const CHILD = `
const { spawn } = require('node:child_process');
const keep = [];
const mb = Number(process.argv[1]);
for (let i = 0; i < mb / 2; i++) keep.push(Buffer.alloc(1 << 20, 1));
for (let i = 0; i < mb * 2500; i++) keep.push({ i, s: 'x' + i });
const one = () => new Promise((done) => {
  const c0 = process.cpuUsage(), t0 = performance.now();
  const child = spawn('/bin/true', [], { stdio: 'pipe', detached: true });
  const used = process.cpuUsage(c0);
  child.stdout.resume(); child.stderr.resume();
  child.stdin.on('error', () => {}); child.stdin.end('{}');
  child.on('close', () => done([(used.user + used.system) / 1000, performance.now() - t0]));
});
(async () => {
  const cpu = [], wall = [];
  for (let i = 0; i < 45; i++) { const [c, w] = await one(); if (i >= 5) { cpu.push(c); wall.push(w); } }
  const med = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
  console.log(JSON.stringify({ rssMb: process.memoryUsage().rss / 1048576, cpu: med(cpu), wall: med(wall) }));
})();
`;

interface SpawnCost {
  rssMb: number;
  cpu: number;
  wall: number;
}

function costIn(ballastMb: number): SpawnCost {
  const run = spawnSync(process.execPath, ['-e', CHILD, String(ballastMb)], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`spawn-size child exited ${run.status}: ${run.stderr}`);
  return JSON.parse(run.stdout) as SpawnCost;
}

/** Medians over alternated pairs: a small Node process against one grown by `ballastMb`. */
export function spawnCostBySize(ballastMb: number, pairs = 5): { small: SpawnCost; large: SpawnCost } {
  const small: SpawnCost[] = [];
  const large: SpawnCost[] = [];
  for (let i = 0; i < pairs; i++) {
    if (i % 2) large.push(costIn(ballastMb));
    small.push(costIn(0));
    if (!(i % 2)) large.push(costIn(ballastMb));
  }
  const med = (xs: SpawnCost[], k: keyof SpawnCost) =>
    xs.map((x) => x[k]).sort((a, b) => a - b)[xs.length >> 1]!;
  const of = (xs: SpawnCost[]) => ({ rssMb: med(xs, 'rssMb'), cpu: med(xs, 'cpu'), wall: med(xs, 'wall') });
  return { small: of(small), large: of(large) };
}
