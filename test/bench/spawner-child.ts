// A process that spawns `/bin/true` as the hook runner does (its own group, stdin written, stdout and
// stderr read) each time its parent asks, after making itself `argv[2]` MiB bigger (touched memory,
// whose page tables a fork copies), and says how long the spawn took and what CPU it cost. Run by
// spawn-size.ts; it shows what the host's size adds to a hook's spawn, and what a hop to a smaller
// spawner costs.
import { spawn } from 'node:child_process';

const ballast: Buffer[] = [];
for (let i = 0; i < Number(process.argv[2] ?? 0); i++) ballast.push(Buffer.alloc(1024 * 1024, 1));

function spawnTrue(): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn('/bin/true', [], { stdio: 'pipe', detached: true });
    let open = 3;
    const done = () => --open === 0 && resolve();
    child.stdout.on('data', () => {}).on('close', done);
    child.stderr.on('data', () => {}).on('close', done);
    child.on('exit', done);
    child.stdin.on('error', () => {});
    child.stdin.end('{}');
  });
}

process.on('message', () => {
  const before = process.cpuUsage();
  const t0 = performance.now();
  void spawnTrue().then(() => {
    const cpu = process.cpuUsage(before);
    process.send!({
      ms: performance.now() - t0,
      cpuMs: (cpu.user + cpu.system) / 1000,
      rssMiB: process.memoryUsage.rss() / 2 ** 20,
      held: ballast.length,
    });
  });
});
process.send!('ready');
