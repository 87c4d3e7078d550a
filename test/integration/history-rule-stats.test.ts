// History's "Time and failures per rule", read beside the database (history/rule-stats.ts): per rule
// of each file, over the newest matching hook runs, saying how many it counted and whether older ones
// were left out. Real records through the store's worker, then the same database read directly with a
// small window.
import { afterEach, expect, test } from 'vitest';
import { join } from 'node:path';
import type { DispatchRecord } from '../../shared/dispatch.js';
import { ASK_ME_SOURCE } from '../../shared/ask-me-source.js';
import { openHistoryDb } from '../../electron/host/history/schema.js';
import { ruleStatsOf } from '../../electron/host/history/rule-stats.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { dispatchRecord, eventRecord, T0 } from '../helpers/history-records.js';
import { closeStores, openStore } from '../helpers/history-stores.js';

let env: TestEnv;
afterEach(async () => {
  await closeStores();
  await env?.cleanup();
});

/** Run `n` (oldest first, a second apart) of a rule, with its own event. */
function run(n: number, over: Partial<DispatchRecord>): DispatchRecord {
  return dispatchRecord({
    id: `d${n}`,
    eventId: `e${n}`,
    time: new Date(T0 + n * 1000).toISOString(),
    ...over,
  });
}

/** The history a person could have: two files' rules, failures, skips and an Ask me answer. */
function records() {
  const runs = [
    // `guard` in /a: durations 1..10, two failed and one timed out; its newest run ran `guard-v2`.
    ...Array.from({ length: 10 }, (_, i) =>
      run(i, {
        source: '/a',
        rule: 'guard',
        handler: i === 9 ? 'guard-v2' : 'guard-v1',
        ruleIndex: i === 9 ? 3 : 0,
        durationMs: i + 1,
        outcome: i === 2 || i === 5 ? 'failed' : i === 7 ? 'timeout' : 'ok',
      }),
    ),
    // A rule of the same name in another file is another rule.
    run(20, { source: '/b', rule: 'guard', durationMs: 50 }),
    run(21, { source: '/b', rule: 'guard', durationMs: 70, dialect: 'claude', event: 'PreToolUse' }),
    // Not a rule's cost: a skipped run, a person's answer (and a held row of another source).
    run(30, { source: '/a', rule: 'guard', outcome: 'skipped', durationMs: 9999 }),
    run(31, { source: ASK_ME_SOURCE, rule: 'Ask me', mode: 'held', durationMs: 45_000 }),
    run(32, { source: '/c', rule: 'odd', mode: 'held', durationMs: 45_000 }),
  ];
  return [...runs, ...runs.map((d) => eventRecord({ id: d.eventId, time: d.time }))];
}

test('per rule of each file: runs, failures, median and p95, what its newest run ran', async () => {
  env = makeEnv();
  const store = openStore(env.path('history'));
  await store.append(records());

  const all = await store.ruleStats({});
  expect(all).toEqual({
    rules: [
      {
        rule: 'guard',
        dialect: 'pw',
        source: '/a',
        handler: 'guard-v2',
        ruleIndex: 3,
        count: 10,
        failures: 3,
        medianMs: 5,
        p95Ms: 10,
      },
      // Two rules of one run each, in pw and in claude: newest first where counts tie.
      {
        rule: 'guard',
        dialect: 'claude',
        source: '/b',
        handler: 'true',
        ruleIndex: 0,
        count: 1,
        failures: 0,
        medianMs: 70,
        p95Ms: 70,
      },
      {
        rule: 'guard',
        dialect: 'pw',
        source: '/b',
        handler: 'true',
        ruleIndex: 0,
        count: 1,
        failures: 0,
        medianMs: 50,
        p95Ms: 50,
      },
    ],
    runs: 12,
    since: new Date(T0).toISOString(),
    complete: true,
  });

  // The panel's filters narrow what is counted.
  const claude = await store.ruleStats({ dialect: 'claude' });
  expect(claude.rules.map((r) => [r.source, r.count])).toEqual([['/b', 1]]);
  expect(claude).toMatchObject({ runs: 1, since: new Date(T0 + 21_000).toISOString(), complete: true });
  const failed = await store.ruleStats({ outcome: 'failed' });
  expect(failed.rules.map((r) => [r.source, r.count, r.failures])).toEqual([['/a', 2, 2]]);
  expect(await store.ruleStats({ rule: 'nothing-like-it' })).toEqual({
    rules: [],
    runs: 0,
    since: null,
    complete: true,
  });
});

test('over the newest runs only: how many were counted, since when, and that older ones were left out', async () => {
  env = makeEnv();
  const dir = env.path('history');
  const store = openStore(dir);
  await store.append(records());
  await closeStores();

  const db = openHistoryDb(join(dir, 'history.db'));
  try {
    // The newest four hook runs: /b's two, then guard's runs 9 and 8 (skips and waits are not runs).
    const newest = ruleStatsOf(db, {}, 4);
    expect(newest).toMatchObject({ runs: 4, since: new Date(T0 + 8000).toISOString(), complete: false });
    expect(newest.rules.map((r) => [r.source, r.dialect, r.count, r.medianMs])).toEqual([
      ['/a', 'pw', 2, 9],
      ['/b', 'claude', 1, 70],
      ['/b', 'pw', 1, 50],
    ]);
    // Exactly as many as the window: all of them, so nothing was left out.
    expect(ruleStatsOf(db, {}, 12)).toMatchObject({ runs: 12, complete: true });
    expect(ruleStatsOf(db, {}, 11)).toMatchObject({ runs: 11, complete: false });
  } finally {
    db.close();
  }
});
