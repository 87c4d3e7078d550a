// `npm test`: every tier, then a table of what each took. What waits runs beside what computes: the
// static checks (lint, the renderer's type check) at the lowest priority beside every tier up to the
// serial files (their lines prefixed with the tier's name); the browser tier and the Node 24 pass one
// after the other, each alone with the cores (where they run says why). The first vitest pass runs under
// the Node that runs npm, the host core under Node 24 (test/tiers/split.mjs says which files run under
// which Node). The files whose assertions measure a window of wall-clock time (vitest's `serial`
// project) run last, with nothing else of this run beside them. Every tier runs even when one before it
// failed (only a failed build stops the run), so one CI run shows every failure; the exit status is 1 if
// any failed. One pass measures coverage (test/tiers/coverage.mjs): the Node 24 pass, or the first where
// the Node 24 pass does not run (the first then runs every file); its figure is in the table.
// HOOKPANEL_COVERAGE=0 leaves coverage out. The table gives each tier's wall time and, on Linux, its CPU
// seconds (test/tiers/cpu-of.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { failedTestContexts } from './e2e-context.mjs';
import { BESIDE_NODE24, node24Skip } from './split.mjs';
import { findNode24 } from '../node24/find.mjs';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (pkg, file) => join(REPO, 'node_modules', pkg, file);
const COVERAGE = process.env.HOOKPANEL_COVERAGE !== '0';
/** Whether test/node24/run.mjs will run a Node 24 pass here rather than skip (its own rule). */
const NODE24_RUNS = node24Skip() === null;
const COVERAGE_TIER = !COVERAGE ? null : NODE24_RUNS ? 'node 24' : 'vitest';
const coverage = (...args) => [join(REPO, 'test', 'tiers', 'coverage.mjs'), ...args];
/** vitest's projects of files that run beside each other (.config/vitest.config.ts). */
const PARALLEL = ['--project', 'parallel', '--project', 'unit'];
/** The first pass's files: beside a Node 24 pass, what runs once; else every file. */
const FIRST_PASS = [...PARALLEL, ...(NODE24_RUNS ? BESIDE_NODE24 : [])];

/** One tier: a command, its wall time and how it ended. */
const TIERS = {
  build: [join(REPO, 'test', 'tiers', 'build.mjs'), '--if-stale'],
  'types (panel)': [bin('typescript-7', 'bin/tsc'), '-p', 'renderer/tsconfig.json'],
  lint: null, // three commands, below
  vitest:
    COVERAGE_TIER === 'vitest'
      ? coverage(...FIRST_PASS)
      : [bin('vitest', 'vitest.mjs'), 'run', '--config', '.config/vitest.config.ts', ...FIRST_PASS],
  'node 24':
    COVERAGE_TIER === 'node 24'
      ? coverage('--node24', ...PARALLEL)
      : [join(REPO, 'test', 'node24', 'run.mjs'), ...PARALLEL],
  e2e: [bin('@playwright/test', 'cli.js'), 'test', '-c', 'test/e2e/playwright.config.ts'],
  'vitest serial': [
    bin('vitest', 'vitest.mjs'),
    'run',
    '--config',
    '.config/vitest.config.ts',
    '--project',
    'serial',
  ],
  'node 24 serial': [join(REPO, 'test', 'node24', 'run.mjs'), '--project', 'serial'],
};
const LINT = [
  [bin('prettier', 'bin/prettier.cjs'), '--check', '--log-level', 'warn', '.'],
  [bin('eslint', 'bin/eslint.js'), '-c', '.config/eslint.config.js', '.'],
  [bin('knip', 'bin/knip.js'), '-c', '.config/knip.jsonc'],
];

const results = [];

/**
 * The static checks (lint, the panel's type check) run at the lowest priority (os.setPriority), so they
 * take only what the tiers leave idle.
 */
const CHECKS_NICE = 19;

/**
 * The lines of a tier's output that name a failure (vitest's ` FAIL ` and its assertion, Playwright's
 * ✘ and its error, eslint's and prettier's findings), told again above the table where it failed: a CI
 * log may keep only its end. At most RECAP_LINES of them a tier.
 */
const FAILURE_LINE = /\bFAIL\b|✘|\berror\b|Error\b|Test timeout|timed out|\[warn\]|^\S+\.\w+:\d+/;
const RECAP_LINES = 30;
/** A passed or skipped test's line, whose name may hold "error". */
const PASSED_LINE = /^\s*(✓|-\s+\d)/;

/** Where each tier's CPU seconds are written (test/tiers/cpu-of.mjs). */
const CPU_DIR = mkdtempSync(join(tmpdir(), 'hookpanel-tier-cpu-'));
let cpuFiles = 0;

/**
 * Runs `argv` with this Node, through cpu-of.mjs; with a `prefix`, its lines are prefixed (it runs beside
 * another tier). Resolves with how it ended and its CPU seconds (null where they cannot be read).
 */
function run(argv, prefix, nice = null) {
  const cpuFile = join(CPU_DIR, String(cpuFiles++));
  const niceness = nice === null ? [] : ['--nice', String(nice)];
  return new Promise((resolve) => {
    const wrapper = join(REPO, 'test', 'tiers', 'cpu-of.mjs');
    const child = spawn(process.execPath, [wrapper, cpuFile, ...niceness, ...argv], {
      cwd: REPO,
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let skipped = null;
    let figure = null;
    const failures = [];
    // Every line copied before the tier counts as done.
    const copied = [];
    if (prefix)
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        const lines = createInterface({ input: from });
        copied.push(new Promise((r) => lines.once('close', r)));
        lines.on('line', (line) => {
          skipped ??= /^Node 24 run skipped: (.*)/.exec(line)?.[1] ?? null;
          figure = /^coverage: ([\d.]+% of lines \(floor .*\))$/.exec(line)?.[1] ?? figure;
          to.write(`[${prefix}] ${line}\n`);
          const plain = stripVTControlCharacters(line);
          if (failures.length < RECAP_LINES && FAILURE_LINE.test(plain) && !PASSED_LINE.test(plain))
            failures.push(plain.trim());
        });
      }
    const cpu = () => {
      try {
        return Number(readFileSync(cpuFile, 'utf8'));
      } catch {
        return null;
      }
    };
    child.on('error', (e) => {
      console.error(`${argv.join(' ')}: ${e.message}`);
      resolve({ code: 1, skipped, figure, cpu: null, failures });
    });
    child.on('close', (code, signal) =>
      Promise.all(copied).then(() =>
        resolve({ code: signal ? 1 : (code ?? 1), skipped, figure, cpu: cpu(), failures }),
      ),
    );
  });
}

async function tier(name, concurrent, nice = null) {
  const t0 = performance.now();
  const ticks0 = machineTicks();
  const prefix = concurrent ? name : null;
  let outcome = { code: 0, skipped: null, figure: null };
  let cpu = 0;
  for (const argv of name === 'lint' ? LINT : [TIERS[name]]) {
    const r = await run(argv, prefix, nice);
    if (outcome.code === 0 && (r.code !== 0 || r.skipped)) outcome = r;
    outcome.figure ??= r.figure;
    cpu = cpu === null || r.cpu === null ? null : cpu + r.cpu;
  }
  const seconds = (performance.now() - t0) / 1000;
  results.push({ name, seconds, ...outcome, cpu, machine: machineBusy(ticks0, machineTicks(), seconds) });
  return outcome.code === 0;
}

/**
 * The machine's CPU time so far, busy and in all, in clock ticks (Linux's /proc/stat; null elsewhere).
 * A tier's own figure counts only the processes its tree waited for, not those reaped by another (an
 * orphan's, by init) nor the kernel's work for them: on 4 December 2026 six browser specs kept the
 * machine busy 116 CPU s where their tier's figure said 80. The machine's counts all of it, and is the
 * run's own where nothing else runs beside it, as on CI.
 */
function machineTicks() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields;
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, all: busy + idle + iowait };
  } catch {
    return null;
  }
}

/**
 * The machine's busy CPU seconds between two readings `seconds` apart (null where /proc/stat is not
 * read). A tier's own figure misses what its tree never reaped: the browser tier read 281 CPU s in the
 * table of a CI run (5 December 2026), and the next day, run alone here, the machine was busy 521–539
 * CPU s over it; process accounting (Debian's acct) found 115 s of one such run in Chromium's renderers
 * and threads under a zygote that outlived its browser, so init reaped it and what they spent.
 */
function machineBusy(from, to, seconds) {
  if (!from || !to || to.all <= from.all) return null;
  return ((to.busy - from.busy) / (to.all - from.all)) * availableParallelism() * seconds;
}

/**
 * Every vitest file's CPU, both passes, logged here (test/helpers/cpu-log.ts) and its costliest files
 * printed after the table: a run that costs more than the last says where. A log named by the caller is
 * theirs, added to; this one is the run's own.
 */
const CPU_LOG = process.env.HOOKPANEL_TEST_CPU_LOG || join(REPO, 'test-results', 'vitest-cpu.jsonl');
if (!process.env.HOOKPANEL_TEST_CPU_LOG) {
  mkdirSync(dirname(CPU_LOG), { recursive: true });
  rmSync(CPU_LOG, { force: true });
  process.env.HOOKPANEL_TEST_CPU_LOG = CPU_LOG;
}

/**
 * How fast the machine is: the median wall time of ten bare `node -e ''` runs, with nothing of this run
 * beside them. CPU seconds change with the machine's speed, not only the code's: on 4 December 2026 the
 * same Node 24 pass, its files all but unchanged, cost 722 CPU s in the morning and 936 in the afternoon,
 * every file about a quarter more (in-process fuzzing too), when `node -e ''` took 133 ms against the
 * 100 ms measured here before. Figures of two runs compare in this unit.
 */
function nodeStartMs() {
  const times = [];
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[5];
}

const nodeStartAtStart = nodeStartMs();
const start = performance.now();
const ticksAtStart = machineTicks();
const built = await tier('build');
if (built) {
  // Installed before the first pass, whose real agents start under it (test/realclient/agent-node.ts);
  // the Node 24 pass would install it later otherwise. A failure is the Node 24 pass's to report.
  if (NODE24_RUNS) findNode24();
  // The static checks wait on nothing but a core: at the lowest priority, beside every tier up to the
  // serial files, they take what the others leave idle.
  const checks = Promise.all([tier('types (panel)', true, CHECKS_NICE), tier('lint', true, CHECKS_NICE)]);
  // Its lines prefixed, so the table shows a coverage figure or a skip.
  await tier('vitest', true);
  // The browser tier, then the Node 24 pass, each alone with the cores. Beside each other (the pass at
  // nice 5 and three files at once, more once the browser tier ended) they cost more CPU, and so more
  // time on a machine whose cores they keep busy: on 5 December 2026, CI alone on an idle machine here,
  // `npm test` 19:07 beside (e2e 7:47 / 374 CPU s, the Node 24 pass 13:47 / 899, the machine busy 2,192
  // CPU s) against 17:24 one after the other (e2e 5:01 / 316, the pass 6:59 / 744, the machine 1,946):
  // the same tests, the same processes started, 17% less CPU for the pass and 16% less for the browser
  // tier. Alone, four files of the pass at once rather than vitest's three: 7:03 and 776 CPU s against
  // 6:41 and 726. (Tried before, from 2 to 4 December, each beside the other: every tier at once, two
  // files each, 24:41 against 23:00; the first pass beside the browser tier too, 20:29; two, three or four
  // files of the pass beside it, 18:19 to 20:04.)
  await tier('e2e', true);
  await tier('node 24', true);
  await checks;
  // The serial files are the host core's: under npm's Node only where Node 24 does not run them.
  if (!NODE24_RUNS) await tier('vitest serial');
  await tier('node 24 serial', true);
}
rmSync(CPU_DIR, { recursive: true, force: true });

const total = (performance.now() - start) / 1000;
const failed = results.filter((r) => r.code !== 0);
const clock = (seconds) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
// What each failed tier said of its failures again, so the end of the log names them.
for (const r of failed.filter((f) => f.failures?.length)) {
  console.log(`\n${r.name} FAILED; what it said of its failures (the first ${RECAP_LINES} lines at most):`);
  for (const line of r.failures) console.log(`  ${line}`);
  if (r.name === 'e2e')
    for (const line of failedTestContexts(join(REPO, 'test-results', 'e2e'))) console.log(`  ${line}`);
}
const cpuOf = (r) => (r.cpu === null ? '' : `${Math.round(r.cpu)}`);
const machineOf = (r) => (r.machine === null ? '' : `${Math.round(r.machine)}`);
const cpuTotal = results.every((r) => r.cpu !== null) ? results.reduce((a, r) => a + r.cpu, 0) : null;
console.log(
  "\nnpm test: each tier's wall time and CPU seconds (user and system, its processes included); the " +
    'static checks ran beside the other tiers up to the serial files',
);
console.log(
  "  (machine: the CPU seconds every process on the machine spent while the tier ran, the static checks' " +
    'beside it included)',
);
console.log(`  ${'tier'.padEnd(15)} ${'wall'.padStart(6)} ${'CPU s'.padStart(6)} ${'machine'.padStart(7)}`);
for (const r of results) {
  const how = r.code !== 0 ? 'FAILED' : r.skipped ? `skipped: ${r.skipped}` : 'passed';
  const covered = r.figure ? `; coverage ${r.figure}` : '';
  console.log(
    `  ${r.name.padEnd(15)} ${clock(r.seconds).padStart(6)} ${cpuOf(r).padStart(6)} ${machineOf(r).padStart(7)}  ${how}${covered}`,
  );
}
console.log(
  `  ${'total'.padEnd(15)} ${clock(total).padStart(6)} ${(cpuTotal === null ? '' : String(Math.round(cpuTotal))).padStart(6)} ${''.padStart(7)}  ${failed.length ? 'FAILED' : 'passed'}`,
);
const busyInAll = machineBusy(ticksAtStart, machineTicks(), total);
if (busyInAll !== null) {
  const cores = availableParallelism();
  console.log(
    `  the machine's ${cores} cores were busy ${Math.round(busyInAll)} CPU s of ${Math.round(cores * total)} ` +
      `(${Math.round((100 * busyInAll) / (cores * total))}%), every process included; with other work beside npm test, theirs too`,
  );
}
console.log(
  `  a bare \`node -e ''\` took ${Math.round(nodeStartAtStart)} ms before the run and ${Math.round(nodeStartMs())} ms ` +
    "after it: the machine's speed, to compare CPU seconds between runs by",
);
if (!built) console.log('  (the build failed, so no other tier ran)');
if (existsSync(CPU_LOG)) {
  const table = spawnSync(process.execPath, [join(REPO, 'test', 'tiers', 'cpu-table.mjs'), CPU_LOG, '10'], {
    encoding: 'utf8',
  });
  console.log(
    `\nthe vitest files, both passes, by CPU seconds (npm run test:cpu -- ${CPU_LOG} lists them all)`,
  );
  for (const line of (table.stdout || table.stderr).trimEnd().split('\n')) console.log(line && `  ${line}`);
}
process.exit(failed.length ? 1 : 0);
