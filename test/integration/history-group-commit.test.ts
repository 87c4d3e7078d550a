// A resident host's history writes the appends that arrive while one is being written together, in one
// transaction (HistoryStore's group commit): a burst of events costs a commit a round, not one each,
// and each event's records are written, and its rule runs told, as its own append would have.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { DispatchRecord, EventRecord } from '../../shared/dispatch.js';
import { openHistoryDb } from '../../electron/host/history/schema.js';
import { SPOOL_FILE } from '../../electron/host/history/spool.js';
import type { CostSample } from '../../electron/host/history/store.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { closeStores, openStore } from '../helpers/history-stores.js';
import { dispatchRecord, eventRecord, T0 } from '../helpers/history-records.js';

let env: TestEnv;
afterEach(async () => {
  await closeStores();
  await env?.cleanup();
});

const at = (s: number) => new Date(T0 + s * 1000).toISOString();
/** The i-th event and its rule run, under a rule of its own. */
const summary = (i: number): EventRecord => eventRecord({ id: `e${i}`, time: at(i) });
const run = (i: number): DispatchRecord =>
  dispatchRecord({ id: `d${i}`, eventId: `e${i}`, time: at(i), rule: `rule-${i}` });

/**
 * Commits in the database's write-ahead log since it was last reset: the frames, under the log's
 * current salts, whose header gives the database's size after them (zero in every other frame).
 */
function walCommits(db: string): number {
  const path = `${db}-wal`;
  if (!existsSync(path)) return 0;
  const wal = readFileSync(path);
  if (wal.length < 32) return 0;
  const pageSize = wal.readUInt32BE(8);
  const [salt1, salt2] = [wal.readUInt32BE(16), wal.readUInt32BE(20)];
  let commits = 0;
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) {
    if (wal.readUInt32BE(at + 8) !== salt1 || wal.readUInt32BE(at + 12) !== salt2) break;
    if (wal.readUInt32BE(at + 4) !== 0) commits++;
  }
  return commits;
}

test('40 events appended at once: kept once each, in a commit or two, each append told its own rule run', async () => {
  env = makeEnv();
  const store = openStore(env.path('hp/history'));
  await store.start();
  await store.append([summary(0), run(0)]);
  // A reader holding its snapshot keeps the log from starting over after a checkpoint, so every
  // commit from here on stays in it to be counted.
  const reader = openHistoryDb(store.path);
  reader.exec('BEGIN');
  reader.prepare('SELECT count(*) FROM events').get();
  const before = walCommits(store.path);
  expect(before).toBeGreaterThan(0);
  const told: CostSample[][] = [];
  store.on('samples', (s) => told.push(s));
  await Promise.all(Array.from({ length: 40 }, (_, i) => store.append([summary(i + 1), run(i + 1)])));
  // One round: the first append found none running, the others came while it waited to be sent. (The
  // worker's idle index merge may commit once more in between.)
  const commits = walCommits(store.path) - before;
  reader.exec('COMMIT');
  reader.close();
  expect(commits).toBeGreaterThanOrEqual(1);
  expect(commits).toBeLessThanOrEqual(2);
  expect(await store.counts()).toEqual({ dispatches: 41, events: 41 });
  // Each rule run had its event in its own append, so it ran while the agent waited: one sample each,
  // told once, with the append that carried it.
  expect(told.map((s) => s.map((x) => x.rule))).toEqual(
    Array.from({ length: 40 }, (_, i) => [`rule-${i + 1}`]),
  );
});

test('a rule run whose event came in another append of the same round did not hold the agent', async () => {
  env = makeEnv();
  const store = openStore(env.path('hp/history'));
  await store.start();
  await store.append([summary(0)]);
  const told: CostSample[][] = [];
  store.on('samples', (s) => told.push(s));
  // A background hook's run is recorded apart from its event: in one round, still apart.
  await Promise.all([store.append([summary(1)]), store.append([run(1)]), store.append([summary(2), run(2)])]);
  expect(told.map((s) => s.map((x) => x.rule))).toEqual([['rule-2']]);
  expect(await store.counts()).toEqual({ dispatches: 2, events: 3 });
});

test('a store closed while rounds wait writes them before its worker closes', async () => {
  env = makeEnv();
  const dir = env.path('hp/history');
  const store = openStore(dir);
  await store.start();
  // A first round on its way to the worker, and a second waiting for it.
  const appends = Array.from({ length: 15 }, (_, i) => store.append([summary(i), run(i)]));
  await new Promise((resolve) => setImmediate(resolve));
  appends.push(...Array.from({ length: 15 }, (_, i) => store.append([summary(15 + i), run(15 + i)])));
  await store.close();
  await Promise.all(appends);
  const again = openStore(dir);
  expect(await again.counts()).toEqual({ dispatches: 30, events: 30 });
  // Written to the database itself, not left to the spool for the next reader.
  expect(existsSync(join(dir, SPOOL_FILE))).toBe(false);
});
