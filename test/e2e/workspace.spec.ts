// A workspace that is not there: adding it is refused saying why; Test fire will not
// fire into it; an agent's event from it fails naming the folder, not "/bin/echo: not found".
import { existsSync, readFileSync } from 'node:fs';
import { expect, historyRows, openHistory, test } from './fixtures.js';

test('adding a workspace that does not exist is refused, saying so beside the field', async ({
  page,
  panel,
}) => {
  const missing = panel.env.path('no-such-project');
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  await page.getByRole('textbox', { name: 'new workspace' }).fill(missing);
  await page.getByRole('button', { name: 'Add workspace' }).click();
  const workspaces = page.getByRole('group', { name: 'Workspaces' });
  await expect(workspaces.getByRole('alert')).toHaveText(`The workspace ${missing} does not exist`);
  await expect(workspaces.getByRole('textbox', { name: 'new workspace' })).toHaveValue(missing);
  await expect(workspaces.getByRole('listitem').filter({ hasText: missing })).toHaveCount(0);
  await panel.shot(page, 'settings-workspace-missing');
  // Nothing saved: no settings file yet, or one without it.
  const saved = panel.env.path('hp/settings.json');
  expect(existsSync(saved) && readFileSync(saved, 'utf8').includes('no-such-project')).toBe(false);
  await workspaces.getByRole('textbox', { name: 'new workspace' }).fill('projects/app');
  await page.getByRole('button', { name: 'Add workspace' }).click();
  await expect(workspaces.getByRole('alert')).toContainText('"projects/app" is not a full path');
});

test('Test fire into a workspace that does not exist says so instead of failing every hook', async ({
  page,
  panel,
}) => {
  const missing = panel.env.path('gone');
  await panel.goto(page);
  await page.getByRole('tab', { name: /Test fire/ }).click();
  await page.getByLabel('Agent', { exact: true }).selectOption('claude');
  await page.getByLabel('Event', { exact: true }).selectOption('Stop');
  await page.getByLabel('Workspace').fill(missing);
  await page.getByRole('button', { name: 'Fire', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    `the workspace ${missing} does not exist; hooks run in the workspace, so none could start`,
  );
  await expect(page.getByRole('heading', { name: 'Test fire' })).toBeVisible();
});

test("an agent's event from a folder that is gone: the rule run names the folder", async ({
  page,
  panel,
}) => {
  const gone = panel.env.path('ws/deleted');
  await panel.goto(page);
  await panel.emit('claude', 'Stop', { cwd: gone });
  await openHistory(page, 'Rule runs');
  await historyRows(page).first().click();
  const run = page.getByLabel('dispatch detail');
  await expect(run).toContainText(`/bin/sh: working directory ${gone} does not exist`);
  await expect(run).not.toContainText('not found');
});
