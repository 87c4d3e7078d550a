// History over the database: full-text search reaches payloads, the workspace filter, and the detail.
import { expect, historyRows, openHistory, test } from './fixtures.js';

test('History: search finds text in payloads and output; filter by workspace', async ({ page, panel }) => {
  await panel.goto(page);
  const other = panel.env.path('other-project');
  panel.env.write('other-project/README.md', 'another workspace\n');
  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls -la' } });
  await panel.emit('claude', 'PreToolUse', {
    tool_name: 'Bash',
    tool_input: { command: 'rm -rf node_modules' },
    cwd: other,
  });
  await panel.emit('claude', 'Stop', {});
  await openHistory(page, 'Rule runs');
  await expect(historyRows(page)).toHaveCount(5);

  // The payload's command matches both hooks of that event; "audit" is in the other event's output too.
  const search = page.getByRole('searchbox', { name: 'search text' });
  await search.fill('rm -rf node');
  await expect(historyRows(page)).toHaveCount(2);
  await search.fill('argument with spaces');
  await expect(historyRows(page)).toHaveCount(2);
  await search.fill('turn finished');
  await expect(historyRows(page)).toHaveCount(1);
  await expect(historyRows(page).first()).toContainText('Stop');
  await search.fill('');

  // Every workspace the history holds is offered, not only the configured ones.
  await expect(page.getByRole('combobox', { name: 'workspace' }).locator('option')).toHaveCount(3);
  await page.getByRole('combobox', { name: 'workspace' }).selectOption(panel.env.workspace);
  await expect(historyRows(page)).toHaveCount(3);
  await historyRows(page)
    .filter({ hasText: 'blocked' })
    .count()
    .then((n) => expect(n).toBe(0));
  await page.getByRole('combobox', { name: 'workspace' }).selectOption('');
  await page.getByRole('combobox', { name: 'outcome' }).selectOption('blocked');
  await expect(historyRows(page)).toHaveCount(1);
  await historyRows(page).first().click();
  const detail = page.getByLabel('dispatch detail');
  await expect(detail.getByLabel('payload')).toContainText('rm -rf node_modules');
  await expect(detail.getByLabel('stderr')).toHaveText('no rm -rf here\n');
  await panel.shot(page, 'history-search');
});

test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark' });
  test('History search in the dark theme', async ({ page, panel }) => {
    await panel.goto(page);
    await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /tmp/x' } });
    await page.getByRole('tab', { name: /History/ }).click();
    await page.getByRole('searchbox', { name: 'search text' }).fill('tmp x');
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('row').first().click();
    await panel.shot(page, 'history-search-dark');
  });
});
