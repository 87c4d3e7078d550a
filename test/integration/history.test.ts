import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { DispatchRecord } from '../../shared/dispatch.js';
import { HistoryStore, readLinesBackwards } from '../../electron/host/history/store.js';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { startServe, type RunningHost } from '../helpers/serve.js';
import { waitFor } from '../helpers/host.js';

let env: TestEnv;
let serve: RunningHost | null = null;
afterEach(async () => {
  await serve?.stop();
  serve = null;
  env?.cleanup();
});

function record(i: number, over: Partial<DispatchRecord> = {}): DispatchRecord {
  return {
    type: 'dispatch',
    id: `d${i}`,
    eventId: `e${i}`,
    time: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    dialect: 'pw',
    event: 'Stop',
    workspace: null,
    source: '/s',
    rule: `rule-${i % 3}`,
    ruleIndex: 0,
    handler: 'true',
    mode: 'blocking',
    pid: 1,
    durationMs: 1,
    exitCode: 0,
    signal: null,
    timedOut: false,
    groupKilled: false,
    outcome: 'ok',
    skipReason: null,
    decision: null,
    reason: null,
    stdoutTail: '',
    stderrTail: '',
    ...over,
  };
}

describe('history', () => {
  test('concurrent writers (host and in-process fallbacks) lose nothing', async () => {
    env = makeEnv();
    env.write(
      '~/.config/pw/code.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ command: 'true' }] }] } }),
    );
    const fallbacks = Array.from({ length: 8 }, () =>
      runCli(['emit', 'pw', 'Stop'], { env: env.processEnv, cwd: env.workspace, input: '{}' }),
    );
    await Promise.all(fallbacks);
    serve = await startServe(env);
    await Promise.all([
      ...Array.from({ length: 8 }, () =>
        runCli(['emit', 'pw', 'Stop'], { env: env.processEnv, cwd: env.workspace, input: '{}' }),
      ),
    ]);
    // The host writes history off the answer's path: give its last write a moment to land.
    const read = () =>
      readFileSync(join(env.hookpanelHome, 'history', 'current.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
    const parsed = await waitFor(read, (rs) => rs.length >= 32, 5000);
    expect(parsed.filter((r) => r.type === 'event')).toHaveLength(16);
    expect(parsed.filter((r) => r.type === 'dispatch')).toHaveLength(16);
  });

  test('rotation is bounded: files past maxFiles are deleted, queries read across files newest first', async () => {
    env = makeEnv();
    const store = new HistoryStore({ dir: env.path('h'), maxFileBytes: 2000, maxFiles: 2 });
    for (let i = 0; i < 40; i++) {
      await store.append([record(i)]);
      (store as unknown as { checkedAt: number }).checkedAt = 0;
      await new Promise((r) => setTimeout(r, 2));
    }
    const files = readdirSync(env.path('h')).filter((f) => f.endsWith('.jsonl'));
    expect(files.length).toBeLessThanOrEqual(3);
    const { dispatches } = await store.query({}, 5);
    expect(dispatches.map((d) => d.id)).toEqual(['d39', 'd38', 'd37', 'd36', 'd35']);
  });

  test('filters: dialect, event, rule, outcome, time, text; a torn last line is skipped', async () => {
    env = makeEnv();
    const store = new HistoryStore({ dir: env.path('hp/history'), maxFileBytes: 1e9, maxFiles: 5 });
    await store.append([
      record(1),
      record(2, { outcome: 'failed', reason: 'exit 3: disk full' }),
      record(3, { dialect: 'io', event: 'turn_end' }),
    ]);
    const { appendFileSync } = await import('node:fs');
    appendFileSync(store.currentPath, '{"type":"dispatch","id":"torn');
    expect((await store.query({ outcome: 'failed' }, 10)).dispatches.map((d) => d.id)).toEqual(['d2']);
    expect((await store.query({ dialect: 'io' }, 10)).dispatches.map((d) => d.id)).toEqual(['d3']);
    expect((await store.query({ text: 'disk full' }, 10)).dispatches.map((d) => d.id)).toEqual(['d2']);
    expect(
      (await store.query({ since: Date.UTC(2026, 0, 1, 0, 0, 2) }, 10)).dispatches.map((d) => d.id),
    ).toEqual(['d3', 'd2']);
    const r = await runCli(['history', '--rule', 'rule-1', '--json'], { env: env.processEnv });
    expect(JSON.parse(r.stdout).dispatches.map((d: DispatchRecord) => d.id)).toEqual(['d1']);
    const human = await runCli(['history', '--outcome', 'failed'], { env: env.processEnv });
    expect(human.stdout).toContain('exit 3: disk full');
    const bad = await runCli(['history', '--since', 'yesterday-ish'], { env: env.processEnv });
    expect(bad.code).toBe(2);
  });

  test('reading backwards: chunk edges inside multi-byte text and inside long lines, a torn last line, no final newline', async () => {
    env = makeEnv();
    const lines = [
      '{"a":"first"}',
      `{"b":"${'é'.repeat(40)}"}`,
      `{"c":"${'x'.repeat(300)}"}`,
      '{"d":"ünïcødé ✓"}',
      '',
      '{"e":"last"}',
    ];
    const path = env.write('lines.jsonl', lines.join('\n'));
    for (const chunk of [7, 16, 64, 1 << 20]) {
      const got: string[] = [];
      for await (const batch of readLinesBackwards(path, chunk)) got.push(...batch);
      expect(got, `chunk ${chunk}`).toEqual(lines.filter(Boolean).reverse());
    }
  });

  test('a limited query looks for its event summaries only a bounded way back', async () => {
    env = makeEnv();
    const store = new HistoryStore({ dir: env.path('hp/history'), maxFileBytes: 1e9, maxFiles: 3 });
    const summary = (id: string, time: string) => ({
      type: 'event' as const,
      id,
      time,
      dialect: 'pw' as const,
      event: 'Stop',
      workspace: null,
      sessionId: null,
      payloadDigest: 'x',
      payload: {},
      payloadTruncated: false,
      decision: 'allow' as const,
      reason: null,
      durationMs: 1,
      dispatchCount: 1,
      untrustedSkips: 0,
    });
    // Oldest to newest: a near summary's dispatch, a far summary, 25,000 dispatches whose summaries were
    // never written (crashes), then two late background dispatches (written after their summaries).
    await store.append([summary('far', record(0).time)]);
    await store.append(Array.from({ length: 25_000 }, (_, i) => record(i + 1, { rule: 'other' })));
    await store.append([
      summary('near', record(0).time),
      record(25_001, { eventId: 'far', rule: 'mine' }),
      record(25_002, { eventId: 'near', rule: 'mine' }),
    ]);
    const { dispatches, events } = await store.query({ rule: 'mine' }, 2);
    expect(dispatches.map((d) => d.eventId)).toEqual(['near', 'far']);
    // "near" is found just behind; "far" is 25,000 lines back, past the look-behind, so it is not read.
    expect([...events.keys()]).toEqual(['near']);
    // Without a limit to stop at, the scan goes on and finds it.
    expect([...(await store.query({ rule: 'mine' }, 1000)).events.keys()].sort()).toEqual(['far', 'near']);
  });
});
