// The workspace picked in the sidebar is still picked after a reload.
import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures.js';

test('the sidebar workspace choice survives a reload', async ({ page, panel }) => {
  const other = panel.env.path('other-project');
  mkdirSync(other, { recursive: true });
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  await page.getByRole('textbox', { name: 'new workspace' }).fill(other);
  await page.getByRole('button', { name: 'Add workspace' }).click();
  // The choice is made once the new workspace is saved (a pick made before it can be overwritten by it).
  await expect(page.getByRole('status').filter({ hasText: `Added ${other}.` })).toBeVisible();
  const picker = page.getByLabel('Workspace', { exact: true });
  await picker.selectOption(other);
  await expect(picker).toHaveValue(other);
  await page.reload();
  await expect(page.getByLabel('Workspace', { exact: true })).toHaveValue(other);
});
