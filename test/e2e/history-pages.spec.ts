// A long history comes a page at a time: the newest page first, then each older one when asked, none
// twice and none missed, down to the first record. The records are written to the panel's history as
// a host writes them (HistoryStore), 1,100 events of one rule run each: more than two pages (History.tsx's
// LIMIT). Its time and failures per rule say how many runs they count.
import type { HistoryRecord } from '../../shared/dispatch.js';
import { HistoryStore } from '../../electron/host/history/store.js';
import { RULE_STATS_RUNS } from '../../electron/host/history/rule-stats.js';
import { makeHistory } from '../bench/history-data.js';
import { dispatchRecord, eventRecord } from '../helpers/history-records.js';
import { expect, historyRows, openHistory, test } from './fixtures.js';

const COUNT = 1100;
const PAGE = 500;

/** Bash calls one second apart, the newest a minute ago: `echo 0` the oldest. */
function calls(): HistoryRecord[] {
  const newest = Date.now() - 60_000;
  return Array.from({ length: COUNT }, (_, i) => {
    const time = new Date(newest - (COUNT - 1 - i) * 1000).toISOString();
    return [
      dispatchRecord({
        id: `d${i}`,
        eventId: `e${i}`,
        time,
        dialect: 'claude',
        event: 'PreToolUse',
        rule: 'PreToolUse[0].hooks[0]',
        handler: 'check-command',
      }),
      eventRecord({
        id: `e${i}`,
        time,
        dialect: 'claude',
        event: 'PreToolUse',
        payload: { tool_name: 'Bash', tool_input: { command: `echo ${i}` } },
      }),
    ];
  }).flat();
}

test('rule runs and events come a page at a time, each older page when asked, none twice', async ({
  page,
  panel,
}) => {
  const store = new HistoryStore({ dir: panel.env.path('hp/history') });
  try {
    await store.append(calls());
  } finally {
    await store.close();
  }
  await page.setViewportSize({ width: 1400, height: 900 });
  await panel.goto(page);
  for (const [show, noun] of [
    ['Rule runs', 'rule runs'],
    ['Events', 'events'],
  ] as const) {
    await openHistory(page, show);
    const list = page.getByRole('table', { name: noun });
    const older = page.getByRole('button', { name: `Load older ${noun}` });
    // The table counts its rows, the header's included, though only those in view are drawn.
    const rows = async () => Number(await list.getAttribute('aria-rowcount')) - 1;
    await expect(list).toHaveAttribute('aria-rowcount', String(PAGE + 1));
    await expect(historyRows(page).first()).toContainText(`echo ${COUNT - 1}`);
    // Each older page starts at the oldest record's millisecond, so one record comes twice and is
    // shown once: every click adds rows until all are shown, and then there is no more to ask for.
    for (let shown = PAGE; shown < COUNT; shown = await rows()) {
      await older.click();
      await expect.poll(rows).toBeGreaterThan(shown);
    }
    expect(await rows()).toBe(COUNT);
    await expect(older).toBeHidden();
    await expect(historyRows(page).first()).toContainText(`echo ${COUNT - 1}`);
    // The last row, scrolled to, is the first record.
    await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(historyRows(page).last()).toContainText('echo 0');
  }
});

test('time and failures per rule say how many runs they count, and when older ones are left out', async ({
  page,
  panel,
}) => {
  // One run more than the figures count (history/rule-stats.ts), made in SQLite as the benchmarks make
  // theirs: 50 rules, a failure every 997 runs, over the last day.
  makeHistory(panel.env.path('hp/history'), RULE_STATS_RUNS + 1, { spanMs: 86_400_000 });
  await page.setViewportSize({ width: 1400, height: 900 });
  await panel.goto(page);
  await openHistory(page, 'Rule runs');
  await page.getByText('Time and failures per rule').click();
  const stats = page.locator('.stats');
  await expect(stats).toContainText(
    `${RULE_STATS_RUNS.toLocaleString()} rule runs counted, the newest that match, since`,
  );
  await expect(stats).toContainText('older ones are left out');
  await expect(stats.locator('tbody tr')).toHaveCount(50);
  await expect(stats.locator('summary')).toHaveText('Time and failures per rule (50 rules)');
  await stats.locator('summary').scrollIntoViewIfNeeded();
  await panel.shot(page, 'history-rule-stats');
  // Every failure is within the window's reach when the list shows failures only.
  await page.getByRole('combobox', { name: 'outcome' }).selectOption('failed');
  await expect(stats).toContainText('21 rule runs counted, every one that matches.');
});

test("a session's timeline says when it started and how many events it had, however old it is", async ({
  page,
  panel,
}) => {
  // About 10,000 sessions of two events each (history-data.ts): record 4,001's session (io's "s4001", its
  // other event record 14,001) is older than the newest 5,000 sessions.
  makeHistory(panel.env.path('hp/history'), 20_001, { spanMs: 86_400_000 });
  await page.setViewportSize({ width: 1400, height: 900 });
  await panel.goto(page);
  await openHistory(page, 'Events');
  await page.getByRole('searchbox', { name: 'search text' }).fill('src/4001');
  await expect(historyRows(page)).toHaveCount(1);
  await historyRows(page).first().click();
  await page.getByRole('button', { name: 'Show its timeline' }).click();
  await expect(page.getByLabel('session summary')).toHaveText(
    /^Started .* · lasted .* · 2 events · 0 blocks · session s4001$/,
  );
  await panel.shot(page, 'session-timeline-old');
});
