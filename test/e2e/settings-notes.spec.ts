// Settings says what desktop notifications in this browser do once, not "On: … On: …";
// Trust review's Revoke buttons are named by their file.
import { expect, test } from './fixtures.js';

test.describe('with notifications granted', () => {
  test.use({ showsNotifications: true, contextOptions: { permissions: ['notifications'] } });

  test('turning browser notifications back on says "On:" once', async ({ page, panel }) => {
    await panel.goto(page);
    const permission = await page.evaluate<string>('Notification.permission');
    test.skip(permission !== 'granted', `this Chromium's Notification.permission is "${permission}"`);
    await page.getByRole('tab', { name: /Settings/ }).click();
    const toggle = page.getByLabel('Desktop notifications in this browser');
    await toggle.uncheck();
    await toggle.check();
    const note = page.locator('#browser-notify-state');
    await expect(note).toContainText('On: the kinds switched on above');
    expect((await note.textContent())!.match(/On:/g)).toHaveLength(1);
  });
});

test('each Revoke button names its file', async ({ page, panel }) => {
  const file = panel.env.write(
    'ws/.agents/settings.json',
    JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] } }),
  );
  await panel.goto(page);
  await page.getByRole('tab', { name: /Trust review/ }).click();
  await page
    .getByRole('button', { name: /^Trust/ })
    .first()
    .click();
  await expect(page.getByRole('button', { name: `Revoke trust in ${file}` })).toBeVisible();
});
