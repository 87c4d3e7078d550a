// A detached durable job between its host and its runner: the host writes the job and starts the
// runner, then dies (SIGKILL) before the runner has claimed the job. The next host's recovery must
// not run the job beside the runner, which is alive and about to run it: once, not twice.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { outboxDirs, recoverOutbox, runJob, type Job } from '../../electron/host/engine/outbox.js';
import { makeEnv, REPO, type TestEnv } from '../helpers/env.js';
import { makeGate } from '../helpers/gate.js';
import { waitFor } from '../helpers/host.js';
import { unownedJob } from '../helpers/outbox-job.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

test.runIf(process.platform === 'linux')(
  'a host SIGKILLed before its runner claimed the job: recovery leaves the job to the live runner',
  async () => {
    env = makeEnv();
    const root = env.path('hp/outbox');
    const marker = env.path('runs');
    const gate = makeGate(env.path('gate'));
    const job = unownedJob({
      id: 'job-1',
      argv: ['/bin/sh', '-c', `echo run >> '${marker}'`],
      cwd: env.workspace,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    // The host: writes the job, starts its runner as background.ts does (the runner is slow to start:
    // it waits on the gate before it becomes outbox-runner.js), says so, and is killed.
    const host = env.write(
      'host.mjs',
      `import { spawn } from 'node:child_process';
       import { enqueueForRunner } from ${JSON.stringify(join(REPO, 'dist/electron/host/engine/outbox.js'))};
       const { jobPath, env } = await enqueueForRunner(${JSON.stringify(root)}, ${JSON.stringify(job)}, process.env);
       const runner = ${JSON.stringify(join(REPO, 'dist/electron/host/engine/outbox-runner.js'))};
       spawn('/bin/sh', ['-c', 'read _ < "$0"; exec "$1" "$2" "$3"', ${JSON.stringify(gate.path)}, process.execPath, runner, jobPath],
         { env, detached: true, stdio: 'ignore' }).unref();
       process.stdout.write('queued\\n');
       setInterval(() => {}, 1000);`,
    );
    const child = spawn(process.execPath, [host], {
      env: env.processEnv,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise((r) => child.stdout.once('data', r));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    // The next host looks at the outbox: the job's owner is dead, the runner is not.
    const run = (j: Job) => runJob(root, j);
    const policy = () => Promise.resolve({ retryAgeMs: 0, maxRetries: 3 });
    const report = await recoverOutbox(root, { policy, run });
    expect(report).toMatchObject({ retried: [], inFlight: ['job-1.json'] });
    expect(existsSync(marker)).toBe(false);

    // The runner runs it, once; a look afterwards finds nothing to retry.
    await gate.open();
    const done = join(outboxDirs(root).done, 'job-1.json');
    await waitFor(() => existsSync(done), Boolean, 20_000);
    expect(readFileSync(marker, 'utf8')).toBe('run\n');
    expect(await recoverOutbox(root, { policy, run })).toMatchObject({ retried: [] });
    expect(readdirSync(outboxDirs(root).pending)).toEqual([]);
    expect(readFileSync(marker, 'utf8')).toBe('run\n');
  },
);
