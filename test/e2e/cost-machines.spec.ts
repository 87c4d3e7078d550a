// Hook cost once agents on other machines report (docs/remote.md): each machine's figures in a table,
// this computer's too, and a filter by machine that keeps one machine's; axe finds nothing serious in
// either state, in light and dark. The other machines' records are written to the panel's history as a
// host writes what arrives through a machine's socket (their `machine`): the ssh connection itself is
// machines.spec.ts's.
import type { Page } from '@playwright/test';
import type { HistoryRecord } from '../../shared/dispatch.js';
import { HistoryStore } from '../../electron/host/history/store.js';
import { dispatchRecord, eventRecord } from '../helpers/history-records.js';
import { axeViolations } from './axe.js';
import { expect, test, type Panel } from './fixtures.js';

/** Ten Bash calls from a machine, each rule run taking `ms`, the third one failing. */
function calls(machine: string, ms: number): HistoryRecord[][] {
  return Array.from({ length: 10 }, (_, i) => {
    const time = new Date(Date.now() - 60_000 + i * 1000).toISOString();
    const ids = { id: `${machine}-d${i}`, eventId: `${machine}-e${i}` };
    return [
      dispatchRecord({
        ...ids,
        time,
        dialect: 'claude',
        event: 'PreToolUse',
        source: '/home/me/.config/hookpanel/hooks/claude.json',
        rule: 'PreToolUse[0].hooks[0]',
        handler: 'check-command',
        durationMs: ms + i,
        outcome: i === 2 ? 'failed' : 'ok',
        exitCode: i === 2 ? 1 : 0,
        machine,
      }),
      eventRecord({
        id: ids.eventId,
        time,
        dialect: 'claude',
        event: 'PreToolUse',
        sessionId: `s-${machine}`,
        payload: { tool_name: 'Bash', tool_input: { command: `npm test ${i}` } },
        durationMs: ms + i + 1,
        machine,
      }),
    ];
  });
}

async function twoMachines(page: Page, panel: Panel, suffix: string): Promise<void> {
  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
  const store = new HistoryStore({ dir: panel.env.path('hp/history') });
  try {
    for (const batch of [...calls('me@devbox', 40), ...calls('ci@buildbox', 3000)]) await store.append(batch);
  } finally {
    await store.close();
  }
  await page.setViewportSize({ width: 1400, height: 900 });
  await panel.goto(page);
  await page.getByRole('tab', { name: /Hook cost/ }).click();

  const machines = page.getByRole('table', { name: 'cost per machine' });
  const row = (name: string) => machines.getByRole('row').filter({ hasText: name });
  // The costliest first (ci@buildbox's hooks take about 3 s); this computer's own hooks' time depends on
  // the machine's load.
  await expect(machines.getByRole('row')).toHaveCount(4);
  await expect(machines.getByRole('row').nth(1)).toContainText('ci@buildbox');
  for (const name of ['me@devbox', 'This computer']) await expect(row(name)).toBeVisible();
  await expect(row('ci@buildbox').getByRole('cell').nth(5)).toHaveText('10');
  await expect(row('ci@buildbox').getByRole('cell').nth(6)).toHaveText('1');
  await expect(row('This computer').getByRole('cell').nth(5)).toHaveText('2');
  expect(await axeViolations(page, { include: 'section.cost' })).toEqual([]);
  await panel.shot(page, `cost-machines${suffix}`);

  // One machine: its figures alone, everywhere in the view.
  const filter = page.getByRole('combobox', { name: 'machine' });
  await expect(filter.getByRole('option')).toHaveText([
    'All machines',
    'This computer',
    'ci@buildbox',
    'me@devbox',
  ]);
  await filter.selectOption('me@devbox');
  await expect(machines).toBeHidden();
  const agents = page.getByRole('table', { name: 'cost per agent' });
  await expect(
    agents.getByRole('row').filter({ hasText: 'Claude Code' }).getByRole('cell').nth(5),
  ).toHaveText('10');
  const rules = page.getByRole('table', { name: 'cost per rule' });
  await expect(rules.getByRole('row')).toHaveCount(2);
  expect(await axeViolations(page, { include: 'section.cost' })).toEqual([]);
  await panel.shot(page, `cost-machine-filtered${suffix}`);

  await filter.selectOption('This computer');
  await expect(
    agents.getByRole('row').filter({ hasText: 'Claude Code' }).getByRole('cell').nth(5),
  ).toHaveText('2');
}

test("Hook cost with two machines: each machine's figures, and a filter by machine", async ({
  page,
  panel,
}) => {
  await twoMachines(page, panel, '');
});

test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark' });
  test('Hook cost with two machines in the dark theme', async ({ page, panel }) => {
    await twoMachines(page, panel, '-dark');
  });
});
