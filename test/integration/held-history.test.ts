// History tells the truth about a permission request a person answered: the event is recorded the
// moment it arrives (waiting), then settled by the answer (or by none) in the database, in what
// `hookpanel history --json` prints and in what an open panel is pushed; a host killed while the
// request waits leaves it in History, settled as unanswered by the next host.
import { storedCallSummary } from '../../shared/call-summary.js';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { EventRecord, HistoryRecord } from '../../shared/dispatch.js';
import type { WaitingRequest } from '../../shared/permissions.js';
import { HistoryStore, STALE_HELD } from '../../electron/host/history/store.js';
import { DB_FILE, openHistoryDb, SCHEMA_VERSION } from '../../electron/host/history/schema.js';
import { appendToSpool } from '../../electron/host/history/spool.js';
import { handleRequest } from '../../electron/host/panel/api.js';
import { HookHost } from '../../electron/host/service.js';
import { CLI, runCli, type CliResult } from '../helpers/cli.js';
import { FIXTURES, makeEnv, type TestEnv } from '../helpers/env.js';
import { startServe, type RunningHost } from '../helpers/serve.js';
import {
  emitPermission,
  startHoldingHost,
  stopHoldingHost,
  waitingRequests,
  type HoldingHost,
} from '../helpers/holding-host.js';

/** An event as the history reads it back: with what it was about, from its payload (shared/call-summary.ts). */
const read = (e: EventRecord): EventRecord => ({ ...e, call: storedCallSummary(e) });

let env: TestEnv;
let running: HoldingHost | null = null;
let serve: RunningHost | null = null;
afterEach(async () => {
  if (running) await stopHoldingHost(running);
  running = null;
  await serve?.stop('SIGKILL');
  serve = null;
  await env?.cleanup();
});

const REQUEST = {
  session_id: 'sess-held',
  hook_event_name: 'PermissionRequest',
  tool_name: 'Bash',
  tool_input: { command: 'rm -rf build', description: 'clean the build' },
  permission_mode: 'default',
};

async function startHost(e: TestEnv, waitSeconds?: number) {
  e.write('hp/settings.json', JSON.stringify({ askMe: { claude: { on: true, waitSeconds } } }));
  running = await startHoldingHost(e);
  return running;
}

/** The bridge as Claude Code runs it: `hookpanel emit`, a real process. */
function bridge(e: TestEnv): Promise<CliResult> {
  return emitPermission(e, { ...REQUEST, cwd: e.workspace });
}

async function waiting(host: HookHost): Promise<WaitingRequest> {
  return (await waitingRequests(host))[0]!;
}

/** The next 'record' the host tells of that matches. */
function told(host: HookHost, match: (r: HistoryRecord) => boolean): Promise<HistoryRecord> {
  return new Promise((resolve) => {
    const on = (r: HistoryRecord) => {
      if (!match(r)) return;
      host.off('record', on);
      resolve(r);
    };
    host.on('record', on);
  });
}

async function cliEvents(e: TestEnv, ...args: string[]): Promise<EventRecord[]> {
  const r = await runCli(['history', '--events', '--json', ...args], { env: e.processEnv, cwd: e.workspace });
  expect(r.code).toBe(0);
  return (JSON.parse(r.stdout) as { events: EventRecord[] }).events;
}

describe('the event of a held permission request', () => {
  test('Deny: waiting at once, then blocked with the reason, the Ask me run counted, everywhere', async () => {
    env = makeEnv();
    const { host, session, pushes } = await startHost(env);
    const firstTold = told(host, (r) => r.type === 'event');
    const answered = bridge(env);
    const held = await waiting(host);
    // In History from the moment it arrived, as waiting.
    const first = (await firstTold) as EventRecord;
    expect(first).toMatchObject({ id: held.eventId, held: 'waiting', dispatchCount: 0 });
    expect(await host.history.event(held.eventId)).toMatchObject({ held: 'waiting' });
    expect((await cliEvents(env)).find((e) => e.id === held.eventId)).toMatchObject({ held: 'waiting' });

    const settledTold = told(host, (r) => r.type === 'event' && r.held !== 'waiting');
    const res = await handleRequest(session.api, 'requests:answer', {
      id: held.id,
      behavior: 'deny',
      reason: 'not on a Friday',
    });
    expect(res).toMatchObject({ ok: true, result: { ok: true } });
    expect(JSON.parse((await answered).stdout).hookSpecificOutput.decision).toEqual({
      behavior: 'deny',
      message: 'not on a Friday',
    });
    const settled = (await settledTold) as EventRecord;
    await host.idle();
    const askMe = (await host.history.query({ rule: 'Ask me' }, 10)).dispatches;
    expect(askMe).toHaveLength(1);
    const expected = {
      id: held.eventId,
      held: 'answered',
      decision: 'block',
      reason: 'not on a Friday',
      dispatchCount: 1,
      durationMs: first.durationMs + askMe[0]!.durationMs,
    };
    // Live: the same event id pushed again, now final (the panel replaces its row).
    expect(settled).toMatchObject(expected);
    const pushedEvents = pushes.filter(([p, r]) => p === 'record' && (r as HistoryRecord).type === 'event');
    expect(pushedEvents.map(([, r]) => (r as EventRecord).held)).toEqual(['waiting', 'answered']);
    // The database, through the host's history API and through the CLI.
    expect(await host.history.event(held.eventId)).toMatchObject(expected);
    expect(await host.history.events(10)).toEqual([expect.objectContaining(expected)]);
    expect(await cliEvents(env)).toEqual([expect.objectContaining(expected)]);
    // The search index says what the row says: the reason finds it.
    expect(await host.history.events(10, { text: 'Friday' })).toHaveLength(1);
    // The text line says blocked.
    const line = await runCli(['history', '--events'], { env: env.processEnv, cwd: env.workspace });
    expect(line.stdout).toMatch(/PermissionRequest\s+block\s.*1 rule\(s\)\s+— not on a Friday/);
  });

  test('Allow: allowed, answered by the person', async () => {
    env = makeEnv();
    const { host, session } = await startHost(env);
    const answered = bridge(env);
    const held = await waiting(host);
    await handleRequest(session.api, 'requests:answer', { id: held.id, behavior: 'allow' });
    expect((await answered).code).toBe(0);
    await host.idle();
    expect(await host.history.event(held.eventId)).toMatchObject({
      held: 'answered',
      decision: 'allow',
      reason: null,
      dispatchCount: 1,
    });
  });

  test('no answer by the deadline: no decision (the agent decides), not "allowed"', async () => {
    env = makeEnv();
    const { host } = await startHost(env, 1);
    const settledTold = told(host, (r) => r.type === 'event' && r.held !== 'waiting');
    const r = await bridge(env);
    expect(r).toMatchObject({ code: 0, stdout: '' });
    await settledTold;
    await host.idle();
    const expected = { held: 'unanswered', reason: 'no answer: the agent decides', dispatchCount: 1 };
    expect(await host.history.events(10)).toEqual([expect.objectContaining(expected)]);
    expect(await cliEvents(env)).toEqual([expect.objectContaining(expected)]);
    const line = await runCli(['history', '--events'], { env: env.processEnv, cwd: env.workspace });
    expect(line.stdout).toContain('no decision');
    expect(line.stdout).not.toMatch(/PermissionRequest\s+allow/);
  });

  test('a host SIGKILLed while the request waits: the event stays, and the next host settles it', async () => {
    env = makeEnv();
    env.write('hp/settings.json', JSON.stringify({ askMe: { claude: { on: true } } }));
    const cli = (args: string[]) => runCli(args, { env: env.processEnv, cwd: env.workspace });
    serve = await startServe(env);
    const child = spawn(process.execPath, [CLI, 'emit', 'claude', 'PermissionRequest'], {
      env: env.processEnv,
      cwd: env.workspace,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stdin.end(JSON.stringify({ ...REQUEST, cwd: env.workspace }));
    let listed: { requests: WaitingRequest[] } = { requests: [] };
    // The request reaches serve in its own time: ask until it is listed.
    while (!listed.requests.length) listed = JSON.parse((await cli(['requests', '--json'])).stdout);
    const eventId = listed.requests[0]!.eventId;
    // The waiting record is written before the request is listed? Not necessarily: read until it is.
    const heldEvent = async () => (await cliEvents(env)).find((e) => e.id === eventId);
    while (!(await heldEvent()));
    expect(await heldEvent()).toMatchObject({ held: 'waiting' });
    const exited = once(child, 'close');
    await serve.stop('SIGKILL');
    // The bridge's connection closed: it gives no decision, so the agent decides.
    expect((await exited)[0]).toBe(0);
    expect(out).toBe('');
    // No host: the record is there, still as the dead host left it (the bridge, finding no host, ran
    // the event itself and recorded that run as an event of its own).
    expect(await heldEvent()).toMatchObject({ held: 'waiting' });
    serve = await startServe(env);
    // The new host settles it as it starts its history (in its own time): read until it has.
    while ((await heldEvent())?.held === 'waiting');
    expect(await heldEvent()).toMatchObject({ held: 'unanswered', reason: STALE_HELD, decision: 'allow' });
  });
});

describe('settling an event in the database', () => {
  const waitingEvent: EventRecord = {
    type: 'event',
    id: 'ev-1',
    time: new Date().toISOString(),
    dialect: 'claude',
    event: 'PermissionRequest',
    workspace: '/w',
    sessionId: 's',
    payloadDigest: 'x',
    payload: { tool_name: 'Bash' },
    payloadTruncated: false,
    decision: 'allow',
    reason: null,
    durationMs: 3,
    dispatchCount: 0,
    untrustedSkips: 0,
    held: 'waiting',
  };
  const person = {
    type: 'dispatch' as const,
    id: 'd-1',
    eventId: 'ev-1',
    time: waitingEvent.time,
    dialect: 'claude' as const,
    event: 'PermissionRequest',
    workspace: '/w',
    source: 'hookpanel:ask-me',
    rule: 'Ask me',
    ruleIndex: 0,
    handler: 'a person',
    mode: 'held',
    pid: null,
    durationMs: 500,
    exitCode: null,
    signal: null,
    timedOut: false,
    groupKilled: false,
    outcome: 'blocked' as const,
    skipReason: null,
    decision: 'block' as const,
    reason: 'nope then',
    stdoutTail: '',
    stderrTail: '',
  };
  const final: EventRecord = {
    ...waitingEvent,
    held: 'answered',
    decision: 'block',
    reason: 'nope then',
    durationMs: 503,
    dispatchCount: 1,
  };

  test('idempotent: a repeat, a replay of the waiting record and the spool import change nothing', async () => {
    env = makeEnv();
    const dir = env.hookpanelHome + '/history';
    const store = new HistoryStore({ dir });
    try {
      await store.append([waitingEvent]);
      expect(await store.settle(final, [person])).toBe(true);
      expect(await store.settle(final, [person])).toBe(false);
      expect(await store.settle({ ...final, decision: 'allow', held: 'unanswered' }, [person])).toBe(false);
      await store.append([waitingEvent]);
      appendToSpool(dir, [waitingEvent]);
      await store.importSpool();
      expect(await store.events(10)).toEqual([read(final)]);
      expect(await store.counts()).toEqual({ dispatches: 1, events: 1 });
      // The search text was replaced, not added to: the reason finds it, once.
      expect(await store.events(10, { text: 'nope' })).toEqual([read(final)]);
    } finally {
      await store.close();
    }
  });

  test('a database of schema 1 is upgraded in place: its rows kept, the waiting index added', async () => {
    env = makeEnv();
    const dir = env.hookpanelHome + '/history';
    // A file a Hookpanel of schema 1 wrote, frozen (test/fixtures/history/schema-1.db): a pw event with
    // its dispatch, and ev-1 waiting; no index of waiting events; user_version 1.
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(FIXTURES, 'history', 'schema-1.db'), join(dir, DB_FILE));
    const store = new HistoryStore({ dir });
    try {
      expect((await store.query({}, 5)).dispatches.map((d) => d.id)).toEqual(['d-old']);
      expect(await store.events(5, { text: 'schema one' })).toEqual([]);
      expect((await store.query({ text: 'schema one' }, 5)).dispatches.map((d) => d.id)).toEqual(['d-old']);
      expect(await store.settle(final, [person])).toBe(true);
      expect(await store.event('ev-1')).toEqual(read(final));
      expect(await store.counts()).toEqual({ dispatches: 2, events: 2 });
    } finally {
      await store.close();
    }
    const db = openHistoryDb(join(dir, DB_FILE), { readonly: true });
    try {
      expect(db.prepare('PRAGMA user_version').get()).toMatchObject({ user_version: SCHEMA_VERSION });
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'events_waiting'").get()).toBeTruthy();
    } finally {
      db.close();
    }
  });

  test('an event whose waiting record was lost is written whole', async () => {
    env = makeEnv();
    const store = new HistoryStore({ dir: env.hookpanelHome + '/history' });
    try {
      expect(await store.settle(final, [person])).toBe(true);
      expect(await store.event('ev-1')).toEqual(read(final));
      expect(await store.events(10, { text: 'nope' })).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});
