// History by session (docs/engine.md, "History"): sessions listed with agent, workspace, start, length, events
// and blocks; a session's timeline with each event's tool call, the hooks that ran and their answers,
// and where the turn ended; filterable; reached from an event's detail and from a notification.
import { axeViolations } from './axe.js';
import { expect, historyRows, openHistory, test } from './fixtures.js';

test('sessions list, a session timeline filtered, and the way there from an event and a notification', async ({
  page,
  panel,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await panel.goto(page);
  const a = { session_id: 'sess-A' };
  await panel.emit('claude', 'UserPromptSubmit', { ...a, prompt: 'tidy the repo' });
  await panel.emit('claude', 'PreToolUse', {
    ...a,
    tool_name: 'Bash',
    tool_input: { command: 'rm -rf build' },
  });
  await panel.emit('claude', 'PreToolUse', {
    ...a,
    tool_name: 'Bash',
    tool_input: { command: 'git status' },
  });
  await panel.emit('claude', 'Stop', a);
  await panel.emit('claude', 'Stop', { session_id: 'sess-B' });

  await page.getByRole('tab', { name: /History/ }).click();
  await page.getByRole('group', { name: 'show' }).getByRole('button', { name: 'Sessions' }).click();
  const sessions = page.getByRole('table', { name: 'sessions' });
  await expect(historyRows(page)).toHaveCount(2);
  const rowA = historyRows(page).filter({ hasText: 'session sess-A' });
  await expect(rowA).toContainText('Claude Code');
  await expect(rowA.getByRole('cell').nth(3)).toHaveText('4');
  await expect(rowA.getByRole('cell').nth(4)).toHaveText('1');
  await panel.shot(page, 'history-sessions-1024');
  expect(await axeViolations(page)).toEqual([]);

  await rowA.click();
  await expect(sessions).toHaveCount(0);
  const timeline = page.getByRole('list', { name: 'events of this session' });
  const entries = timeline.locator('.tl-entry');
  await expect(entries).toHaveCount(4);
  await expect(page.getByLabel('session summary')).toContainText('4 events · 1 block');
  // In order: the prompt, the blocked command with the hook that blocked it, the next command, the turn's end.
  await expect(entries.nth(0)).toContainText('tidy the repo');
  await expect(entries.nth(1)).toContainText('rm -rf build');
  await expect(entries.nth(1)).toContainText('blocked');
  await expect(entries.nth(1).getByRole('list', { name: 'what ran' })).toContainText('no rm -rf here');
  await expect(entries.nth(2)).toContainText('git status');
  await expect(entries.nth(3).getByRole('separator', { name: 'turn ended' })).toBeVisible();
  await panel.shot(page, 'history-session-timeline-1024');
  await page.emulateMedia({ colorScheme: 'dark' });
  await panel.shot(page, 'history-session-timeline-dark-1024');
  expect(await axeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByLabel('show in this session').selectOption({ label: 'Blocked' });
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('rm -rf build');
  await page.getByLabel('show in this session').selectOption({ label: 'Every event' });
  await page.getByLabel('search this session').fill('git');
  await expect(entries).toHaveCount(1);
  await expect(entries.first().locator('mark')).toHaveText('git');

  // From an event's detail.
  await openHistory(page, 'Events');
  await historyRows(page).filter({ hasText: 'git status' }).click();
  await page.getByLabel('event detail').getByRole('button', { name: 'Show its timeline' }).click();
  await expect(
    page.getByRole('group', { name: 'show' }).getByRole('button', { name: 'Sessions' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(entries).toHaveCount(4);

  // From the notification of the block: the rule run, then its session's timeline.
  await page.getByRole('button', { name: /^notifications/ }).click();
  await page
    .getByRole('dialog', { name: 'notifications' })
    .getByRole('button', { name: /Blocked by/ })
    .click();
  const run = page.getByLabel('dispatch detail');
  await run.getByRole('button', { name: "Its session's timeline" }).click();
  await expect(entries).toHaveCount(4);
  await expect(timeline.locator('.tl-entry.selected')).toContainText('rm -rf build');
});
