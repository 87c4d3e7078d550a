// Electron-only checks: the window gets the typed bridge and nothing of Node.
import { expect, test } from './fixtures.js';

test('the desktop window has the named bridge methods and no Node or generic invoke', async ({
  page,
  panel,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'electron', 'Electron only');
  await panel.goto(page);
  await expect(page.getByRole('heading', { name: 'Rules' })).toBeVisible();
  expect(await page.evaluate(() => typeof (globalThis as unknown as { require?: unknown }).require)).toBe(
    'undefined',
  );
  const methods = await page.evaluate(() =>
    Object.keys((globalThis as unknown as { hookpanelBridge: object }).hookpanelBridge),
  );
  expect(methods).toContain('sourcesList');
  expect(methods).toContain('onRecord');
  expect(methods).not.toContain('invoke');
});
