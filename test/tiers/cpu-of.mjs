// `node test/tiers/cpu-of.mjs <out> [--nice <n>] <script> [args…]`: runs <script> with this Node, then
// writes to <out> the CPU seconds it cost, user and system, of every process under it that was waited for
// (test/helpers/proc-cpu.ts). npm test's tiers run side by side, so one tier's CPU can only be read in a
// process of its own. proc-cpu is loaded from dist/ once the script has ended: by then npm test's build
// has compiled it. Nothing is written where it cannot be read (not Linux, or no build). `--nice <n>` runs
// this process, and so every process the script starts, at that nice value (os.setPriority).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

const [out, ...rest] = process.argv.slice(2);
const niced = rest[0] === '--nice';
if (niced) setPriority(Number(rest[1]));
const argv = niced ? rest.slice(2) : rest;
const child = spawn(process.execPath, argv, { stdio: 'inherit' });
child.on('error', (e) => {
  console.error(`${argv.join(' ')}: ${e.message}`);
  process.exit(1);
});
child.on('close', async (code, signal) => {
  const cpu = await import('../../dist/test/helpers/proc-cpu.js').then(
    (m) => m.processCpu(),
    () => null,
  );
  if (cpu) writeFileSync(out, `${cpu.children}\n`);
  process.exit(signal ? 1 : (code ?? 1));
});
