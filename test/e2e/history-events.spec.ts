// History shows events as well as rule runs: an event no rule matched is
// listed with its decision; Test fire → Fire with no rules lands on it; an event leads to its rule runs
// and back; a truncated payload says so; replay answers under its button; the detail scrolls with the page.
import { expect, historyRows, openHistory, test } from './fixtures.js';

test('an event no rule matched is in History, with its decision and "no rule"', async ({ page, panel }) => {
  await panel.goto(page);
  await panel.emit('claude', 'SessionStart', { source: 'startup' });
  await panel.emit('claude', 'Stop', {});
  await openHistory(page, 'Events');
  await expect(historyRows(page)).toHaveCount(2);
  const start = historyRows(page).filter({ hasText: 'SessionStart' });
  await expect(start).toContainText('allowed');
  await expect(start).toContainText('no rule');
  await expect(historyRows(page).filter({ hasText: 'Stop' })).toContainText('1 rule');
  await start.click();
  const detail = page.getByLabel('event detail');
  await expect(detail).toContainText('No rule matched this event, so nothing ran.');
  await expect(detail.getByLabel('payload')).toContainText('"source": "startup"');
  await panel.shot(page, 'history-events');
  // Rule runs list only what ran.
  await page.getByRole('group', { name: 'show' }).getByRole('button', { name: 'Rule runs' }).click();
  await expect(historyRows(page)).toHaveCount(1);
  await expect(historyRows(page).first()).toContainText('echo turn finished');
});

test('Test fire → Fire with no rule for the event lands on the event, not on "Nothing has run yet"', async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  await page.getByRole('tab', { name: /Test fire/ }).click();
  await page.getByLabel('Agent', { exact: true }).selectOption('claude');
  await page.getByLabel('Event', { exact: true }).selectOption('SessionEnd');
  await page.getByRole('button', { name: 'Fire', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  const detail = page.getByLabel('event detail');
  await expect(detail.getByRole('heading', { name: /SessionEnd/ })).toContainText('allowed');
  await expect(detail).toContainText('No rule matched this event');
  await expect(page.getByText(/Nothing has run yet|No events yet/)).toHaveCount(0);
  await expect(historyRows(page).first()).toHaveAttribute('aria-selected', 'true');
});

test('an event leads to each rule it ran and back; the detail is part of the page, replay answers in place', async ({
  page,
  panel,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await panel.goto(page);
  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
  await openHistory(page, 'Events');
  await historyRows(page).first().click();
  const event = page.getByLabel('event detail');
  await expect(event).toContainText('2 rules matched');
  await event.getByRole('button', { name: /echo audit/ }).click();
  const run = page.getByLabel('dispatch detail');
  await expect(run.getByLabel('stdout')).toHaveText('audit argument with spaces\n');
  await run.getByRole('button', { name: /The event: PreToolUse, blocked, 2 rules ran/ }).click();
  await expect(page.getByLabel('event detail')).toBeVisible();

  // Replay: the result right under the button, and nothing of it clipped: the pane grows with the page.
  const replay = page.getByLabel('event detail').getByRole('group', { name: 'replay' });
  await replay.getByRole('button', { name: 'Replay as dry run' }).click();
  const result = replay.getByLabel('dry run result');
  await expect(result).toContainText('allow unless one of 2 hooks blocks');
  const pane = page.getByRole('complementary', { name: 'history detail' });
  const [paneBox, resultBox] = [await pane.boundingBox(), await result.boundingBox()];
  expect(resultBox!.y + resultBox!.height).toBeLessThanOrEqual(paneBox!.y + paneBox!.height);
  expect(await pane.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  await result.scrollIntoViewIfNeeded();
  await expect(result).toBeInViewport();
  await panel.shot(page, 'history-replay-1024');
});

test('a truncated payload is shown as text, marked truncated; its replay says why it cannot run, by its button', async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  await panel.emit('claude', 'Stop', { note: 'x'.repeat(20_000), tail: 'end' });
  await openHistory(page, 'Events');
  await historyRows(page).first().click();
  const detail = page.getByLabel('event detail');
  await expect(detail.getByRole('heading', { name: /Payload/ })).toContainText('truncated');
  // The recorded text as it is: not a JSON string with its quotes escaped.
  await expect(detail.getByLabel('payload')).toContainText('{"note":"xxxx');
  await expect(detail.getByLabel('payload')).not.toContainText('\\"note\\"');
  const replay = detail.getByRole('group', { name: 'replay' });
  await expect(replay.getByRole('button', { name: 'Replay as dry run' })).toBeDisabled();
  await expect(replay).toContainText('the payload was truncated when it was recorded');
  await panel.shot(page, 'history-truncated');
});

test('each view opens at its top: the scroll position does not carry over', async ({ page, panel }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await panel.goto(page);
  const view = page.getByRole('tabpanel');
  // Scrolled down once the rules are there to scroll.
  await expect(page.getByRole('button', { name: /^rule echo audit/ }).first()).toBeVisible();
  await view.evaluate((el) => el.scrollTo({ top: 2000 }));
  expect(await view.evaluate((el) => el.scrollTop)).toBeGreaterThan(300);
  await page.getByRole('tab', { name: /Problems/ }).click();
  await expect(page.getByRole('heading', { name: 'Problems' })).toBeVisible();
  expect(await view.evaluate((el) => el.scrollTop)).toBe(0);
  await view.evaluate((el) => el.scrollTo({ top: 2000 }));
  await page.getByRole('tab', { name: /Settings/ }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  expect(await view.evaluate((el) => el.scrollTop)).toBe(0);
});
