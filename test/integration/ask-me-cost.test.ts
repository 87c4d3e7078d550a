// Ask me rows are a person's waiting time: History keeps them, Hook cost, latency budgets and rule
// statistics leave them out. On a real history database, with rows made as the host makes them.
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { DispatchRecord, EventRecord } from '../../shared/dispatch.js';
import { BudgetWatcher, type OverBudgetSignal } from '../../electron/host/history/budgets.js';
import { openHistoryDb } from '../../electron/host/history/schema.js';
import { HistoryStore } from '../../electron/host/history/store.js';
import { localDay } from '../../electron/host/history/cost-rows.js';
import { personRecord } from '../../electron/host/permissions/record.js';
import { ASK_ME_SOURCE } from '../../shared/ask-me-source.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { dispatchRecord, eventRecord, T0 } from '../helpers/history-records.js';

let env: TestEnv;
let store: HistoryStore | null = null;
afterEach(async () => {
  await store?.close();
  store = null;
  await env?.cleanup();
});

const at = (i: number) => new Date(T0 + i * 1000).toISOString();
const ON_PERMISSION = { dialect: 'claude', event: 'PermissionRequest', workspace: '/ws' } as const;

function permissionEvent(i: number, dispatchCount: number): EventRecord {
  return eventRecord({
    ...ON_PERMISSION,
    id: `e${i}`,
    time: at(i),
    payload: { tool_name: 'Bash', tool_input: { command: 'rm -rf build' } },
    durationMs: 20,
    dispatchCount,
  });
}

/** A hosted rule's run on the same event: this one is a hook's cost. */
function hookRun(i: number): DispatchRecord {
  return dispatchRecord({
    ...ON_PERMISSION,
    id: `h${i}`,
    eventId: `e${i}`,
    time: at(i),
    source: '/home/.claude/settings.json',
    rule: 'audit',
    handler: 'audit.sh',
    durationMs: 15,
  });
}

/** The person's answer as the host records it, after `waitedMs`. */
function personsAnswer(i: number, waitedMs: number, behavior: 'allow' | 'deny'): DispatchRecord {
  const started = Date.now() - waitedMs;
  const r = personRecord(
    {
      agent: 'claude',
      tool: 'Bash',
      subject: 'rm -rf build',
      justification: null,
      workspace: '/ws',
      sessionId: 's1',
      eventId: `e${i}`,
    },
    { behavior, reason: null, always: null },
    started,
  );
  return { ...r, id: `p${i}`, time: at(i) };
}

test('Ask me rows stay in History and are left out of cost, budgets and rule statistics', async () => {
  env = makeEnv();
  store = new HistoryStore({ dir: env.path('hp/history') });
  const signals: OverBudgetSignal[] = [];
  // A budget of 1 ms on every rule and event kind: anything counted as a hook's run goes over it.
  const budgets = {
    defaults: { tool: 1, turn: 1, other: 1 },
    rules: { [`${ASK_ME_SOURCE}#Ask me`]: 1, '/home/.claude/settings.json#audit': 1000 },
  };
  const watcher = new BudgetWatcher(
    store,
    () => budgets,
    (s) => signals.push(s),
    () => {},
  );
  for (let i = 0; i < 12; i++) {
    // The worst case for the cost tables: the answer in the same batch as its event (counted as
    // awaited), as an import of the history would hand it over; and alone, as the host records it.
    if (i % 2) await store.append([hookRun(i), permissionEvent(i, 1), personsAnswer(i, 45_000, 'allow')]);
    else {
      await store.append([hookRun(i), permissionEvent(i, 1)]);
      await store.append([personsAnswer(i, 90_000, 'deny')]);
    }
  }
  await watcher.idle;
  watcher.close();

  const { dispatches } = await store.query({}, 100);
  const asked = dispatches.filter((d) => d.source === ASK_ME_SOURCE);
  expect(asked).toHaveLength(12);
  expect(asked.every((d) => d.mode === 'held' && d.durationMs >= 45_000)).toBe(true);

  const day = localDay(T0);
  const cost = await store.cost({ since: day, until: day });
  expect(cost.rules.map((r) => r.rule)).toEqual(['audit']);
  expect(cost.rules[0]!.added.totalMs).toBe(12 * 15);
  const agent = cost.agents.find((a) => a.dialect === 'claude')!;
  expect(agent.runs).toBe(12);
  expect(agent.tool.totalMs + agent.turn.totalMs).toBeLessThan(12 * 100);
  expect(cost.daily[0]!.runs).toBe(12);
  expect(cost.events.every((e) => e.cost.totalMs <= 12 * 20)).toBe(true);

  expect(signals).toEqual([]);
  expect(await store.budgetFlags()).toEqual([]);
  expect((await store.ruleStats({})).rules.map((s) => s.rule)).toEqual(['audit']);
});

test('Ask me rows already in the cost tables (written before they were left out) are not counted', async () => {
  env = makeEnv();
  const dir = env.path('hp/history');
  store = new HistoryStore({ dir });
  await store.append([hookRun(1), permissionEvent(1, 1)]);
  await store.close();
  store = null;
  const db = openHistoryDb(join(dir, 'history.db'));
  try {
    // The row an earlier version wrote for a ten-minute wait, as its writer did.
    db.prepare(
      `INSERT INTO cost_daily (day, scope, dialect, event, source, name, awaited, bucket, n, failures, timeouts,
        total_ms) VALUES (?, 'rule', 'claude', 'PermissionRequest', ?, 'Ask me', 0, 300, 1, 0, 0, 600000)`,
    ).run(localDay(T0), ASK_ME_SOURCE);
  } finally {
    db.close();
  }
  store = new HistoryStore({ dir });
  const day = localDay(T0);
  const cost = await store.cost({ since: day, until: day });
  expect(cost.rules.map((r) => r.rule)).toEqual(['audit']);
  expect(cost.agents.find((a) => a.dialect === 'claude')!.runs).toBe(1);
});
