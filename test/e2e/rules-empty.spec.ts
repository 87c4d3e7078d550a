// Rules with nothing to list says why in words: an agent with no hook file says it has no hooks and
// names the files they would go in, not "Nothing matches" when nothing was searched; a search that
// finds nothing says so, naming the search.
import { expect, test } from './fixtures.js';

test('an agent with no hook file: no hooks, and where they would go; a search with no hit names the search', async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  await expect(page.getByRole('heading', { name: 'Rules' })).toBeVisible();
  await page.getByRole('combobox', { name: 'agent' }).selectOption({ label: 'Factory Droid' });
  const empty = page.getByRole('status').filter({ hasText: 'No hooks for Factory Droid' });
  await expect(empty).toBeVisible();
  await expect(empty).toContainText('Factory Droid has no hook file, here or in this workspace.');
  await expect(empty).toContainText('Your own hooks for it would go in:~/.factory/settings.json');
  await expect(empty).toContainText("This workspace's, in:.factory/settings.json");
  await expect(empty).toContainText('Rules Hookpanel runs for it, in:');
  await expect(empty).toContainText('hooks/droid.json');
  await expect(page.getByText('Nothing matches')).toHaveCount(0);
  await panel.shot(page, 'rules-no-hooks');

  await page.getByRole('combobox', { name: 'agent' }).selectOption({ label: 'All agents' });
  await page.getByRole('searchbox', { name: 'search rules' }).fill('zzz-nowhere');
  await expect(page.getByRole('status').filter({ hasText: 'Nothing matches “zzz-nowhere”' })).toBeVisible();
  await expect(page.getByText('Clear the search or pick another agent.')).toBeVisible();
});

test('an agent whose only file has no hooks: the file is shown, saying it has none; nothing says "Nothing matches"', async ({
  page,
  panel,
}) => {
  const path = panel.env.write('~/.factory/settings.json', JSON.stringify({ customModels: [] }, null, 2));
  await panel.goto(page);
  await page.getByRole('combobox', { name: 'agent' }).selectOption({ label: 'Factory Droid' });
  const card = page.getByRole('article', { name: `source ${path}` });
  await expect(card).toContainText('No rules in this file.');
  await expect(page.getByText('Nothing matches')).toHaveCount(0);
  await expect(page.getByText('No hooks for Factory Droid')).toHaveCount(0);
  await panel.shot(page, 'rules-droid-settings-only');
});
