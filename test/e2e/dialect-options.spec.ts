// A dialect's options, declared in its manifest, are toggles in Settings that the host applies at once.
import { expect, test } from './fixtures.js';

test("Settings: a dialect's option (chrys project hooks) turns a dormant project file into one awaiting trust", async ({
  page,
  panel,
}) => {
  panel.env.write(
    'ws/.chrys/hooks/hooks.yaml',
    'hooks:\n  - id: lint\n    event: after_turn\n    run: { type: command, argv: [/bin/true] }\n',
  );
  await panel.goto(page);
  const project = page.getByRole('article', { name: /\.chrys\/hooks\/hooks\.yaml/ });
  await expect(project.locator('.badge').first()).toHaveText('dormant');
  await page.getByRole('tab', { name: /Settings/ }).click();
  const toggle = page.getByLabel(/Chrys: run project hooks/);
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await page.reload();
  await page.getByRole('heading', { name: 'Rules' }).waitFor();
  await expect(project.locator('.badge').first()).toHaveText('untrusted');
  await page.getByRole('tab', { name: /Settings/ }).click();
  await expect(page.getByLabel(/Chrys: run project hooks/)).toBeChecked();
  await page.getByLabel(/Chrys: run project hooks/).scrollIntoViewIfNeeded();
  await panel.shot(page, 'settings-dialect-options');
});
