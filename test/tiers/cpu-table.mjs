// `node test/tiers/cpu-table.mjs <log>`: what a vitest run logged with HOOKPANEL_TEST_CPU_LOG=<log>
// (test/helpers/cpu-log.ts), as a table: the files by CPU seconds (their own process and the child
// processes they waited for), the CLI runs each started, and the totals per folder. CPU seconds, unlike
// wall time, hardly change with how loaded the machine is, so they say where a tier's time goes.
import { readFileSync } from 'node:fs';

const [log, top = '25'] = process.argv.slice(2);
if (!log) {
  console.error('usage: node test/tiers/cpu-table.mjs <log> [how many files]');
  process.exit(2);
}
// Each line holds its process's totals so far: a process that ran several files gave each its share.
const before = new Map();
const rows = readFileSync(log, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const r = JSON.parse(line);
    const was = before.get(r.pid) ?? { wallS: 0, selfS: 0, childrenS: 0 };
    before.set(r.pid, { wallS: r.wallS, selfS: r.selfS, childrenS: r.childrenS });
    return {
      ...r,
      wallS: r.wallS - was.wallS,
      selfS: r.selfS - was.selfS,
      childrenS: r.childrenS - was.childrenS,
    };
  });
const cpu = (r) => r.selfS + r.childrenS;
const s = (n) => n.toFixed(1).padStart(7);
const total = rows.reduce((a, r) => a + cpu(r), 0);

console.log(`${rows.length} files, ${total.toFixed(0)} CPU s in all; the costliest:`);
console.log(
  `${'CPU s'.padStart(7)} ${'own'.padStart(7)} ${'child'.padStart(7)} ${'wall s'.padStart(7)} ${'CLI'.padStart(5)}  file`,
);
for (const r of rows.sort((a, b) => cpu(b) - cpu(a)).slice(0, Number(top)))
  console.log(
    `${s(cpu(r))} ${s(r.selfS)} ${s(r.childrenS)} ${s(r.wallS)} ${String(r.cliRuns).padStart(5)}  ${r.file}`,
  );

const folders = new Map();
for (const r of rows) {
  const folder = r.file.split('/').slice(0, 2).join('/');
  const f = folders.get(folder) ?? { files: 0, cpu: 0, own: 0, cli: 0 };
  f.files++;
  f.cpu += cpu(r);
  f.own += r.selfS;
  f.cli += r.cliRuns;
  folders.set(folder, f);
}
console.log('\nper folder:');
for (const [folder, f] of [...folders].sort((a, b) => b[1].cpu - a[1].cpu))
  console.log(
    `${s(f.cpu)} CPU s (${s(f.own)} in the test processes) ${String(f.files).padStart(4)} files ${String(f.cli).padStart(5)} CLI runs  ${folder}`,
  );
