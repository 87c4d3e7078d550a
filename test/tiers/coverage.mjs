// The coverage of a vitest pass (`npm run coverage`, and `npm test`'s Node 24 pass): the tests, and the
// processes they start. Most integration tests run the compiled CLI (dist/) as a child process, which
// vitest's in-process coverage cannot see, so two measures are joined:
//  - in process: vitest's own (v8) coverage of the sources the tests import (.config/vitest.config.ts);
//  - child processes: NODE_V8_COVERAGE, which every Node process the tests start inherits and writes
//    out at its exit (set in the test processes only: test/helpers/child-coverage.ts), reported by c8
//    over dist/ and mapped back to the TypeScript through the source maps.
// A line counts when it holds a statement (vitest's statement map, which lists every source file, run
// or not) and is covered when either measure ran it. Prints the figure, per folder, and exits 1 below
// the floor (or when vitest failed). `--node24` first: the pass is test/node24/run.mjs's (the host core
// under Node 24) rather than vitest under this Node. Other arguments are passed to vitest.
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * Lines covered, in percent, below which the run fails: set a little under the first whole measure
 * (README, "Coverage"). Raise it when the figure rises; lower it only with the reason. npm test measures
 * the Node 24 pass (no real clients, no serial files); its first whole figure: 96.8% (10,661 of 11,011
 * lines), 2 December 2026, on the lead's machine.
 */
const FLOOR = 95;

const [NODE24, VITEST_ARGS] =
  process.argv[2] === '--node24' ? [true, process.argv.slice(3)] : [false, process.argv.slice(2)];

/** Runs a Node script; resolves with its exit code. */
function node(argv, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, argv, { cwd: REPO, stdio: 'inherit', env });
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

/**
 * Keeps, of each process's raw coverage, only the scripts under dist/ (the Electron shell's and the
 * tests' own left out), so c8 does not read every agent's and library's coverage. Their source maps
 * are read from dist/ itself: the same map repeated in thousands of files would fill memory. The files
 * kept are dealt out in turn to `keptDirs`, one c8 report each, run side by side.
 */
function keepDist(rawDir, keptDirs) {
  const dist = pathToFileURL(join(REPO, 'dist')).href + '/';
  const wanted = (url) =>
    url.startsWith(dist) && !/^(electron\/app|test|renderer)\//.test(url.slice(dist.length));
  let processes = 0;
  for (const name of readdirSync(rawDir)) {
    const path = join(rawDir, name);
    let report;
    try {
      report = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      continue; // a process killed while writing leaves a partial file
    } finally {
      rmSync(path, { force: true });
    }
    const result = (report.result ?? []).filter((script) => wanted(script.url));
    if (result.length === 0) continue;
    writeFileSync(join(keptDirs[processes % keptDirs.length], name), JSON.stringify({ result }));
    processes++;
  }
  return processes;
}

/** Line number → hits, from an istanbul file coverage (c8's has one statement per source line). */
function hitsByLine(file) {
  const lines = new Map();
  for (const [id, loc] of Object.entries(file.statementMap)) {
    const line = loc.start.line;
    lines.set(line, Math.max(lines.get(line) ?? 0, file.s[id] ?? 0));
  }
  return lines;
}

/** The folder a source's figure is summed into: electron/host/<part>, electron/cli, shared. */
function folderOf(path) {
  const parts = path.split('/');
  return parts[0] === 'electron' && parts[1] === 'host' && parts.length > 3
    ? parts.slice(0, 3).join('/')
    : parts
        .slice(0, 2)
        .join('/')
        .replace(/\/[^/]*\.[a-z]+$/, '');
}

/** Joins the two measures: { file: { total, covered } } over the in-process map's statement lines. */
function joinMeasures(inProcess, childLines) {
  const files = {};
  for (const [path, file] of Object.entries(inProcess)) {
    const source = relative(REPO, path);
    const run = childLines.get(source);
    let total = 0;
    let covered = 0;
    for (const [line, hits] of hitsByLine(file)) {
      total++;
      if (hits > 0 || (run?.get(line) ?? 0) > 0) covered++;
    }
    files[source] = { total, covered };
  }
  return files;
}

const pct = (covered, total) => (total === 0 ? 100 : (100 * covered) / total);

function printFigure(files) {
  const folders = new Map();
  let total = 0;
  let covered = 0;
  for (const [path, f] of Object.entries(files)) {
    const folder = folderOf(path);
    const sum = folders.get(folder) ?? { total: 0, covered: 0, files: 0 };
    sum.total += f.total;
    sum.covered += f.covered;
    sum.files++;
    folders.set(folder, sum);
    total += f.total;
    covered += f.covered;
  }
  console.log('\ncoverage: lines run by the tests, in process or in the processes they started');
  for (const [folder, s] of [...folders].sort(([a], [b]) => a.localeCompare(b)))
    console.log(
      `  ${folder.padEnd(28)} ${pct(s.covered, s.total).toFixed(1).padStart(5)}%  ${String(s.covered).padStart(6)} / ${String(s.total).padEnd(6)} (${s.files} files)`,
    );
  const figure = pct(covered, total);
  console.log(
    `  ${'all'.padEnd(28)} ${figure.toFixed(1).padStart(5)}%  ${String(covered).padStart(6)} / ${total}  (floor ${FLOOR}%)`,
  );
  return figure;
}

/**
 * How many c8 reports run side by side over the child processes' coverage: it ran alone at the end of
 * npm test's coverage pass, some 40 s on one core with the other idle.
 */
const REPORTS = Math.max(1, Math.min(4, availableParallelism()));

/**
 * The child processes' coverage of dist/, from their raw files, by c8: how many ran code there, and
 * each source's lines with their hits, summed over the reports (c8 gives each source line a statement).
 */
async function childCoverage(raw, kept, reports) {
  const parts = Array.from({ length: REPORTS }, (_, i) => join(kept, String(i)));
  for (const part of parts) mkdirSync(part);
  const processes = keepDist(raw, parts);
  const lines = new Map();
  if (!processes) return { processes, lines };
  // Dealt out in turn: the first `processes` folders hold some, when there are fewer than folders.
  const used = parts.slice(0, processes);
  const codes = await Promise.all(
    used.map((part, i) =>
      node([
        join(REPO, 'node_modules/c8/bin/c8.js'),
        'report',
        '--temp-directory',
        part,
        '--merge-async',
        '--exclude-after-remap',
        '--include',
        'electron/**',
        '--include',
        'shared/**',
        '--exclude',
        'electron/app/**',
        '--reporter',
        'json',
        '--reports-dir',
        join(reports, `child-processes-${i}`),
      ]),
    ),
  );
  if (codes.some((c) => c !== 0)) throw new Error('c8 report failed');
  for (let i = 0; i < used.length; i++)
    for (const [path, file] of Object.entries(readReport(reports, `child-processes-${i}`))) {
      const source = relative(REPO, path);
      const sum = lines.get(source) ?? new Map();
      for (const [line, hits] of hitsByLine(file)) sum.set(line, (sum.get(line) ?? 0) + hits);
      lines.set(source, sum);
    }
  return { processes, lines };
}

const readReport = (reports, dir) =>
  JSON.parse(readFileSync(join(reports, dir, 'coverage-final.json'), 'utf8'));

const work = mkdtempSync(join(tmpdir(), 'hookpanel-coverage-'));
const raw = join(work, 'raw');
const kept = join(work, 'kept');
mkdirSync(raw);
mkdirSync(kept);
const reports = join(REPO, 'coverage');
try {
  // The last run's reports: in process, and one per c8 report (their number follows the cores).
  for (const dir of existsSync(reports) ? readdirSync(reports) : [])
    if (dir === 'in-process' || dir.startsWith('child-processes'))
      rmSync(join(reports, dir), { recursive: true, force: true });
  const vitest = await node(
    [
      ...(NODE24
        ? [join(REPO, 'test/node24/run.mjs')]
        : [join(REPO, 'node_modules/vitest/vitest.mjs'), 'run', '--config', '.config/vitest.config.ts']),
      '--coverage.enabled',
      `--coverage.reportsDirectory=${join(reports, 'in-process')}`,
      ...VITEST_ARGS,
    ],
    // Given to the processes the tests start, not to vitest's own (test/helpers/child-coverage.ts).
    { ...process.env, HOOKPANEL_CHILD_COVERAGE: raw },
  );
  process.exitCode = vitest === 0 ? 0 : 1;
  // A pass that ran nothing (the Node 24 pass skipped on this platform) has nothing to measure.
  if (!existsSync(join(reports, 'in-process', 'coverage-final.json')))
    console.log('coverage: not measured (the pass ran no test file)');
  else {
    const t0 = performance.now();
    const { processes, lines: childLines } = await childCoverage(raw, kept, reports);
    const files = joinMeasures(readReport(reports, 'in-process'), childLines);
    writeFileSync(join(reports, 'lines.json'), `${JSON.stringify(files, null, 1)}\n`);
    const seconds = ((performance.now() - t0) / 1000).toFixed(0);
    console.log(
      `coverage: ${processes} child processes ran code from dist/ (reported in ${seconds} s); per file: coverage/lines.json`,
    );
    const figure = printFigure(files);
    // The line test/tiers/run.mjs shows in its table.
    console.log(`coverage: ${figure.toFixed(1)}% of lines (floor ${FLOOR}%)`);
    if (figure < FLOOR) {
      console.log(`coverage: ${figure.toFixed(1)}% of lines is under the floor, ${FLOOR}%`);
      process.exitCode = 1;
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
