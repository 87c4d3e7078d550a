// A dispatch listing's events, read with its dispatches in one query (queries.ts), are the events a
// second read by id finds (eventsByIds, which the panel's single-event lookup still uses), in the same
// order: an event of two listed dispatches once, an event with no dispatch never, a dispatch whose
// event retention trimmed with no event, an event whose record is unreadable left out; past one read
// of ids (500) and with ids whose UTF-16 order is not their stored (UTF-8) order. Real file, real SQLite.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { HistoryRecord } from '../../shared/dispatch.js';
import { eventsByIds, queryDispatches, type HistoryFilter } from '../../electron/host/history/queries.js';
import { enforceRetention } from '../../electron/host/history/retention.js';
import { DB_FILE, openHistoryDb, type Db } from '../../electron/host/history/schema.js';
import { HistoryWriter } from '../../electron/host/history/writer.js';
import { setEventKinds } from '../../electron/host/history/event-kind.js';
import { eventKindsFromRegistry } from '../../electron/host/history/event-kinds-registry.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { dispatchRecord, eventRecord, T0 } from '../helpers/history-records.js';

setEventKinds(eventKindsFromRegistry());

let env: TestEnv;
let db: Db | null = null;
afterEach(async () => {
  db?.close();
  db = null;
  await env?.cleanup();
});

const DAY = 86_400_000;
/** Days after T0, as a record's time. */
const at = (days: number) => new Date(T0 + days * DAY).toISOString();

/** The answer as it was read before the join: the dispatches, then their events by id. */
function readTwice(d: Db, filter: HistoryFilter, limit: number) {
  const { dispatches } = queryDispatches(d, filter, limit);
  return { dispatches, events: eventsByIds(d, [...new Set(dispatches.map((x) => x.eventId))]) };
}

test("a dispatch's event is the one its id finds, once, in the same order, whatever became of it", async () => {
  env = makeEnv();
  const dir = env.path('hp/history');
  mkdirSync(dir, { recursive: true });
  db = openHistoryDb(join(dir, DB_FILE));
  const writer = new HistoryWriter(db);
  const batches: HistoryRecord[][] = [
    // Its event is older than the age limit, the dispatch (a long run's end) is not.
    [
      eventRecord({ id: 'e-trimmed', time: at(0) }),
      dispatchRecord({ id: 'd-trimmed', eventId: 'e-trimmed', time: at(5) }),
    ],
    // Two dispatches of one event.
    [
      dispatchRecord({ id: 'd-two-1', eventId: 'e-two', time: at(6), rule: 'r1', outcome: 'failed' }),
      dispatchRecord({ id: 'd-two-2', eventId: 'e-two', time: at(6), rule: 'r2', outcome: 'failed' }),
      eventRecord({ id: 'e-two', time: at(6), dispatchCount: 2 }),
    ],
    // An event no rule ran for.
    [eventRecord({ id: 'e-none', time: at(7), dispatchCount: 0 })],
    // Ids whose UTF-16 order (U+10000 before U+FFFD) is not SQLite's (UTF-8: U+FFFD first).
    [
      dispatchRecord({ id: 'd-astral', eventId: 'e\u{10000}', time: at(8) }),
      eventRecord({ id: 'e\u{10000}', time: at(8) }),
    ],
    [
      dispatchRecord({ id: 'd-bmp', eventId: 'e\ufffd', time: at(8) }),
      eventRecord({ id: 'e\ufffd', time: at(8) }),
    ],
    // Its event's record is not a record.
    [
      dispatchRecord({ id: 'd-garbled', eventId: 'e-garbled', time: at(9) }),
      eventRecord({ id: 'e-garbled', time: at(9) }),
    ],
  ];
  // More events than one read by id takes, newest first in an order their ids do not sort in.
  for (let i = 0; i < 620; i++) {
    const id = `e-many-${(i * 7919) % 620}`;
    batches.push([
      dispatchRecord({ id: `d-many-${i}`, eventId: id, time: at(10 + i / 1000) }),
      eventRecord({ id, time: at(10 + i / 1000) }),
    ]);
  }
  for (const b of batches) writer.append(b);
  db.prepare("UPDATE events SET record = json_object('type', 'note') WHERE id = 'e-garbled'").run();
  const trimmed = await enforceRetention(db, { maxAgeDays: 180, maxBytes: 1 << 30, now: T0 + 182 * DAY });
  expect(trimmed).toMatchObject({ deletedDispatches: 0, deletedEvents: 1 });

  const all = queryDispatches(db, {}, 1000);
  expect(all.dispatches).toHaveLength(626);
  expect(all).toEqual(readTwice(db, {}, 1000));
  // Compared as the CLI prints them (`hookpanel history --json`): byte for byte.
  expect(JSON.stringify(all)).toBe(JSON.stringify(readTwice(db, {}, 1000)));
  const ids = all.events.map((e) => e.id);
  expect(ids.filter((id) => id === 'e-two')).toHaveLength(1);
  expect(ids).not.toContain('e-none');
  expect(ids).not.toContain('e-trimmed');
  expect(all.dispatches.map((d) => d.id)).toContain('d-trimmed');
  expect(ids).not.toContain('e-garbled');
  expect(all.dispatches.map((d) => d.id)).toContain('d-garbled');
  expect(ids.indexOf('e\ufffd')).toBeLessThan(ids.indexOf('e\u{10000}'));
  // Each read of 500 ids in their stored order, not in the dispatches' order: the order a second read gave.
  expect(ids.slice(0, 500)).not.toEqual(all.dispatches.slice(0, 500).map((d) => d.eventId));

  for (const filter of [
    { outcome: 'failed' },
    { rule: 'r2' },
    { eventId: 'e-two' },
    { since: T0 + 8 * DAY, until: T0 + 9 * DAY },
  ])
    for (const limit of [1, 2, 50])
      expect(queryDispatches(db, filter, limit)).toEqual(readTwice(db, filter, limit));
  expect(queryDispatches(db, { outcome: 'failed' }, 50).events.map((e) => e.id)).toEqual(['e-two']);
});
