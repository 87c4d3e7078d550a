// A permission request a person answers in the card: its event in the open History view says "waiting
// for you" while it waits and "blocked" once they deny it, with their reason and the Ask me run counted,
// without a reload.
import { askMeSaved, expect, historyRows, openHistory, test } from './fixtures.js';

test('Deny in the card: the Events row in the open History view turns from waiting to blocked', async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  await page.getByLabel(/Ask me: Claude Code's permission requests/).check();
  await askMeSaved(panel, 'claude');
  await openHistory(page, 'Events');

  const denied = panel.emit('claude', 'PermissionRequest', {
    session_id: 's',
    tool_name: 'Bash',
    tool_input: { command: 'git push --force origin main', description: 'push' },
    cwd: panel.env.workspace,
  });
  const row = historyRows(page).filter({ hasText: 'PermissionRequest' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('waiting for you');
  await expect(row).toContainText('no rule');
  await panel.shot(page, 'held-history-waiting');

  const card = page.getByRole('article', { name: 'Claude Code asks to use Bash' });
  await card.getByLabel(/Reason/).fill('not on main, please');
  await card.getByRole('button', { name: 'Deny' }).click();
  expect((await denied).code).toBe(0);
  // The same row, replaced: one row, now blocked, the Ask me run counted.
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('blocked');
  await expect(row).toContainText('1 rule');
  // The answered card leaves the top of the view, moving the list up: a click during that move is lost.
  await expect(card).toHaveCount(0);
  await row.click();
  await expect(page.getByLabel('event detail')).toContainText('blocked: not on main, please');
  // The person's run is named as theirs, not as a hook in a file (title and detail are two spans).
  await expect(page.getByLabel('event detail')).toContainText('Ask meyour answer');
  await expect(page.getByLabel('event detail')).not.toContainText('hookpanel:ask-me');
  await panel.shot(page, 'held-history-denied');
});
