// History by session and what an event was about (docs/engine.md, "History"), on a real database: the
// sessions table kept as events are written, answered and trimmed, filled from a schema-1 file when
// it is migrated; a session's timeline in order, a page at a time; match counts; call summaries.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { callSummary } from '../../shared/call-summary.js';
import { DB_FILE, openHistoryDb } from '../../electron/host/history/schema.js';
import { FIXTURES, makeEnv, type TestEnv } from '../helpers/env.js';
import { closeStores, openStore } from '../helpers/history-stores.js';
import { dispatchRecord, eventRecord, T0 } from '../helpers/history-records.js';

let env: TestEnv;
afterEach(async () => {
  await closeStores();
  await env?.cleanup();
});

const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command } });

describe('sessions', () => {
  test('each session is listed with its agent, workspace, start, end, events and blocks, latest first', async () => {
    env = makeEnv();
    const store = openStore(env.path('hp/history'));
    await store.append([
      eventRecord({
        id: 'a1',
        time: at(0),
        dialect: 'claude',
        sessionId: 'A',
        workspace: '/w/a',
        payload: bash('ls'),
      }),
      eventRecord({ id: 'b1', time: at(5), dialect: 'io', sessionId: 'B', workspace: '/w/b' }),
      eventRecord({
        id: 'a2',
        time: at(10),
        dialect: 'claude',
        sessionId: 'A',
        workspace: '/w/a',
        decision: 'block',
      }),
      eventRecord({ id: 'a3', time: at(20), dialect: 'claude', sessionId: 'A', workspace: '/w/a' }),
    ]);
    const all = await store.sessions({}, 10);
    expect(all.map((s) => [s.sessionId, s.dialect, s.workspace, s.events, s.blocks])).toEqual([
      ['A', 'claude', '/w/a', 3, 1],
      ['B', 'io', '/w/b', 1, 0],
    ]);
    expect([all[0]!.first, all[0]!.last]).toEqual([T0, T0 + 20_000]);
    expect((await store.sessions({ dialect: 'io' }, 10)).map((s) => s.sessionId)).toEqual(['B']);
    expect((await store.sessions({ workspace: '/w/a' }, 10)).map((s) => s.sessionId)).toEqual(['A']);
    // The next page: sessions last active before the oldest shown.
    const first = await store.sessions({}, 1);
    expect((await store.sessions({ before: first[0]!.last }, 1)).map((s) => s.sessionId)).toEqual(['B']);
    // One session by its key (a timeline's summary), the older one too; a key of none, nothing.
    expect(await store.sessions({ key: all[1]!.key }, 1)).toEqual([all[1]]);
    expect(await store.sessions({ key: `${all[1]!.key}x` }, 1)).toEqual([]);
  });

  test('a held request answered "deny" adds a block to its session; the same answer again adds none', async () => {
    env = makeEnv();
    const store = openStore(env.path('hp/history'));
    const waiting = eventRecord({
      id: 'h1',
      dialect: 'claude',
      sessionId: 'S',
      held: 'waiting',
      decision: 'allow',
    });
    await store.append([waiting]);
    expect((await store.sessions({}, 1))[0]!.blocks).toBe(0);
    const denied = { ...waiting, held: 'answered' as const, decision: 'block' as const, reason: 'no' };
    const person = dispatchRecord({
      id: 'p1',
      eventId: 'h1',
      source: 'ask-me',
      mode: 'held',
      decision: 'block',
    });
    await store.settle(denied, [person]);
    await store.settle(denied, [person]);
    expect((await store.sessions({}, 1))[0]).toMatchObject({ events: 1, blocks: 1 });
  });

  test('retention: a session whose events all went is gone; one that lost some is counted again', async () => {
    env = makeEnv();
    const store = openStore(env.path('hp/history'));
    const day = 86_400_000;
    const old = (id: string, s: string, decision: 'allow' | 'block' = 'allow') =>
      eventRecord({ id, sessionId: s, time: new Date(T0).toISOString(), decision });
    const fresh = (id: string, s: string) =>
      eventRecord({ id, sessionId: s, time: new Date(T0 + 9 * day).toISOString() });
    await store.append([old('o1', 'gone'), old('o2', 'kept', 'block'), fresh('f1', 'kept')]);
    await store.enforceRetention({ maxAgeDays: 5, maxBytes: 1e12, now: T0 + 10 * day });
    expect((await store.sessions({}, 10)).map((s) => [s.sessionId, s.events, s.blocks, s.first])).toEqual([
      ['kept', 1, 0, T0 + 9 * day],
    ]);
  });

  test('a schema-1 file, migrated, lists the sessions of the events it held', () => {
    env = makeEnv();
    const dir = env.path('hp/history');
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(FIXTURES, 'history', 'schema-1.db'), join(dir, DB_FILE));
    const db = openHistoryDb(join(dir, DB_FILE));
    try {
      const rows = db.prepare('SELECT dialect, events FROM sessions ORDER BY dialect').all();
      expect(rows).toEqual([
        { dialect: 'claude', events: 1 },
        { dialect: 'pw', events: 1 },
      ]);
      // The timeline reads through its index, not the whole table.
      const plan = db
        .prepare('EXPLAIN QUERY PLAN SELECT record FROM events WHERE session = ? ORDER BY time, seq')
        .all('x') as { detail: string }[];
      expect(plan.map((p) => p.detail).join('\n')).toContain('events_session_time');
    } finally {
      db.close();
    }
  });
});

describe('a session timeline', () => {
  test('every event in order with its rule runs and what it was about, page after page, no payloads', async () => {
    env = makeEnv();
    const store = openStore(env.path('hp/history'));
    const records = [];
    for (let i = 0; i < 25; i++) {
      records.push(
        eventRecord({
          id: `e${i}`,
          time: at(i),
          dialect: 'claude',
          event: 'PreToolUse',
          sessionId: 'T',
          payload: bash(`echo ${i}`),
        }),
        dispatchRecord({ id: `d${i}`, eventId: `e${i}`, time: at(i), rule: `rule ${i}` }),
      );
    }
    // Another session's event between them is not in this one's timeline.
    records.push(eventRecord({ id: 'other', time: at(3), sessionId: 'U' }));
    await store.append(records);
    const [session] = await store.sessions({ dialect: 'claude' }, 1);
    const seen: string[] = [];
    let after = null;
    let pages = 0;
    do {
      const page = await store.timeline(session!.key, after, 10);
      for (const { event, dispatches } of page.entries) {
        expect(event).not.toHaveProperty('payload');
        expect(dispatches.map((d) => d.id)).toEqual([`d${event.id.slice(1)}`]);
        seen.push(`${event.id}:${event.call.subject}`);
      }
      after = page.next;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `e${i}:echo ${i}`));
  });
});

describe('search counts and summaries', () => {
  test('a search says how many events match, not only how many were listed', async () => {
    env = makeEnv();
    const store = openStore(env.path('hp/history'));
    await store.append(
      Array.from({ length: 30 }, (_, i) =>
        eventRecord({ id: `c${i}`, time: at(i), payload: bash(i % 3 ? 'npm test' : 'rm -rf build') }),
      ),
    );
    expect(await store.count('events', { text: 'rm -rf' })).toBe(10);
    expect(await store.count('events', { text: 'npm' })).toBe(20);
    expect(await store.count('dispatches', { text: 'npm' })).toBe(0);
  });

  test('an event recorded before summaries is listed with one, read from its payload', async () => {
    env = makeEnv();
    const store = openStore(env.path('hp/history'));
    await store.append([
      eventRecord({
        id: 'w',
        time: at(1),
        payload: { tool_name: 'Write', tool_input: { file_path: '/src/a.ts', content: 'x' } },
      }),
      eventRecord({
        id: 't',
        time: at(2),
        payload: '{"tool_name":"Bash","tool_input":{"comm',
        payloadTruncated: true,
      }),
    ]);
    const [t, w] = await store.events(10);
    expect(w!.call).toEqual({ tool: 'Write', subject: '/src/a.ts', kind: 'path' });
    expect(t!.call).toEqual({ tool: null, subject: null, kind: null });
  });

  test("each dialect's tool call and prompt reads as a tool and its command, file or words", () => {
    expect(callSummary(bash('git push --force'))).toEqual({
      tool: 'Bash',
      subject: 'git push --force',
      kind: 'command',
    });
    expect(
      callSummary({ tool: { name: 'shell', kind: 'exec', args: { cmd: 'make' } }, profile: 'x' }),
    ).toEqual({
      tool: 'shell',
      subject: 'make',
      kind: 'command',
    });
    expect(callSummary({ tool: 'read_file', args: { path: 'README.md' } })).toEqual({
      tool: 'read_file',
      subject: 'README.md',
      kind: 'path',
    });
    expect(callSummary({ toolName: 'bash', toolArgs: '{"command":"ls -la"}' })).toMatchObject({
      subject: 'ls -la',
    });
    expect(callSummary({ hook_event_name: 'UserPromptSubmit', prompt: 'fix the tests please' })).toEqual({
      tool: null,
      subject: 'fix the tests please',
      kind: 'prompt',
    });
    expect(callSummary({ turn: 3 })).toEqual({ tool: null, subject: null, kind: null });
    expect(callSummary(bash('x'.repeat(1000))).subject).toHaveLength(240);
  });
});
