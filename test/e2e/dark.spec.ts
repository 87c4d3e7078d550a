// Every view in the dark theme too, for the README and a look at contrast.
import { expect, test } from './fixtures.js';

test.use({ colorScheme: 'dark' });

test('every view renders in the dark theme', async ({ page, panel }) => {
  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
  await panel.emit('claude', 'Stop', {});
  await panel.goto(page);
  await expect(page.getByRole('heading', { name: 'Rules' })).toBeVisible();
  await page
    .getByRole('button', { name: /^rule echo audit/ })
    .first()
    .click();
  await panel.shot(page, 'dark-rules');
  for (const [tab, name] of [
    ['Problems', 'problems'],
    ['History', 'history'],
    ['Test fire', 'test-fire'],
    ['Trust review', 'trust-review'],
    ['Settings', 'settings'],
  ] as const) {
    await page.getByRole('tab', { name: new RegExp(tab) }).click();
    await expect(page.getByRole('heading', { name: tab })).toBeVisible();
    if (name === 'history') await page.getByRole('row').first().click();
    await panel.shot(page, `dark-${name}`);
  }
});
