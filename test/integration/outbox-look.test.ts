// The resident host looks at the outbox every few seconds (engine/outbox-watch.ts). Its retry policy is
// in the hook files (chrys' `outbox_retry_age_seconds`), which a look reads only when it meets a job no
// one is running: a look at an empty outbox, at jobs in flight or at a job file that does not parse
// reads no hook file, and a job's policy is still theirs.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { outboxDirs } from '../../electron/host/engine/outbox.js';
import { selfIdentity } from '../../electron/host/process/identity.js';
import { SOURCES_READ_CHANNEL } from '../../electron/host/sources/load.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { openHost } from '../helpers/host.js';
import { unownedJob } from '../helpers/outbox-job.js';

let env: TestEnv;
const reads: unknown[] = [];
const onRead = (m: unknown) => reads.push(m);
afterEach(async () => {
  unsubscribe(SOURCES_READ_CHANNEL, onRead);
  reads.length = 0;
  await env?.cleanup();
});

const NOTHING = { retried: [], givenUp: [], inFlight: [], skippedYoung: [] };

test('a look at an empty outbox, at jobs in flight or at a torn job file reads no hook file; at a job left, the policy is theirs', async () => {
  env = makeEnv();
  // An hour, where the default is a minute: only a policy read from this file keeps the job below.
  env.write('~/.chrys/hooks/hooks.yaml', 'settings: { outbox_retry_age_seconds: 3600 }\nhooks: []\n');
  const { host } = await openHost(env);
  subscribe(SOURCES_READ_CHANNEL, onRead);

  // No outbox yet, then an empty pending/ folder.
  expect(await host.recoverOutbox()).toEqual(NOTHING);
  const pending = outboxDirs(host.paths.outbox).pending;
  mkdirSync(pending, { recursive: true });
  writeFileSync(join(pending, 'notes.txt'), 'not a job');
  expect(await host.recoverOutbox()).toEqual(NOTHING);
  expect(reads).toEqual([]);

  // A job file that does not parse (torn) can never run: moved to failed/, with no policy read for it.
  writeFileSync(join(pending, 'job-torn.json'), '{"id": "job-torn", "rule"');
  expect(await host.recoverOutbox()).toEqual({ ...NOTHING, givenUp: ['job-torn.json'] });
  expect(existsSync(join(outboxDirs(host.paths.outbox).failed, 'job-torn.json'))).toBe(true);
  expect(reads).toEqual([]);

  // A job no one owns, written two minutes ago: past the default retry age, within the file's hour.
  const job = unownedJob({ id: 'job-1', argv: ['/bin/sh', '-c', 'exit 0'], cwd: env.workspace, env: {} });
  // Owned by a live process (this one): in flight, so the look needs no policy and reads no file.
  writeFileSync(join(pending, 'job-0.json'), JSON.stringify({ ...job, id: 'job-0', owner: selfIdentity() }));
  expect(await host.recoverOutbox()).toEqual({ ...NOTHING, inFlight: ['job-0.json'] });
  expect(reads).toEqual([]);

  const path = join(pending, 'job-1.json');
  writeFileSync(path, JSON.stringify(job));
  const twoMinutesAgo = new Date(Date.now() - 120_000);
  utimesSync(path, twoMinutesAgo, twoMinutesAgo);
  expect(await host.recoverOutbox()).toEqual({
    ...NOTHING,
    inFlight: ['job-0.json'],
    skippedYoung: ['job-1.json'],
  });
  expect(reads.length).toBeGreaterThan(0);
});
