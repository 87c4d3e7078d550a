// Issue 15, first slice: Ask me switched on in Settings; a held permission request shows as the
// "Waiting for you" card above every view; Deny with a reason and Allow answer the waiting bridge.
import { expect, test } from './fixtures.js';

test('Ask me: the "Waiting for you" card answers Claude Code\'s permission request', async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  const toggle = page.getByLabel(/Ask me: Claude Code's permission requests/);
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(toggle).toBeChecked();
  await expect(page.getByText('Gemini CLI has no permission-request event')).toBeVisible();
  await page.getByRole('tab', { name: /Rules/ }).click();

  const request = {
    session_id: 's',
    tool_name: 'Bash',
    tool_input: { command: 'git push --force origin main', description: 'push' },
    cwd: panel.env.workspace,
  };
  const denied = panel.emit('claude', 'PermissionRequest', request);
  const card = page.getByRole('article', { name: 'Claude Code asks to use Bash' });
  await expect(card).toContainText('git push --force origin main');
  await expect(page.getByRole('region', { name: 'Waiting for you' })).toBeVisible();
  await card.getByLabel(/Reason/).fill('not on main, please');
  await panel.shot(page, 'ask-me-waiting');
  await card.getByRole('button', { name: 'Deny' }).click();
  const d = await denied;
  expect(d.code).toBe(0);
  expect(JSON.parse(d.stdout).hookSpecificOutput.decision).toEqual({
    behavior: 'deny',
    message: 'not on main, please',
  });
  await expect(card).toHaveCount(0);

  const allowed = panel.emit('claude', 'PermissionRequest', request);
  await page
    .getByRole('article', { name: 'Claude Code asks to use Bash' })
    .getByRole('button', { name: 'Allow' })
    .click();
  expect(JSON.parse((await allowed).stdout).hookSpecificOutput.decision).toEqual({ behavior: 'allow' });
  await expect(page.getByRole('region', { name: 'Waiting for you' })).toHaveCount(0);
});
