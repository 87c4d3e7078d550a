// Connect (README.md, "Connect an agent (the bridge)"): the diff first; then the panel waits for the
// agent's next event, says live when it comes, and what to do when it does not; a double click writes once.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';

test('Connect: first-run notice, the diff, then waiting for the first event, then live; disconnect undoes it', async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  await expect(page.getByText('Claude Code is on this machine but not connected')).toBeVisible();
  await page.getByRole('button', { name: 'Connect…' }).first().click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  const claude = page.getByRole('listitem', { name: 'agent Claude Code' });
  await expect(claude.getByText('not connected', { exact: true })).toBeVisible();
  await claude.getByRole('button', { name: 'Connect…' }).click();
  const dialog = page.getByRole('dialog', { name: 'connect Claude Code' });
  await dialog.getByRole('button', { name: 'Show the change' }).click();
  await expect(dialog.getByLabel('the change to the settings file')).toContainText(' emit claude Stop');
  await panel.shot(page, 'connect');
  // A double click applies once: one backup of the settings file, and no error.
  await dialog.getByRole('button', { name: 'Apply and connect' }).dblclick();
  await expect(claude.getByText('connected', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(readdirSync(join(panel.env.hookpanelHome, 'backups'))).toHaveLength(1);
  await expect(claude.getByText('waiting for its first event')).toBeVisible();
  await expect(claude).toContainText('start a new Claude Code session');
  // Elsewhere in the panel too.
  await page.getByRole('tab', { name: /Rules/ }).click();
  await expect(
    page.getByRole('status').filter({ hasText: "Waiting for Claude Code's first event" }),
  ).toBeVisible();
  await page.getByRole('tab', { name: /Settings/ }).click();
  await panel.emit('claude', 'Stop', {});
  await expect(claude.getByText(/live · last event/)).toBeVisible();
  await expect(claude.getByText('waiting for its first event')).toHaveCount(0);
  await claude.getByRole('button', { name: 'Disconnect…' }).click();
  await page
    .getByRole('dialog', { name: 'disconnect Claude Code' })
    .getByRole('button', { name: 'Apply and disconnect' })
    .click();
  await expect(claude.getByRole('button', { name: 'Connect…' })).toBeVisible();
  await expect(claude.getByText('not connected by Hookpanel')).toBeVisible();
  // Events still arrive (sent by hand): never "live" beside "not connected".
  await panel.emit('claude', 'Stop', {});
  await expect(claude.getByText(/its last event arrived .* ago/)).toBeVisible();
  await expect(claude.getByText(/live/)).toHaveCount(0);
});

test('Connect: when no event has come since connecting, the panel says so and what to do', async ({
  page,
  panel,
}) => {
  await page.clock.install();
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  const claude = page.getByRole('listitem', { name: 'agent Claude Code' });
  // An event before connecting does not count as the agent's.
  await panel.emit('claude', 'Stop', {});
  await claude.getByRole('button', { name: 'Connect…' }).click();
  await page
    .getByRole('dialog', { name: 'connect Claude Code' })
    .getByRole('button', { name: 'Apply and connect' })
    .click();
  await expect(claude.getByText('waiting for its first event')).toBeVisible();
  // Five minutes pass in the page, and the agent stays silent.
  await page.clock.fastForward('05:00');
  // Every view says so, not only Settings.
  await page.getByRole('tab', { name: /Rules/ }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Claude Code has not sent an event since you connected it 5 min ago' }),
  ).toBeVisible();
  await panel.shot(page, 'connect-not-arriving-notice');
  await page.getByRole('button', { name: 'What to do…' }).click();
  const help = claude.getByRole('alert');
  await expect(help).toContainText('Claude Code has not sent an event since you connected it 5 min ago.');
  await expect(help).toContainText('Start a new Claude Code session');
  // The bridge command as written in the settings file, to try by hand.
  await expect(help.locator('code.chip')).toHaveText(/^echo '\{\}' \| .*emit claude Stop$/);
  await expect(claude.getByText(/no event since 5 min/)).toBeVisible();
  await panel.shot(page, 'connect-not-arriving');
  // Test fire in the agent's name is not the agent: still not arriving.
  await page.getByRole('tab', { name: /Test fire/ }).click();
  await page.getByLabel('Agent', { exact: true }).selectOption('claude');
  await page.getByLabel('Event', { exact: true }).selectOption('Stop');
  await page.getByRole('button', { name: 'Fire', exact: true }).click();
  await expect(page.getByLabel('event detail')).toBeVisible();
  await page.getByRole('tab', { name: /Settings/ }).click();
  await expect(claude.getByText(/no event since/)).toBeVisible();
  // Its next event arrives: live, and the help is gone.
  await panel.emit('claude', 'Stop', {});
  await expect(claude.getByText(/live · last event/)).toBeVisible();
  await expect(claude.getByRole('alert')).toHaveCount(0);
});
