// Durable delivery (chrys `delivery: durable`): a job file is written to outbox/pending/ before the
// hook starts and moved to done/ or failed/ when it ends. The job names the process that owns it
// (pid, start time, boot) and the tag of the hook it runs; a pending job whose owner is gone and whose
// hook no longer runs is retried, at start and while the host runs: at-least-once, so hooks must be
// idempotent.
import { mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { newTag } from '../process/groups.js';
import { identityAlive, ProcessIdentitySchema, selfIdentity } from '../process/identity.js';
import { signalProcess } from '../process/groups.js';
import { taggedProcesses } from '../process/proc-table.js';
import { DEFAULT_KILL_GRACE_MS, runProcess, type ProcessResult } from '../process/run.js';
import { writeFileAtomic } from '../util/atomic.js';

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
  /** The process that runs (or will run) the job; absent in jobs written before owners were kept. */
  owner: ProcessIdentitySchema.nullish(),
  /** The tag of the hook process the current attempt started (groups.ts), and when it started. */
  tag: z.string().nullish(),
  attemptStartedAt: z.number().nullish(),
});
export type Job = z.infer<typeof JobSchema>;

export function outboxDirs(root: string) {
  return { pending: join(root, 'pending'), done: join(root, 'done'), failed: join(root, 'failed') };
}

export async function enqueue(root: string, job: Job): Promise<string> {
  const dirs = outboxDirs(root);
  for (const d of Object.values(dirs)) await mkdir(d, { recursive: true, mode: 0o700 });
  const path = join(dirs.pending, `${job.id}.json`);
  // Owned by whoever wrote it until a runner claims it.
  await writeFileAtomic(path, JSON.stringify({ ...job, owner: selfIdentity() }));
  return path;
}

/**
 * Enqueues a job that a detached runner (outbox-runner.ts) will claim, and gives the environment to
 * start that runner with. Until the runner claims the job it is owned by the process that wrote it,
 * which may die first (the host, SIGKILLed): the job carries a tag the runner carries from its start,
 * so a recovery finds the runner alive by that tag and does not run the job beside it.
 */
export async function enqueueForRunner(
  root: string,
  job: Job,
  env: Record<string, string>,
): Promise<{ jobPath: string; env: Record<string, string> }> {
  const runner = newTag();
  const jobPath = await enqueue(root, { ...job, tag: runner.tag, attemptStartedAt: Date.now() });
  return { jobPath, env: { ...env, [runner.name]: runner.value } };
}

/** Claims a pending job for this process, runs it, and moves it to done/ or failed/ by its result. */
export async function runJob(root: string, job: Job, signal?: AbortSignal): Promise<ProcessResult> {
  const dirs = outboxDirs(root);
  for (const d of Object.values(dirs)) await mkdir(d, { recursive: true, mode: 0o700 });
  const tag = newTag();
  const attempt: Job = {
    ...job,
    attempts: job.attempts + 1,
    owner: selfIdentity(),
    tag: tag.tag,
    attemptStartedAt: Date.now(),
  };
  await writeFileAtomic(join(dirs.pending, `${job.id}.json`), JSON.stringify(attempt));
  const result = await runProcess({
    argv: job.argv,
    cwd: job.cwd,
    env: job.env,
    stdin: job.stdin,
    timeoutMs: job.timeoutMs,
    signal,
    tag,
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
  /** Owned by a live process, or its hook still runs: in flight, not ours to retry. */
  inFlight: string[];
  /**
   * No owner recorded and younger than the retry age (assumed in flight elsewhere,
   * ../shared/seeds/002_6fd1ef551e57a9ac.txt, `outbox_retry_age_seconds`).
   */
  skippedYoung: string[];
}

/** When a job no one owns counts as abandoned, and how many attempts a job gets. */
export interface OutboxPolicy {
  retryAgeMs: number;
  maxRetries: number;
}

/**
 * Retries pending jobs no one is running: their owner is gone (or a reused pid now names another
 * process) and the hook they started no longer runs. Jobs without an owner (written before owners
 * were kept) fall back to the seed's rule: retried once older than retryAgeMs. Jobs already tried
 * maxRetries times go straight to failed/, as does a job file that does not parse. The policy is asked
 * for once, at the first well-formed job that is not in flight: the resident host looks every few
 * seconds, and where the policy comes from (the hook files) costs a read that an empty outbox, or one
 * whose hooks are all running, should not pay.
 */
export async function recoverOutbox(
  root: string,
  opts: { policy: () => Promise<OutboxPolicy>; run: (job: Job) => Promise<unknown> },
): Promise<RecoveryReport> {
  const dirs = outboxDirs(root);
  const report: RecoveryReport = { retried: [], givenUp: [], inFlight: [], skippedYoung: [] };
  const names = await readdir(dirs.pending).catch(() => [] as string[]);
  let policy: Promise<OutboxPolicy> | null = null;
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const path = join(dirs.pending, name);
    const info = await stat(path).catch(() => null);
    if (!info) continue; // finished meanwhile
    const text = await readFile(path, 'utf8').catch(() => null);
    if (text === null) continue;
    const parsed = JobSchema.safeParse(parseJson(text));
    // A job that does not parse can never run: given up without the policy.
    if (!parsed.success) {
      await giveUp(dirs, name, report);
      continue;
    }
    const job = parsed.data;
    if (job.owner && inFlight(job)) {
      report.inFlight.push(name);
      continue;
    }
    const { retryAgeMs, maxRetries } = await (policy ??= opts.policy());
    if (!job.owner && Date.now() - info.mtimeMs < retryAgeMs) {
      report.skippedYoung.push(name);
      continue;
    }
    if (job.attempts >= maxRetries) {
      await giveUp(dirs, name, report);
      continue;
    }
    report.retried.push(name);
    try {
      await opts.run(job);
    } catch {
      // left where it is: the next look tries again
    }
  }
  return report;
}

/** A pending job moved to failed/, where a person can still read it. */
async function giveUp(
  dirs: ReturnType<typeof outboxDirs>,
  name: string,
  report: RecoveryReport,
): Promise<void> {
  await mkdir(dirs.failed, { recursive: true, mode: 0o700 });
  await rename(join(dirs.pending, name), join(dirs.failed, name)).catch(() => {});
  report.givenUp.push(name);
}

function inFlight(job: Job): boolean {
  if (job.owner && identityAlive(job.owner)) return true;
  if (!job.tag) return false;
  // The owner died but the hook it started may still run: not yet. Nobody is left to end that hook
  // at its deadline, so a look past the deadline does (SIGTERM, and SIGKILL once past the grace).
  const orphans = taggedProcesses([job.tag]).get(job.tag) ?? [];
  const overdue = Date.now() - (job.attemptStartedAt ?? 0) - job.timeoutMs;
  // Each by its identity (pid and start time): a pid reused since the look is never signalled.
  if (orphans.length && overdue > 0)
    for (const p of orphans) signalProcess(p, overdue > DEFAULT_KILL_GRACE_MS ? 'SIGKILL' : 'SIGTERM');
  return orphans.length > 0;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
