// The host's history worker merges its search indexes while it is idle (electron/host/history/index-merge.ts):
// an index in many segments ends in one, every record is found as before, and records written while a
// merge is under way are neither lost nor taken into it.
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { DispatchRecord, EventRecord } from '../../shared/dispatch.js';
import { IdleMerge, IndexMerge, segmentCount } from '../../electron/host/history/index-merge.js';
import { openHistoryDb, type Db } from '../../electron/host/history/schema.js';
import { HistoryWriter } from '../../electron/host/history/writer.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { closeStores, openStore } from '../helpers/history-stores.js';
import { dispatchRecord, eventRecord, T0 } from '../helpers/history-records.js';

let env: TestEnv;
afterEach(async () => {
  await closeStores();
  await env?.cleanup();
});

const BATCHES = 40;
const at = (i: number) => new Date(T0 + i * 1000).toISOString();
/** The i-th event and its rule run, each with a word of its own in its reason. */
const batch = (i: number): [DispatchRecord, EventRecord] => [
  dispatchRecord({ id: `d${i}`, eventId: `e${i}`, time: at(i), reason: `word${i} needle` }),
  eventRecord({ id: `e${i}`, time: at(i), reason: `word${i} needle` }),
];
const segments = (db: Db) => [segmentCount(db, 'dispatch_text'), segmentCount(db, 'event_text')];

test('an idle host merges each search index into one segment; every record is found as before', async () => {
  env = makeEnv();
  const dir = env.path('hp/history');
  // Written one transaction each, as a host writes events: FTS5 adds a segment for each and merges only
  // fours of them, so the indexes are left in several of about the same size.
  const writing = openStore(dir);
  for (let i = 0; i < BATCHES; i++) await writing.append(batch(i));
  await writing.close();
  const db = openHistoryDb(join(dir, 'history.db'));
  const before = segments(db);
  for (const n of before) expect(n).toBeGreaterThan(1);

  const host = openStore(dir);
  const merged = once(host, 'merged');
  await host.start();
  await merged;
  expect(segments(db)).toEqual([1, 1]);
  db.close();
  for (let i = 0; i < BATCHES; i += 7) {
    expect((await host.query({ text: `word${i}` }, 10)).dispatches.map((d) => d.id)).toEqual([`d${i}`]);
    expect((await host.events(10, { text: `word${i}` })).map((e) => e.id)).toEqual([`e${i}`]);
  }
  expect((await host.query({ text: 'needl' }, 100)).dispatches).toHaveLength(BATCHES);
  expect(await host.count('events', { text: 'needle' })).toBe(BATCHES);
});

test('records written while a merge is under way are kept, and the merge goes on to its end', () => {
  env = makeEnv();
  const db = openHistoryDb(env.path('hp/history/history.db'));
  try {
    const writer = new HistoryWriter(db);
    // Enough pages (a dozen an index) that a merge of one page a step takes several steps.
    const n = 50 * BATCHES;
    for (let i = 0; i < n; i++) writer.append(batch(i));
    const before = segments(db);
    const merge = new IndexMerge();
    // The first step starts the merge, and it is still under way after it.
    expect(merge.step(db, 1)).toBe(true);
    for (let i = n; i < n + 3; i++) writer.append(batch(i));
    let steps = 1;
    while (merge.step(db, 1)) steps++;
    expect(steps).toBeGreaterThan(2);
    const found = (word: string) =>
      db.prepare('SELECT rowid FROM dispatch_text WHERE dispatch_text MATCH ?').all(word);
    expect(found('needle')).toHaveLength(n + 3);
    expect(found(`word${n + 2}`)).toHaveLength(1);
    expect(found('word0')).toHaveLength(1);
    // Fewer segments than before, the new records' included, and nothing left worth merging.
    const after = segments(db);
    for (const [i, count] of after.entries()) expect(count).toBeLessThan(before[i]!);
    expect(merge.step(db)).toBe(false);
  } finally {
    db.close();
  }
});

test('an idle host looks at its indexes again only after something was written', async () => {
  env = makeEnv();
  const db = openHistoryDb(env.path('hp/history/history.db'));
  try {
    const writer = new HistoryWriter(db);
    for (let i = 0; i < 8; i++) writer.append(batch(i));
    const told: { looked: boolean }[] = [];
    let wake: () => void = () => {};
    const merge = new IdleMerge(
      () => db,
      (how) => {
        told.push(how);
        wake();
      },
      0,
    );
    /** One operation (`work`), then the quiet time after it, until the merge says where it got. */
    const operation = async (work: () => void) => {
      const said = new Promise<void>((resolve) => (wake = resolve));
      merge.begin();
      work();
      merge.end();
      await said;
    };
    await operation(() => {});
    expect(segments(db)).toEqual([1, 1]);
    // Only read since: nothing to look at.
    await operation(() => db.prepare('SELECT count(*) FROM dispatches').get());
    // Another process's commit is a write too (PRAGMA data_version).
    const other = openHistoryDb(env.path('hp/history/history.db'));
    await operation(() => new HistoryWriter(other).append(batch(8)));
    other.close();
    await operation(() => writer.append(batch(9)));
    expect(told).toEqual([{ looked: true }, { looked: false }, { looked: true }, { looked: true }]);
    merge.stop();
  } finally {
    db.close();
  }
});
