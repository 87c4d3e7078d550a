// Notifications: "Blocked by …" names the rule by what it does and opens the rule
// run that blocked; the count is what is unread and clears when read; the list closes on Escape or a
// click outside.
import { expect, test } from './fixtures.js';

test('"Blocked by …" opens the rule run that blocked, not the first of its event', async ({
  page,
  panel,
}) => {
  // The first rule allows and the second blocks: the event's first rule run is not the one to show.
  panel.env.write(
    'hp/hooks/claude.json',
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: '/bin/echo', args: ['looked, fine'] },
              { type: 'command', command: 'echo "no rm -rf here" >&2; exit 2' },
            ],
          },
        ],
      },
    }),
  );
  await panel.goto(page);
  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
  const bell = page.getByRole('button', { name: /^notifications/ });
  await expect(bell).toHaveAccessibleName('notifications, 1 new');
  await bell.click();
  const list = page.getByRole('dialog', { name: 'notifications' });
  const blocked = list.getByRole('button', { name: /Blocked by/ });
  await expect(blocked).toContainText('Blocked by echo "no rm -rf here" >&2; exit 2');
  await expect(blocked).toContainText('no rm -rf here · PreToolUse[0].hooks[1] in claude.json');
  await panel.shot(page, 'notifications');
  await blocked.click();
  await expect(list).toHaveCount(0);
  const run = page.getByLabel('dispatch detail');
  await expect(run.getByRole('heading', { level: 3 })).toContainText('blocked');
  await expect(run.getByLabel('stderr')).toHaveText('no rm -rf here\n');
  // Read: the count is gone, and stays gone after a reload.
  await expect(bell).toHaveAccessibleName('notifications');
  await expect(bell.locator('.count')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: /^notifications/ })).toHaveAccessibleName('notifications');
  // A new one counts again.
  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf ~' } });
  await expect(page.getByRole('button', { name: /^notifications/ })).toHaveAccessibleName(
    'notifications, 1 new',
  );
});

test('the list closes on Escape (focus back on its button) and on a click outside', async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  await panel.emit('claude', 'Stop', {});
  const bell = page.getByRole('button', { name: /^notifications/ });
  const list = page.getByRole('dialog', { name: 'notifications' });
  await bell.click();
  await expect(list).toBeVisible();
  await expect(list).toContainText('Claude Code finished a turn');
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(bell).toBeFocused();
  await bell.click();
  await expect(list).toBeVisible();
  await page.getByRole('heading', { name: 'Rules' }).click();
  await expect(list).toHaveCount(0);
  // A click inside, off its buttons, keeps it open.
  await bell.click();
  await list.click({ position: { x: 3, y: 3 } });
  await expect(list).toBeVisible();
});
