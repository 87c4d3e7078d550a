// Entry point for a detached durable job: runs it apart from the host, so it completes (and moves
// its job file to done/ or failed/) even when the host is killed mid-run.
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { handOffTrees } from '../process/reaper.js';
import { JobSchema, runJob } from './outbox.js';

const [jobPath] = process.argv.slice(2);
if (!jobPath) {
  process.stderr.write('usage: outbox-runner JOB_FILE\n');
  process.exit(2);
}
const job = JobSchema.parse(JSON.parse(await readFile(jobPath, 'utf8')));
const result = await runJob(dirname(dirname(jobPath)), job);
// What the hook left running ends at its deadline, as anywhere else, not when this runner exits.
handOffTrees();
process.stdout.write(
  `${JSON.stringify({ job: job.id, exitCode: result.exitCode, timedOut: result.timedOut, error: result.spawnError })}\n`,
);
