// The worker that parses and validates one large hook file (off-thread.ts starts one per file), with
// the very code the host's own thread uses for small ones.
import { parentPort, workerData } from 'node:worker_threads';
import { dialectModule } from '../dialects/registry.js';
import { validateText } from './validate.js';
import type { ParseJob } from './off-thread.js';

const job = workerData as ParseJob;
parentPort!.postMessage(
  await validateText(dialectModule(job.dialect), job.candidate, job.ctx, job.text, job.notes),
);
