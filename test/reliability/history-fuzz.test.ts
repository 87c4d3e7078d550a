// Property-based fuzzing of the history's invariants: generated batches of records (odd strings, ids
// written twice, the same batch through the database and through the spool, times out of order) are
// recorded, then every read must agree with what was written: each record once, as first written, byte
// for byte; newest first; every filter exactly the records it describes; the export the same records
// oldest first; the counts. Seeded (fuzzSeed: a fresh seed on CI, printed), so a failure is
// reproducible; fast-check shrinks it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { storedCallSummary } from '../../shared/call-summary.js';
import type { DispatchRecord, EventRecord, HistoryRecord } from '../../shared/dispatch.js';
import { HistoryStore } from '../../electron/host/history/store.js';
import { appendToSpool } from '../../electron/host/history/spool.js';
import { wellFormed } from '../../electron/host/history/well-formed.js';
import { fuzzScale, fuzzSeed, oddString } from './fuzz-kit.js';

const SCALE = fuzzScale();
const RUNS = 40 * SCALE;
const SEED = fuzzSeed('test/reliability/history-fuzz.test.ts');
const T0 = Date.UTC(2026, 0, 1);
const OUTCOMES = ['ok', 'failed', 'timeout', 'blocked', 'skipped'] as const;

const text = fc.oneof(oddString, fc.constantFrom('disk full', 'needle in output', 'rm -rf build/'));
const time = fc.integer({ min: 0, max: 50 }).map((s) => new Date(T0 + s * 1000).toISOString());
const id = (prefix: string) => fc.integer({ min: 0, max: 12 }).map((n) => `${prefix}${n}`);

const dispatch: fc.Arbitrary<DispatchRecord> = fc.record({
  type: fc.constant('dispatch' as const),
  id: id('d'),
  eventId: id('e'),
  time,
  dialect: fc.constantFrom('pw' as const, 'claude' as const, 'io' as const),
  event: fc.constantFrom('Stop', 'PreToolUse', 'before_tool'),
  workspace: fc.option(fc.constantFrom('/w', '/w2', 'é/ü'), { nil: null }),
  source: fc.constantFrom('/s', '/home/u/.config/pw/code.json'),
  rule: fc.oneof(fc.constantFrom('rule-1', 'rule-12', 'PreToolUse[0].hooks[1]'), oddString),
  ruleIndex: fc.nat(3),
  handler: fc.oneof(fc.constant('/bin/true'), oddString),
  mode: fc.constantFrom('blocking', 'background'),
  pid: fc.option(fc.nat(99_999), { nil: null }),
  durationMs: fc
    .double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true })
    .map((n) => (n === 0 ? 0 : n)),
  exitCode: fc.option(fc.integer({ min: -1, max: 255 }), { nil: null }),
  signal: fc.option(fc.constantFrom('SIGKILL', 'SIGTERM'), { nil: null }),
  timedOut: fc.boolean(),
  groupKilled: fc.boolean(),
  outcome: fc.constantFrom(...OUTCOMES),
  skipReason: fc.option(text, { nil: null }),
  decision: fc.option(fc.constantFrom('allow' as const, 'block' as const), { nil: null }),
  reason: fc.option(text, { nil: null }),
  stdoutTail: text,
  stderrTail: text,
});

const event: fc.Arbitrary<EventRecord> = fc.record({
  type: fc.constant('event' as const),
  id: id('e'),
  time,
  dialect: fc.constantFrom('pw' as const, 'claude' as const),
  event: fc.constantFrom('Stop', 'PreToolUse'),
  workspace: fc.option(fc.constantFrom('/w', '/w2'), { nil: null }),
  sessionId: fc.option(fc.constantFrom('s1', 's2'), { nil: null }),
  payloadDigest: fc.constant('x'),
  payload: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.record({ tool_name: fc.constant('Bash'), note: text })),
  payloadTruncated: fc.boolean(),
  decision: fc.constantFrom('allow' as const, 'block' as const),
  reason: fc.option(text, { nil: null }),
  durationMs: fc.nat(5000),
  dispatchCount: fc.nat(3),
  untrustedSkips: fc.nat(2),
});

const batch = fc.record({
  via: fc.constantFrom('database', 'spool', 'both'),
  records: fc.array(fc.oneof(dispatch, event), { minLength: 1, maxLength: 6 }),
});

/**
 * What the history must hold: the first record taken in under each id, per kind. The database's writes
 * come first, in order; the spool is taken in at the next read, after them.
 */
function expected(batches: { via: string; records: HistoryRecord[] }[]) {
  const dispatches = new Map<string, DispatchRecord>();
  const events = new Map<string, EventRecord>();
  const order = [...batches.filter((b) => b.via !== 'spool'), ...batches.filter((b) => b.via !== 'database')];
  for (const b of order)
    for (const r of b.records) {
      if (r.type === 'dispatch' && !dispatches.has(r.id)) dispatches.set(r.id, r);
      if (r.type === 'event' && !events.has(r.id)) events.set(r.id, r);
    }
  return { dispatches, events };
}

/** As the records come back from JSON: what the store is expected to give (-0 is 0, say). */
const roundTrip = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const ids = (rs: { id: string }[]) => rs.map((r) => r.id).sort();
/** ASCII letters and digits that start a word: no letter, digit or mark (a letter's own) before them. */
const WHOLE_ASCII_WORD = /(?<![\p{L}\p{N}\p{M}])[A-Za-z0-9]+/u;

test('history invariants hold over generated batches', { timeout: 300_000 * SCALE }, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(batch, { minLength: 1, maxLength: 8 }), async (batches) => {
      const dir = mkdtempSync(join(tmpdir(), 'hookpanel-history-fuzz-'));
      const store = new HistoryStore({ dir });
      try {
        // Written in order: the database directly, the spool (taken in before the next read), or both.
        for (const b of batches) {
          if (b.via !== 'spool') await store.append(b.records);
          if (b.via !== 'database') appendToSpool(dir, b.records);
        }
        await store.importSpool();
        const want = expected(batches);
        const all = (await store.query({}, 10_000)).dispatches;
        // Each record once, as first written.
        expect(ids(all)).toEqual([...want.dispatches.keys()].sort());
        for (const d of all) expect(d).toEqual(roundTrip(want.dispatches.get(d.id)));
        // Newest first.
        const times = all.map((d) => Date.parse(d.time));
        expect(times).toEqual(times.slice().sort((a, b) => b - a));
        // Every filter is exactly the records it describes.
        for (const outcome of OUTCOMES)
          expect(ids((await store.query({ outcome }, 10_000)).dispatches)).toEqual(
            ids(all.filter((d) => d.outcome === outcome)),
          );
        for (const workspace of ['/w', '/w2'])
          expect(ids((await store.query({ workspace }, 10_000)).dispatches)).toEqual(
            ids(all.filter((d) => d.workspace === workspace)),
          );
        const since = T0 + 25_000;
        expect(ids((await store.query({ since }, 10_000)).dispatches)).toEqual(
          ids(all.filter((d) => Date.parse(d.time) >= since)),
        );
        for (const d of all.slice(0, 3)) {
          if (d.rule)
            expect(ids((await store.query({ rule: d.rule }, 10_000)).dispatches)).toEqual(
              // Filters and names compared well-formed: a lone surrogate is U+FFFD (well-formed.ts).
              ids(all.filter((x) => wellFormed(x.rule).includes(wellFormed(d.rule)))),
            );
          // A word of its reason finds it: a whole word, not the end of one. A run of ASCII letters right
          // after another letter is part of that letter's word (`a` is not a word of `éa`, as `ful` is
          // not one of `awful`; docs/engine.md), which the last word typed finds as its prefix only.
          const word = WHOLE_ASCII_WORD.exec(d.reason ?? '')?.[0];
          if (!word) continue;
          const found = (await store.query({ text: word }, 10_000)).dispatches;
          expect(ids(found)).toContain(d.id);
          // With one other filter (its index scanned against the text's matches) or two (each match's
          // row read): the same records either way, those both describe.
          for (const other of [{ outcome: d.outcome }, { outcome: d.outcome, dialect: d.dialect }])
            expect(ids((await store.query({ ...other, text: word }, 10_000)).dispatches)).toEqual(
              ids(
                found.filter(
                  (x) => x.outcome === other.outcome && (!other.dialect || x.dialect === d.dialect),
                ),
              ),
            );
        }
        // The limit keeps the newest.
        expect((await store.query({}, 2)).dispatches).toEqual(all.slice(0, 2));
        // Events: each once, as first written.
        const events = await store.events(10_000);
        expect(ids(events)).toEqual([...want.events.keys()].sort());
        // An event written without what it was about is read with it, worked out from its payload.
        for (const e of events) {
          const written = roundTrip(want.events.get(e.id)) as EventRecord;
          expect(e).toEqual({ ...written, call: written.call ?? storedCallSummary(written) });
        }
        expect(await store.counts()).toEqual({ dispatches: want.dispatches.size, events: want.events.size });
        // The export: the same records, oldest first.
        const exported = [...store.iterate('dispatches', {}, null)];
        expect(exported.map((d) => d.id)).toEqual(
          all
            .slice()
            .reverse()
            .map((d) => d.id),
        );
      } finally {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }),
    { seed: SEED, numRuns: RUNS },
  );
});
