// Problems and Hook cost do not undersell breakage: a hook under an event the agent
// does not have is an error that says so; a missing comma is shown on the line where it belongs; a rule
// failing every run is marked in Rules and Hook cost; a day of data reads as bars; a rule's detail says
// what it can block from its dialect's own event table. Light and dark, 1024×700, axe.
import type { Page } from '@playwright/test';
import { rmSync } from 'node:fs';
import { axeViolations } from './axe.js';
import { expect, test } from './fixtures.js';

async function bothThemes(page: Page, shot: (name: string) => Promise<void>, name: string) {
  for (const dark of [false, true]) {
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
    await shot(`${dark ? 'dark-' : ''}${name}`);
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.use({ viewport: { width: 1024, height: 700 } });

test('Problems: a misspelled event is an error that says the hook never runs; a missing comma shows the line before', async ({
  page,
  panel,
}) => {
  for (const f of ['~/.arya/polish/hooks.json', '~/.config/io/io.toml', '~/.chrys/hooks/hooks.yaml'])
    rmSync(panel.env.path(f));
  const claude = panel.env.write(
    '~/.claude/settings.json',
    JSON.stringify(
      { hooks: { SesionStart: [{ hooks: [{ type: 'command', command: 'echo hello' }] }] } },
      null,
      2,
    ),
  );
  const notify = '  { "type": "command", "command": "./notify.sh" }';
  const pw = panel.env.write(
    '~/.config/pw/code.json',
    [
      '{ "hooks": { "Stop": [ { "hooks": [',
      notify,
      '  { "type": "command", "command": "./log.sh" }',
      '] } ] } }',
    ].join('\n'),
  );
  await panel.goto(page);
  await page.getByRole('tab', { name: /Problems/ }).click();

  const typo = page.getByRole('article', { name: `problems in ${claude}` }).getByRole('listitem');
  await expect(typo.locator('.badge').first()).toHaveText('error');
  await expect(typo).toContainText(
    'Claude Code has no event SesionStart, so this hook never runs; did you mean SessionStart?',
  );
  await expect(typo).not.toContainText('that Hookpanel knows');

  const comma = page.getByRole('article', { name: `problems in ${pw}` }).getByRole('listitem');
  await expect(comma.locator('.pos')).toHaveText(`2:${notify.length + 1}`);
  await expect(comma).toContainText('a comma is missing at the end of line 2, before the "{" on line 3');
  const excerpt = comma.locator('pre.excerpt');
  await expect(excerpt).toContainText('2 |   { "type": "command", "command": "./notify.sh" }');
  await expect(excerpt).toContainText('^ a comma belongs here');
  await expect(excerpt).toContainText('3 |   { "type": "command", "command": "./log.sh" }');
  await page.getByRole('article', { name: `problems in ${claude}` }).scrollIntoViewIfNeeded();
  await bothThemes(page, (n) => panel.shot(page, n), 'problems-breakage');
});

test('a rule that fails every run is marked in Rules and Hook cost; one day of data is bars; SessionStart cannot block', async ({
  page,
  panel,
}) => {
  panel.env.write(
    'hp/hooks/claude.json',
    JSON.stringify({
      hooks: {
        Stop: [{ hooks: [{ type: 'command', command: 'echo "lint config missing" >&2; exit 3' }] }],
        SessionStart: [{ hooks: [{ type: 'command', command: 'echo started' }] }],
      },
    }),
  );
  for (let i = 0; i < 10; i++) await panel.emit('claude', 'Stop', { session_id: `s-${i}` });
  await panel.goto(page);

  const failing = page.getByRole('button', { name: /^rule echo "lint config missing"/ });
  await expect(failing.locator('.badge')).toHaveText('fails every run');
  await failing.click();
  const detail = page.getByRole('complementary', { name: 'rule detail' });
  await expect(detail.getByRole('status').filter({ hasText: 'fails every run' })).toContainText(
    'It failed all 10 of its runs in the last 7 days (failures and timeouts).',
  );
  await expect(detail).toContainText('The agent waits for it; its answer can block the action');
  await bothThemes(page, (n) => panel.shot(page, n), 'rules-failing');

  await page.getByRole('button', { name: /^rule echo started/ }).click();
  await expect(detail).toContainText(
    'The agent waits for it; on SessionStart its answer cannot block anything',
  );
  await expect(detail).not.toContainText('can block the action');

  await page.getByRole('tab', { name: /Hook cost/ }).click();
  const note = page.getByRole('status', { name: 'rules that keep failing' });
  await expect(note).toContainText('1 rule fails most of its runs:');
  await expect(note).toContainText('It failed all 10 of its runs in the last 7 days');
  const row = page
    .getByRole('table', { name: 'cost per rule' })
    .getByRole('row')
    .filter({ hasText: 'lint config missing' });
  await expect(row).toContainText('fails every run');
  // The turn chart has one day of data: bars, not a lone dot; the range is still days.
  const turn = page.locator('.chart', {
    has: page.getByRole('img', { name: 'p50 and p95 per turn, per day' }),
  });
  await expect(turn).toHaveAttribute('data-chart', 'bar');
  await bothThemes(page, (n) => panel.shot(page, n), 'cost-failing');
});

test('Rules at 1024×700 has one scroll bar: the view scrolls, the page does not', async ({ page, panel }) => {
  await panel.goto(page);
  await page
    .getByRole('button', { name: /^rule echo audit/ })
    .first()
    .click();
  const over = (selector: string) =>
    page.locator(selector).evaluate((el) => el.scrollHeight - el.clientHeight);
  // The rules are taller than the window: the view scrolls, and nothing else does.
  expect(await over('main')).toBeGreaterThan(0);
  expect(await over('html')).toBeLessThanOrEqual(0);
  expect(await over('body')).toBeLessThanOrEqual(0);
});
