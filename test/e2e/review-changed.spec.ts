// Trust review's smaller faults (docs/trust-review.md, "What changed, by meaning"): a changed command shows
// what changed, marked, not two identical lines; the "Trusted" note goes once the file changes again or
// after "Keep blocked". A pw project file: Hookpanel runs its hooks, so trusting it is what the card
// offers.
import { runCli } from '../helpers/cli.js';
import { axeViolations } from './axe.js';
import { expect, test } from './fixtures.js';

const settings = (command: string) =>
  JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command }] }] } }, null, 2);

test.use({ viewport: { width: 1024, height: 700 } });

test('a changed command shows was and now with the change marked; a stale Trusted note goes', async ({
  page,
  panel,
}) => {
  const path = panel.env.write('ws/.agents/settings.json', settings('./notify.sh --quiet done'));
  expect((await runCli(['trust', path], { env: panel.env.processEnv, cwd: panel.env.root })).code).toBe(0);
  panel.env.write('ws/.agents/settings.json', settings('./notify.sh --loud done'));
  await panel.goto(page);
  await page.getByRole('tab', { name: /Trust review/ }).click();
  const item = page.getByRole('article', { name: /review .*\.agents\/settings\.json/ });
  const card = item.getByRole('listitem').filter({ has: page.locator('.runs-diff') });
  const was = card.locator('.cmd-runs.before .runs-diff');
  const now = card.locator('.cmd-runs:not(.before) .runs-diff');
  await expect(was).toHaveText('./notify.sh --quiet done');
  await expect(now).toHaveText('./notify.sh --loud done');
  // Only the changed words are marked: removed on the old line, added on the new.
  await expect(was.locator('del')).toHaveText(['quiet']);
  await expect(now.locator('ins')).toHaveText(['loud']);
  await card.scrollIntoViewIfNeeded();
  for (const dark of [false, true]) {
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
    await panel.shot(page, `${dark ? 'dark-' : ''}trust-review-changed-command`);
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await item.getByRole('button', { name: 'Trust this version…' }).click();
  const confirm = item.getByRole('group', { name: 'confirm trust' });
  await confirm.getByRole('checkbox').check();
  await confirm.getByRole('button', { name: 'Trust and run it' }).click();
  const trusted = page.getByRole('status').filter({ hasText: /^Trusted / });
  await expect(trusted).toBeVisible();

  // Changed again: the file is back for review and the note no longer says it is trusted.
  panel.env.write('ws/.agents/settings.json', settings('./notify.sh --louder done'));
  await expect(item.getByRole('button', { name: 'Trust this version…' })).toBeVisible();
  await expect(trusted).toHaveCount(0);

  // Trusted, then another file kept blocked: the old note goes with that click.
  await item.getByRole('button', { name: 'Trust this version…' }).click();
  await confirm.getByRole('checkbox').check();
  await confirm.getByRole('button', { name: 'Trust and run it' }).click();
  await expect(trusted).toBeVisible();
  panel.env.write('ws/.agents/settings.local.json', settings('./other.sh'));
  const other = page.getByRole('article', { name: /review .*\.agents\/settings\.local\.json/ });
  await other.getByRole('button', { name: 'Keep blocked' }).click();
  await expect(trusted).toHaveCount(0);
});
