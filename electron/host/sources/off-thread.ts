// Large hook files are parsed and validated on a worker thread of their own, within a time bound, so
// that one workspace's huge file (a 40k-key YAML file held every event up for 17 s, again on every
// touch: docs/dialects.md, "Common") never delays another workspace's guard, and a file that takes too long becomes a
// diagnostic instead of a hang.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Dialect } from '../../../shared/dialects.js';
import type { Candidate, DialectModule, LoadContext } from '../dialects/dialect.js';
import { inBackground } from '../background.js';
import { DiagnosticSink } from '../diagnostics/sink.js';
import type { ReadNote } from '../documents/read.js';
import { rejected, type Validated } from './validate.js';

/**
 * Files larger than this go to a worker. Below it the host's own thread is quicker (a worker costs its
 * start and its imports); above it one file's parse would hold up every other event for longer than
 * that (measured in `npm run bench -- reliability`).
 */
export const OFF_THREAD_BYTES = 256 * 1024;

/**
 * How long one file may take to parse and validate, its worker's start included (`HOOKPANEL_PARSE_SECONDS`
 * changes it). Only that file's own workspace waits for it; generous, since on a machine loaded twenty
 * times over its cores a 256 KiB file took over 10 s.
 */
const DEFAULT_BOUND_MS = 30_000;

/** One worker's heap: a 4 MiB YAML file of 280k keys needed more than 256 MiB, less than 512. */
const WORKER_HEAP_MB = 1024;

/** What a worker is given: plain data, as it crosses threads. */
export interface ParseJob {
  dialect: Dialect;
  candidate: Candidate;
  ctx: LoadContext;
  text: string;
  notes: ReadNote[];
}

/** The same file at the same bytes asked for again while its worker runs (each touch) waits for that one. */
const running = new Map<string, Promise<Validated>>();
/** Versions that went over the bound are not tried again until they change (or Hookpanel restarts). */
const overBound = new Map<string, Validated>();
const OVER_BOUND_KEPT = 64;

export function validateOffThread(
  mod: DialectModule,
  candidate: Candidate,
  ctx: LoadContext,
  read: { text: string; bytes: Buffer; sha256: string; notes: ReadNote[] },
): Promise<Validated> {
  const boundMs = parseBoundMs(ctx);
  const job: ParseJob = {
    dialect: mod.dialect,
    candidate,
    // process.env is not plain data; a copy of it is.
    ctx: { ...ctx, host: { ...ctx.host, env: { ...ctx.host.env } } },
    text: read.text,
    notes: read.notes,
  };
  const key = JSON.stringify([read.sha256, boundMs, { ...job, text: null }]);
  const known = overBound.get(key) ?? running.get(key);
  if (known) return Promise.resolve(known);
  const work = runWorker(job, boundMs, read.bytes.length).then((v) => {
    if (v.diagnostics.some((d) => d.code === OVER_BOUND)) remember(key, v);
    return v;
  });
  running.set(key, work);
  inBackground(
    work.finally(() => running.delete(key)),
    'parsing a large hook file',
  );
  return work;
}

const OVER_BOUND = 'parse_over_bound';

function runWorker(job: ParseJob, boundMs: number, size: number): Promise<Validated> {
  const { path } = job.candidate;
  return new Promise((resolve) => {
    const worker = new Worker(workerPath(), {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let settled = false;
    const settle = (v: Validated) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      inBackground(worker.terminate(), 'stopping a parse worker');
      resolve(v);
    };
    const refuse = (code: string, why: string) => {
      const sink = new DiagnosticSink(path);
      sink.error(
        code,
        `${why}, so its hooks were not loaded; hook files are a few KiB: remove what is not hooks`,
        {
          position: { line: 1, column: 1 },
        },
      );
      settle(rejected(sink.list));
    };
    const mib = (size / 1024 / 1024).toFixed(1);
    const timer = setTimeout(
      () => refuse(OVER_BOUND, `reading this ${mib} MiB file took over ${boundMs / 1000} s`),
      boundMs,
    );
    worker.once('message', (v: Validated) => settle(v));
    worker.once('error', (e: Error & { code?: string }) =>
      e.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? refuse(OVER_BOUND, `reading this ${mib} MiB file needed over ${WORKER_HEAP_MB} MiB of memory`)
        : refuse('parse_failed', `reading this file failed (${e.message})`),
    );
    worker.once('exit', (code) =>
      refuse('parse_failed', `the worker reading this file stopped (exit ${code})`),
    );
  });
}

function remember(key: string, v: Validated): void {
  overBound.set(key, v);
  if (overBound.size > OVER_BOUND_KEPT) overBound.delete(overBound.keys().next().value!);
}

function parseBoundMs(ctx: LoadContext): number {
  const seconds = Number(ctx.host.env.HOOKPANEL_PARSE_SECONDS);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_BOUND_MS;
}

/** The compiled worker beside this module (under vitest this module is TypeScript source: use dist/). */
function workerPath(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return join(here, '..', 'parse-worker.js');
  const root = join(here, '..', '..', '..', '..');
  return join(root, 'dist', 'electron', 'host', 'sources', 'parse-worker.js');
}
