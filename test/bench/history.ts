// The history database at 1,000,000 dispatches (and as many events): queries against the same queries
// over 1,000 records, and the cost of recording one event against writing it as a JSON line (the store
// before the database). Goals: filtered query ≤ 50 ms, newest 50 ≤ 10 ms, recording ≤ 0.5 ms.
// The filters are measured with the search index as made, then again after the host's idle-time merge
// (each step timed), and the costliest with SQLite's map of the whole file against a part of it; the
// filter by machine against reading each record's JSON, as it did before schema 5; last, the migration
// of a schema-3 file to today's (schema 4's index rebuild and schema 5's machine columns) at this size:
// its own transaction, then its batches, and a record written between two.
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DispatchRecord, EventRecord } from '../../shared/dispatch.js';
import { IndexMerge, segmentCount, STEP_PAGES } from '../../electron/host/history/index-merge.js';
import { openHistoryDb } from '../../electron/host/history/schema.js';
import { HistoryStore, type HistoryFilter } from '../../electron/host/history/store.js';
import { benchHome } from './env.js';
import { MACHINE, makeHistory, T0 } from './history-data.js';
import { THIS_COMPUTER } from '../../shared/history-keys.js';
import { BATCH_ROWS, backfillStep } from '../../electron/host/history/backfill.js';
import { HistoryWriter } from '../../electron/host/history/writer.js';
import { queryDispatches } from '../../electron/host/history/queries.js';
import { measure, measureInterleaved, report, type Sample } from './measure.js';
import { dispatchRecord, eventRecord } from '../helpers/history-records.js';

/** The large history: 1,000,000 dispatches, or HOOKPANEL_BENCH_RECORDS (a quicker look). */
const RECORDS = Number(process.env.HOOKPANEL_BENCH_RECORDS) || 1_000_000;

function goal(title: string, s: Sample, maxMs: number): void {
  const verdict = s.medianMs <= maxMs ? 'met' : 'NOT met';
  console.log(
    `${title.padEnd(58)} ${s.medianMs.toFixed(2).padStart(9)} ms  (goal ≤ ${maxMs} ms: ${verdict})`,
  );
}

const FILTERS: [string, HistoryFilter, number][] = [
  ['failed with "needle", every match', { outcome: 'failed', text: 'needle' }, RECORDS],
  ['one rule, newest 50', { rule: 'rule-7' }, 50],
  ['one agent and workspace, last day, newest 50', { dialect: 'io', workspace: '/w2', since: 0 }, 50],
  ['text in payloads ("src/4242"), newest 50', { text: 'src/4242' }, 50],
  ['failed, newest 50', { outcome: 'failed' }, 50],
  ['one machine (1 record in 100), newest 50', { machine: MACHINE }, 50],
  ['this computer, newest 50', { machine: THIS_COMPUTER }, 50],
];

type Stores = { big: HistoryStore; small: HistoryStore };

/** Each filter at 1,000,000 records against the same filter at 1,000, measured now. */
async function filterFigures(stores: Stores, state: string): Promise<void> {
  const lastDay = (count: number) => T0 + count * 1000 - 86_400_000;
  for (const [name, filter, limit] of FILTERS) {
    const at = async (store: HistoryStore, count: number) => {
      const f = filter.since === 0 ? { ...filter, since: lastDay(count) } : filter;
      let found = 0;
      const s = await measure(name, async () => (found = (await store.query(f, limit)).dispatches.length), {
        runs: 9,
        warmup: 2,
      });
      return { s, found };
    };
    const bigRun = await at(stores.big, RECORDS);
    const smallRun = await at(stores.small, 1000);
    report(`  ${name} (${bigRun.found}; index ${state})`, bigRun.s, { ...smallRun.s, name: '1,000 records' });
    goal('    filtered query at 1,000,000', bigRun.s, 50);
  }
}

/** How many segments each search index is in. */
function segments(path: string): string {
  const db = openHistoryDb(path);
  try {
    return `dispatch_text in ${segmentCount(db, 'dispatch_text')} segments, event_text in ${segmentCount(db, 'event_text')}`;
  } finally {
    db.close();
  }
}

/** The host's idle-time merge run to its end on its own connection, each step timed. */
function mergeAll(path: string) {
  const db = openHistoryDb(path);
  const merge = new IndexMerge();
  const times: number[] = [];
  const idle: number[] = [];
  try {
    for (let more = true; more;) {
      const t0 = performance.now();
      more = merge.step(db);
      times.push(performance.now() - t0);
    }
    // What every quiet second of the host costs once there is nothing to merge: a look at each index.
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      new IndexMerge().step(db);
      idle.push(performance.now() - t0);
    }
  } finally {
    db.close();
  }
  const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return {
    steps: times.length,
    totalMs: times.reduce((a, b) => a + b, 0),
    medianMs: median(times),
    maxMs: Math.max(...times),
    nothingMs: median(idle),
  };
}

/**
 * The costliest filter on two connections in this thread, interleaved: SQLite's map as the history
 * opens it (MMAP_BYTES) against the 256 MiB it had before, whose reads past it were system calls.
 */
async function mapFigures(path: string): Promise<void> {
  const whole = openHistoryDb(path);
  const part = openHistoryDb(path);
  part.exec(`PRAGMA mmap_size = ${256 * 1024 * 1024}`);
  try {
    const filter: HistoryFilter = { outcome: 'failed', text: 'needle' };
    const t = await measureInterleaved(
      {
        whole: () => queryDispatches(whole, filter, RECORDS),
        part: () => queryDispatches(part, filter, RECORDS),
      },
      { runs: 15, warmup: 2 },
    );
    report('  failed with "needle", in one thread: the file mapped whole', t.whole, {
      ...t.part,
      name: '256 MiB of it',
    });
  } finally {
    whole.close();
    part.close();
  }
}

/** The filter by machine as it was before schema 5: each record's JSON read, no index. */
async function machineAsBefore(path: string): Promise<Sample> {
  const db = openHistoryDb(path);
  try {
    const query = db.prepare(
      "SELECT seq FROM dispatches WHERE record ->> '$.machine' = ? ORDER BY time DESC, seq DESC LIMIT 50",
    );
    return await measure('JSON', () => query.all(MACHINE), { runs: 5, warmup: 1 });
  } finally {
    db.close();
  }
}

/** The file as a schema-3 Hookpanel left it: no machine columns, cost_daily without one. */
function asSchema3(path: string): void {
  const db = openHistoryDb(path);
  try {
    db.exec(`
      DROP INDEX dispatches_machine;
      DROP INDEX events_machine;
      ALTER TABLE dispatches DROP COLUMN machine;
      ALTER TABLE events DROP COLUMN machine;
      CREATE TABLE cost_old AS SELECT day, scope, dialect, event, source, name, awaited, bucket, n, failures,
        timeouts, total_ms FROM cost_daily;
      DROP TABLE cost_daily;
      ALTER TABLE cost_old RENAME TO cost_daily;
      PRAGMA user_version = 3;
    `);
  } finally {
    db.close();
  }
}

/**
 * Opening a schema-3 file (its migration's own transaction), then its backfill a batch at a time (each
 * timed), with a record written through the writer every 50 batches, as the host's worker takes them.
 */
function timeMigration(path: string) {
  asSchema3(path);
  const t0 = performance.now();
  const db = openHistoryDb(path);
  const openMs = performance.now() - t0;
  const batches: number[] = [];
  const records: number[] = [];
  const writer = new HistoryWriter(db);
  try {
    for (let more = true, i = 0; more; i++) {
      const t = performance.now();
      more = backfillStep(db);
      batches.push(performance.now() - t);
      if (i % 50 === 0) {
        const time = new Date(T0 + (RECORDS + 10_000 + i) * 1000).toISOString();
        const w = performance.now();
        writer.append([
          eventRecord({ id: `m${i}`, time, workspace: '/w', sessionId: 'm', dispatchCount: 0 }),
        ]);
        records.push(performance.now() - w);
      }
    }
  } finally {
    db.close();
  }
  const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return {
    openMs,
    batches: batches.length,
    totalMs: batches.reduce((a, b) => a + b, 0),
    medianMs: median(batches),
    maxMs: Math.max(...batches),
    recordMs: median(records),
  };
}

export async function benchHistory(): Promise<void> {
  console.log(`\nHistory: ${RECORDS.toLocaleString('en')} dispatches and as many events (SQLite, libsql)`);
  const b = benchHome();
  const big = join(b.root, 'big');
  const small = join(b.root, 'small');
  await mkdir(big, { recursive: true });
  await mkdir(small, { recursive: true });
  try {
    const t = performance.now();
    makeHistory(big, RECORDS);
    makeHistory(small, 1000);
    console.log(`  (made in ${((performance.now() - t) / 1000).toFixed(1)} s)`);
    const stores = { big: new HistoryStore({ dir: big }), small: new HistoryStore({ dir: small }) };
    const bigDb = join(big, 'history.db');
    console.log(`  search index as made: ${segments(bigDb)}`);
    await filterFigures(stores, 'as made');
    // The host merges its search indexes while idle (index-merge.ts): here every step at once, each timed.
    const merged = mergeAll(bigDb);
    console.log(
      `  idle-time merge: ${merged.steps} steps of ${STEP_PAGES} pages in ${(merged.totalMs / 1000).toFixed(1)} s, each step median ${merged.medianMs.toFixed(1)} ms, longest ${merged.maxMs.toFixed(1)} ms; now ${segments(bigDb)}`,
    );
    console.log(`  a quiet second's look with nothing to merge: ${merged.nothingMs.toFixed(2)} ms`);
    await filterFigures(stores, 'merged');
    await mapFigures(bigDb);
    const before = await machineAsBefore(bigDb);
    const machine = await measure('column', () => stores.big.query({ machine: MACHINE }, 50), {
      runs: 9,
      warmup: 2,
    });
    report('  one machine, newest 50: indexed column', machine, {
      ...before,
      name: "each record's JSON (schema 4)",
    });
    goal('    one machine at 1,000,000', machine, 300);
    const newest = await measure('newest 50', () => stores.big.query({}, 50), { runs: 15, warmup: 3 });
    const newestSmall = await measure('newest 50', () => stores.small.query({}, 50), { runs: 15, warmup: 3 });
    report('  newest 50 dispatches', newest, { ...newestSmall, name: '1,000 records' });
    goal('    newest 50 at 1,000,000', newest, 10);
    const events = await measure('events', () => stores.big.events(50), { runs: 15, warmup: 3 });
    goal('  newest 50 events (hookpanel history --events)', events, 10);
    // History by session: the list's first page, and one session of 1,000 events whole, as the panel reads them.
    const sessions = await measure('sessions', () => stores.big.sessions({}, 200), { runs: 15, warmup: 3 });
    const sessionsSmall = await measure('sessions', () => stores.small.sessions({}, 200), {
      runs: 15,
      warmup: 3,
    });
    report('  sessions list, newest 200 of 10,000', sessions, { ...sessionsSmall, name: '1,000 records' });
    goal('    sessions list at 1,000,000', sessions, 50);
    const [long] = (await stores.big.sessions({}, 10_000)).filter((s) => s.sessionId === 'long');
    const [longSmall] = (await stores.small.sessions({}, 10_000)).filter((s) => s.sessionId === 'long');
    const whole = async (store: HistoryStore, key: string) => {
      let entries = 0;
      let after = null;
      do {
        const page: Awaited<ReturnType<HistoryStore['timeline']>> = await store.timeline(key, after, 500);
        entries += page.entries.length;
        after = page.next;
      } while (after);
      return entries;
    };
    let timelineCount = 0;
    const timeline = await measure(
      'timeline',
      async () => (timelineCount = await whole(stores.big, long!.key)),
      {
        runs: 9,
        warmup: 2,
      },
    );
    const timelineSmall = await measure('timeline', () => whole(stores.small, longSmall!.key), {
      runs: 9,
      warmup: 2,
    });
    report(`  one session's timeline, whole (${timelineCount} events, pages of 500)`, timeline, {
      ...timelineSmall,
      name: '1,000 records',
    });
    goal("    one session's timeline at 1,000,000", timeline, 50);
    const cost = await measure('cost', () => stores.big.cost({ since: '2026-01-01', until: '2026-01-31' }), {
      runs: 5,
      warmup: 1,
    });
    console.log(`  cost report over 31 days: ${cost.medianMs.toFixed(2)} ms`);

    // Recording: one event with two dispatches, the shape the engine hands over, into the big database.
    const batch = (i: number): [DispatchRecord, DispatchRecord, EventRecord] => {
      const time = new Date(T0 + (RECORDS + i) * 1000).toISOString();
      const d = (k: number): DispatchRecord =>
        dispatchRecord({
          id: `n${i}-${k}`,
          eventId: `ne${i}`,
          time,
          event: 'PreToolUse',
          workspace: '/w',
          source: '/home/u/.config/pw/code.json',
          rule: `PreToolUse[0].hooks[${k}]`,
          ruleIndex: k,
          handler: '/usr/local/bin/check-command',
          pid: 4242,
          durationMs: 12,
          stdoutTail: '{"hookSpecificOutput":{"hookEventName":"PreToolUse"}}',
        });
      return [
        d(0),
        d(1),
        eventRecord({
          id: `ne${i}`,
          time,
          event: 'PreToolUse',
          workspace: '/w',
          sessionId: 'session-1',
          payloadDigest: 'x'.repeat(64),
          payload: { tool_name: 'Bash', tool_input: { command: `npm test -- --grep case-${i}` }, cwd: '/w' },
          durationMs: 14,
          dispatchCount: 2,
        }),
      ];
    };
    // The host records through its worker: the dispatch path pays the hand-over (measured on this
    // thread); the commit itself happens on the worker and is printed for what it is.
    await stores.big.start();
    const n = 500;
    let i = 0;
    const handOver = await measure(
      'hand-over',
      async () => {
        let onThread = 0;
        const pending: Promise<void>[] = [];
        for (let k = 0; k < n; k++) {
          const t0 = performance.now();
          pending.push(stores.big.append(batch(i++)));
          onThread += performance.now() - t0;
        }
        await Promise.all(pending);
        return onThread;
      },
      { runs: 5, warmup: 1, value: true },
    );
    const committed = await measure(
      'committed',
      async () => {
        for (let k = 0; k < n; k++) await stores.big.append(batch(i++));
      },
      { runs: 5, warmup: 1 },
    );
    const jsonl = join(b.root, 'bare.jsonl');
    const line = await measure(
      'JSON line',
      async () => {
        for (let k = 0; k < n; k++) {
          const rs = batch(i++);
          await appendFile(jsonl, rs.map((r) => `${JSON.stringify(r)}\n`).join(''));
        }
      },
      { runs: 5, warmup: 1 },
    );
    const perEvent = { name: 'record', medianMs: handOver.medianMs / n };
    const bareLine = { name: 'JSON-lines append', medianMs: line.medianMs / n };
    report('  recording one event (2 dispatches): on the dispatch path', perEvent, bareLine);
    goal('    cost added to one dispatch by recording it', perEvent, 0.5);
    report(
      '  recording one event: until committed (on the worker)',
      { name: 'commit', medianMs: committed.medianMs / n },
      bareLine,
    );
    await stores.big.close();
    await stores.small.close();
    const m = timeMigration(bigDb);
    console.log(
      `  a schema-3 file at ${RECORDS.toLocaleString('en')} records opened: the migration's own transaction ${(m.openMs / 1000).toFixed(2)} s (records wait for it); then ${m.batches} batches of ${BATCH_ROWS} (search index rebuilt, machine columns filled) in ${(m.totalMs / 1000).toFixed(1)} s, each batch median ${m.medianMs.toFixed(1)} ms, longest ${m.maxMs.toFixed(1)} ms; a record written between two batches: ${m.recordMs.toFixed(2)} ms`,
    );
  } finally {
    b.cleanup();
  }
}
