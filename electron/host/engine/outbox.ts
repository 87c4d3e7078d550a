// Durable delivery (chrys `delivery: durable`): a job file is written to outbox/pending/ before the
// hook starts and moved to done/ or failed/ when it ends. Pending jobs left by a crash are retried on
// start: at-least-once, so hooks must be idempotent.
import { mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../util/atomic.js';
import { runProcess, type ProcessResult } from '../process/run.js';

export const JobSchema = z.object({
  id: z.string(),
  rule: z.string(),
  source: z.string(),
  eventId: z.string(),
  argv: z.array(z.string()).min(1),
  cwd: z.string(),
  env: z.record(z.string(), z.string()),
  stdin: z.string().nullable(),
  timeoutMs: z.number().int().positive(),
  createdAt: z.string(),
  attempts: z.number().int().nonnegative(),
  lastResult: z
    .object({
      exitCode: z.number().nullable(),
      signal: z.string().nullable(),
      timedOut: z.boolean(),
      error: z.string().nullable(),
    })
    .nullable(),
});
export type Job = z.infer<typeof JobSchema>;

export function outboxDirs(root: string) {
  return { pending: join(root, 'pending'), done: join(root, 'done'), failed: join(root, 'failed') };
}

export async function enqueue(root: string, job: Job): Promise<string> {
  const dirs = outboxDirs(root);
  for (const d of Object.values(dirs)) await mkdir(d, { recursive: true, mode: 0o700 });
  const path = join(dirs.pending, `${job.id}.json`);
  await writeFileAtomic(path, JSON.stringify(job));
  return path;
}

/** Runs a pending job and moves it to done/ or failed/ by its result. */
export async function runJob(root: string, job: Job, signal?: AbortSignal): Promise<ProcessResult> {
  const dirs = outboxDirs(root);
  for (const d of Object.values(dirs)) await mkdir(d, { recursive: true, mode: 0o700 });
  const attempt: Job = { ...job, attempts: job.attempts + 1 };
  await writeFileAtomic(join(dirs.pending, `${job.id}.json`), JSON.stringify(attempt));
  const result = await runProcess({
    argv: job.argv,
    cwd: job.cwd,
    env: job.env,
    stdin: job.stdin,
    timeoutMs: job.timeoutMs,
    signal,
  });
  if (signal?.aborted) return result; // stopped by shutdown: stays pending, retried on the next start
  const ok = !result.timedOut && !result.spawnError && result.exitCode === 0;
  const finished: Job = {
    ...attempt,
    lastResult: {
      exitCode: result.exitCode,
      signal: result.signal,
      timedOut: result.timedOut,
      error: result.spawnError,
    },
  };
  await writeFileAtomic(join(dirs.pending, `${job.id}.json`), JSON.stringify(finished));
  await rename(join(dirs.pending, `${job.id}.json`), join(ok ? dirs.done : dirs.failed, `${job.id}.json`));
  return result;
}

export interface RecoveryReport {
  retried: string[];
  givenUp: string[];
  skippedYoung: string[];
}

/**
 * Stale pending jobs (older than retryAgeMs: younger ones are assumed in flight in another process)
 * are re-run; those already tried maxRetries times go straight to failed/.
 */
export async function recoverOutbox(
  root: string,
  opts: { retryAgeMs: number; maxRetries: number; run: (job: Job) => Promise<unknown> },
): Promise<RecoveryReport> {
  const dirs = outboxDirs(root);
  const report: RecoveryReport = { retried: [], givenUp: [], skippedYoung: [] };
  const names = await readdir(dirs.pending).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const path = join(dirs.pending, name);
    const info = await stat(path).catch(() => null);
    if (!info) continue;
    if (Date.now() - info.mtimeMs < opts.retryAgeMs) {
      report.skippedYoung.push(name);
      continue;
    }
    const parsed = JobSchema.safeParse(JSON.parse(await readFile(path, 'utf8').catch(() => 'null')));
    if (!parsed.success || parsed.data.attempts >= opts.maxRetries) {
      await mkdir(dirs.failed, { recursive: true, mode: 0o700 });
      await rename(path, join(dirs.failed, name)).catch(() => {});
      report.givenUp.push(name);
      continue;
    }
    report.retried.push(name);
    try {
      await opts.run(parsed.data);
    } catch {
      // left where it is: the next start tries again
    }
  }
  return report;
}
