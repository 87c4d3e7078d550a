// Schema 5 on a file a schema-4 Hookpanel wrote (test/fixtures/history/schema-4.db, frozen): each record
// of another machine gets its machine column, and its cost moves under that machine's name, so Hook
// cost and History's filter say what a file written today would say. The part that reads every record
// runs a batch per transaction (backfill.ts): a process SIGKILLed midway leaves it where its last batch
// committed, the next opener goes on, and records written in between are counted once.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, test } from 'vitest';
import type { DispatchRecord, EventRecord, HistoryRecord } from '../../shared/dispatch.js';
import { THIS_COMPUTER } from '../../shared/history-keys.js';
import { backfillPending, backfillStep, finishBackfill } from '../../electron/host/history/backfill.js';
import { costReport, type CostRequest } from '../../electron/host/history/cost.js';
import { queryDispatches, queryEvents } from '../../electron/host/history/queries.js';
import { DB_FILE, openHistoryDb, SCHEMA_VERSION, type Db } from '../../electron/host/history/schema.js';
import { HistoryWriter } from '../../electron/host/history/writer.js';
import { setEventKinds } from '../../electron/host/history/event-kind.js';
import { eventKindsFromRegistry } from '../../electron/host/history/event-kinds-registry.js';
import { FIXTURES, makeEnv, REPO, type TestEnv } from '../helpers/env.js';
import { dispatchRecord, eventRecord } from '../helpers/history-records.js';

// Which events are tool calls and which end a turn, as the host tells its history (store.ts).
setEventKinds(eventKindsFromRegistry());

let env: TestEnv;
const open: Db[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) db.close();
  await env?.cleanup();
});

function db(path: string): Db {
  const d = openHistoryDb(path);
  open.push(d);
  return d;
}

/** A copy of the frozen schema-4 file, in the test's own home. */
function schema4(name = 'old'): string {
  const dir = env.path(`hp/${name}`);
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(FIXTURES, 'history', 'schema-4.db'), join(dir, DB_FILE));
  return join(dir, DB_FILE);
}

/** The fixture's records as its Hookpanel handed them to the writer: each event with its rule runs. */
function batchesOf(path: string): HistoryRecord[][] {
  const d = db(path);
  const events = d.prepare('SELECT record FROM events ORDER BY seq').raw().all() as [string][];
  const dispatches = d.prepare('SELECT record FROM dispatches ORDER BY seq').raw().all() as [string][];
  const runs = new Map<string, DispatchRecord[]>();
  for (const [r] of dispatches) {
    const dispatch = JSON.parse(r) as DispatchRecord;
    runs.set(dispatch.eventId, [...(runs.get(dispatch.eventId) ?? []), dispatch]);
  }
  return events.map(([r]) => {
    const e = JSON.parse(r) as EventRecord;
    return [...(runs.get(e.id) ?? []), e];
  });
}

/** The same records written by today's writer into a new file. */
function writtenToday(batches: HistoryRecord[][]): Db {
  const dir = env.path('hp/today');
  mkdirSync(dir, { recursive: true });
  const d = db(join(dir, DB_FILE));
  const writer = new HistoryWriter(d);
  for (const b of batches) writer.append(b);
  return d;
}

/**
 * A process that opens (and so migrates) the file at `path`, runs `batches` (backfill.ts's backfillStep
 * on its `db`; they say when three batches are done by calling `ok()`, else it is said after them), and
 * is SIGKILLed as soon as three are.
 */
async function killedAfterThreeBatches(path: string, batches: string): Promise<void> {
  const dist = (m: string) => JSON.stringify(join(REPO, 'dist', 'electron', 'host', 'history', m));
  const script = `
    const { openHistoryDb } = await import(${dist('schema.js')});
    const { backfillStep } = await import(${dist('backfill.js')});
    const db = openHistoryDb(${JSON.stringify(path)});
    let said = false;
    const ok = () => { if (!said) console.log('three batches'); said = true; };
    ${batches}
    ok();
    setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_, s) => resolve(s)));
  for await (const line of createInterface({ input: child.stdout })) if (line === 'three batches') break;
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
}

const RANGE = { since: '2025-12-01', until: '2026-02-01' };
const FILTERS: CostRequest[] = [
  RANGE,
  { ...RANGE, machine: THIS_COMPUTER },
  { ...RANGE, machine: 'me@devbox' },
  { ...RANGE, machine: 'ci@buildbox' },
];
const costRows = (d: Db) =>
  d
    .prepare('SELECT * FROM cost_daily ORDER BY day, machine, scope, dialect, event, source, name, bucket')
    .all();

describe('schema 5 on a schema-4 file', () => {
  test("each machine's records and cost are its own, as a file written today has them", () => {
    env = makeEnv();
    const path = schema4();
    const batches = batchesOf(path);
    const today = writtenToday(batches);
    const old = db(path);
    expect(old.prepare('PRAGMA user_version').get()).toMatchObject({ user_version: SCHEMA_VERSION });
    expect(backfillPending(old)).toBe(true);
    finishBackfill(old, 25);
    expect(backfillPending(old)).toBe(false);

    expect(costRows(old)).toEqual(costRows(today));
    for (const f of FILTERS) expect(costReport(old, f)).toEqual(costReport(today, f));
    // The figures themselves: 40 tool calls from each machine, each of its failures its own.
    const all = costReport(old, RANGE);
    expect(all.machines.map((m) => [m.machine, m.runs, m.failures])).toEqual(
      expect.arrayContaining([
        [null, 40, 6],
        ['me@devbox', 40, 6],
        ['ci@buildbox', 40, 6],
      ]),
    );
    // ci@buildbox's hooks took 200 ms and more, me@devbox's about 40, this computer's about 6.
    expect(all.machines.map((m) => m.machine)).toEqual(['ci@buildbox', 'me@devbox', null]);
    const devbox = costReport(old, { ...RANGE, machine: 'me@devbox' });
    expect(devbox.agents).toHaveLength(1);
    expect(devbox.agents[0]!.tool.p50Ms).toBeGreaterThanOrEqual(35);
    expect(devbox.agents[0]!.tool.p50Ms).toBeLessThan(50);
    expect(devbox.agents[0]!.turn.count).toBe(4);

    // History's filter reads the column: every record of the machine, and only those.
    const runs = queryDispatches(old, { machine: 'me@devbox' }, 1000).dispatches;
    expect(runs).toHaveLength(40);
    expect(new Set(runs.map((d) => d.machine))).toEqual(new Set(['me@devbox']));
    const here = queryEvents(old, { machine: THIS_COMPUTER }, 1000);
    expect(here).toHaveLength(44);
    expect(here.every((e) => e.machine === undefined)).toBe(true);
    const plan = old
      .prepare('EXPLAIN QUERY PLAN SELECT seq FROM dispatches WHERE machine = ? ORDER BY time DESC LIMIT 50')
      .all('me@devbox') as { detail: string }[];
    expect(plan.map((p) => p.detail).join('\n')).toContain('dispatches_machine');
  });

  test(
    'SIGKILLed midway, the next opener goes on where the last batch committed; records written between are counted once',
    { timeout: 120_000 },
    async () => {
      env = makeEnv();
      const path = schema4();
      const batches = batchesOf(path);
      // A process migrates the file, three batches of ten records in, and is killed.
      await killedAfterThreeBatches(path, 'for (let i = 0; i < 3; i++) backfillStep(db, 10);');

      const old = db(path);
      expect(backfillPending(old)).toBe(true);
      // Where it was killed: the first thirty rule runs have their machine, the rest not yet.
      const filled = old
        .prepare('SELECT max(seq) AS last, count(*) AS n FROM dispatches WHERE machine IS NOT NULL')
        .get() as { last: number; n: number };
      expect(filled.last).toBeLessThanOrEqual(30);
      expect(filled.n).toBe(20);
      // A record from me@devbox arrives while the rest waits, then the backfill goes on in batches.
      const late: HistoryRecord[] = [
        dispatchRecord({ id: 'late-d', eventId: 'late-e', durationMs: 41, machine: 'me@devbox', rule: 'r9' }),
        eventRecord({ id: 'late-e', durationMs: 42, machine: 'me@devbox', sessionId: 'late' }),
      ];
      new HistoryWriter(old).append(late);
      let steps = 0;
      while (backfillStep(old, 10)) steps++;
      expect(steps).toBeGreaterThan(5);

      const today = writtenToday([...batches, late]);
      expect(costRows(old)).toEqual(costRows(today));
      for (const f of FILTERS) expect(costReport(old, f)).toEqual(costReport(today, f));
      expect(queryDispatches(old, { machine: 'me@devbox' }, 1000).dispatches).toHaveLength(41);
    },
  );
});

/** FTS5's automerge on a search index as its configuration has it (unset: FTS5's default, 4). */
const automerge = (d: Db, index: string) =>
  (d.prepare(`SELECT v FROM ${index}_config WHERE k = 'automerge'`).get() as { v: number } | undefined)?.v ??
  4;

describe("schema 4's search index written again", () => {
  test(
    'SIGKILLed amid the batches, which write with FTS5 automerge off, the next opener finds it on as it was',
    { timeout: 120_000 },
    async () => {
      env = makeEnv();
      const dir = env.path('hp/rebuild');
      mkdirSync(dir, { recursive: true });
      const path = join(dir, DB_FILE);
      const three = openHistoryDb(path);
      const writer = new HistoryWriter(three);
      for (let i = 0; i < 1000; i++)
        writer.append([
          dispatchRecord({ id: `d${i}`, eventId: `e${i}`, reason: `exit ${i}: word${i}` }),
          eventRecord({ id: `e${i}`, reason: `word${i}` }),
        ]);
      // As a schema-3 file: opening it schedules the index's rebuild (backfill.ts).
      three.exec('PRAGMA user_version = 3');
      three.close();
      // A process rebuilds it a record a batch (2,000 batches, so it is still at it), and is killed amid them.
      await killedAfterThreeBatches(path, 'for (let i = 1; backfillStep(db, 1); i++) if (i === 3) ok();');

      const old = db(path);
      expect(backfillPending(old)).toBe(true);
      expect([automerge(old, 'dispatch_text'), automerge(old, 'event_text')]).toEqual([4, 4]);
      finishBackfill(old, 100);
      expect(backfillPending(old)).toBe(false);
      expect([automerge(old, 'dispatch_text'), automerge(old, 'event_text')]).toEqual([4, 4]);
      // Every record is found by its words as cut now.
      expect(queryDispatches(old, { text: 'word123' }, 10).dispatches.map((d) => d.id)).toEqual(['d123']);
      expect(queryEvents(old, { text: 'word321' }, 10).map((e) => e.id)).toEqual(['e321']);
    },
  );
});
