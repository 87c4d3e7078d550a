// With HOOKPANEL_TEST_CPU_LOG=<file> (a setup file of .config/vitest.config.ts), each test file appends one
// JSON line to <file>: its wall time and the CPU it cost, its own process's and that of the child
// processes it waited for (CLI runs, hosts, hooks, agents: proc-cpu.ts), and how many `hookpanel` runs it
// started through runCli. test/tiers/cpu-table.mjs sums them up. Linux only; elsewhere it writes nothing.
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
// Only modules of its own: a setup file runs in every test process, whatever the test imports.
import { cliRuns } from './cli-runs.js';
import { processCpu } from './proc-cpu.js';
import { REPO } from './repo.js';

const LOG = process.env.HOOKPANEL_TEST_CPU_LOG;

if (LOG) {
  // From the setup's own start (before the test file is imported), or the process's start: the fork's
  // own start-up (vitest's runner) is part of what a file costs. A fork that runs several files logs
  // each one's share: the times are the process's totals, and cpu-table.mjs subtracts per pid.
  const wall0 = performance.now() - process.uptime() * 1000;
  let runs0 = 0;
  beforeAll(() => {
    runs0 = cliRuns();
  });
  afterAll(() => {
    const now = processCpu();
    if (!now) return;
    appendFileSync(
      LOG,
      `${JSON.stringify({
        file: relative(REPO, expect.getState().testPath ?? ''),
        node: process.version,
        pid: process.pid,
        wallS: (performance.now() - wall0) / 1000,
        selfS: now.self,
        childrenS: now.children,
        cliRuns: cliRuns() - runs0,
      })}\n`,
    );
  });
}
