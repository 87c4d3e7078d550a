import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './longest-first.js';

/** The unit files: a project of their own, whose files share their worker processes (below). */
const UNIT = ['test/unit/**/*.test.ts'];
const TIERS = [
  'test/integration/**/*.test.ts',
  'test/realclient/**/*.test.ts',
  'test/reliability/**/*.test.ts',
];

/**
 * The files that run alone, one at a time, after every other file: those whose assertions measure a
 * window of wall-clock time that a busy machine could close (a hook's process alive between its own
 * exit and its timeout; a SIGKILLed host's hooks ended by its watchdog's deadline). A new file joins
 * them by its name, `*.serial.test.ts`, or by a line here with its reason; every other file runs in
 * parallel, since most of their time is spent waiting on the processes they start.
 */
const SERIAL = [
  'test/**/*.serial.test.ts',
  // A background child alive after its hook settled and before the hook's timeout; SIGTERM's grace.
  'test/integration/kill.test.ts',
  // Hooks escaping their group, counted once their timeout and grace have passed, host killed mid-run.
  'test/reliability/process-escape.test.ts',
  // Forces the whole machine's PIDs to wrap: every other file's processes would wrap with it.
  'test/reliability/pid-wrap.test.ts',
];

/**
 * Files a run leaves out, one glob a line: the Node 24 pass (test/node24/run.mjs) runs the host core
 * only. vitest's own --exclude does not reach the projects.
 */
const LEFT_OUT = (process.env.HOOKPANEL_TEST_EXCLUDE ?? '').split('\n').filter(Boolean);

/**
 * Parallel files: one more than there are cores, at least three. Each waits much of its time on the
 * processes it started (CLI runs, hosts, hooks, agents), so more files than cores keep the cores busy;
 * not many more, since the CLI runs and agents are Node processes that start at full CPU. On a machine
 * shared with other work, HOOKPANEL_TEST_WORKERS sets the number (1: one file at a time).
 */
const WORKERS = Number(process.env.HOOKPANEL_TEST_WORKERS) || Math.max(3, availableParallelism() + 1);

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    // Files share the cores, so a test takes longer than alone (the CLI-heavy ones took 60 s on a
    // loaded 2-core machine): a deadline for a hang, not a measure.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The files that take longest first (longest-first.ts), so no pass ends on one of them alone.
    sequence: { sequencer: LongestFirst },
    // A stray test.only would run one test and pass the tier.
    allowOnly: !process.env.CI,
    globalSetup: ['.config/vitest.global-setup.ts'],
    // Each file's CPU, its children's included, when HOOKPANEL_TEST_CPU_LOG names a file to log it to;
    // the coverage of the processes a file starts, when HOOKPANEL_CHILD_COVERAGE names a folder for it.
    // Every temporary root a file made, gone when it ends (leftovers.ts).
    setupFiles: ['test/helpers/cpu-log.ts', 'test/helpers/child-coverage.ts', 'test/helpers/leftovers.ts'],
    // In-process coverage of the sources the tests import, when `--coverage.enabled` asks for it
    // (test/tiers/coverage.mjs, which adds the child processes' coverage of dist/ to it). Every source
    // file is listed, run or not. The Electron shell cannot run here (no Electron binary) and the
    // renderer is the browser tier's.
    coverage: {
      provider: 'v8',
      include: ['electron/**/*.{ts,cts}', 'shared/**/*.ts'],
      exclude: ['electron/app/**', '**/*.d.ts'],
      reporter: ['json'],
      reportOnFailure: true,
    },
    projects: [
      {
        extends: true,
        test: { name: 'parallel', include: TIERS, exclude: [...SERIAL, ...LEFT_OUT], maxWorkers: WORKERS },
      },
      {
        // Beside `parallel`, the unit files run several to a worker process rather than one each
        // (vitest's isolate): they start no host and leave no process or timer behind, so a file
        // needs no process of its own, whose start (~0.45 CPU s under Node 24 with coverage) was
        // most of a unit file's cost. Under Node 24 with coverage the 44 files took 63 CPU s and
        // 33 s one to a process, 37 CPU s and 20 s sharing (5 December 2026).
        extends: true,
        test: {
          name: 'unit',
          include: UNIT,
          exclude: [...SERIAL, ...LEFT_OUT],
          maxWorkers: WORKERS,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'serial', include: SERIAL, exclude: LEFT_OUT, fileParallelism: false, maxWorkers: 1 },
      },
    ],
  },
});
