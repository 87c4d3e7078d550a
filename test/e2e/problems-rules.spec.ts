// Problems and Rules lead to each other: a rejected file says so (not "No rules"),
// with the way to its problems; a problem leads to its rule or its file; counts read "1 error".
import { rmSync } from 'node:fs';
import { expect, test } from './fixtures.js';

const REJECTED = `hooks:
  - id: one
    event: after_turn
    run: { type: command, argv: [/bin/true] }
  - id: two
    event: after_turn
    run: { type: command, argv: [/bin/true] }
    colour: blue
`;

test('a rejected file says why nothing runs and leads to its problem; the problem names no file that is not there', async ({
  page,
  panel,
}) => {
  const path = panel.env.write('~/.chrys/hooks/hooks.yaml', REJECTED);
  await panel.goto(page);
  const card = page.getByRole('article', { name: `source ${path}` });
  await expect(card.locator('.badge').first()).toHaveText('invalid');
  await expect(card).toContainText('Hookpanel rejected this file, so none of its hooks are loaded or run');
  await expect(card).not.toContainText('No rules in this file');
  await panel.shot(page, 'rules-rejected');
  await card.getByRole('button', { name: 'Show 1 error in Problems' }).click();
  await expect(page.getByRole('heading', { name: 'Problems' })).toBeVisible();
  const problems = page.getByRole('article', { name: `problems in ${path}` });
  await expect(problems).toBeInViewport();
  await expect(problems).toContainText('colour');
  // There is no project chrys file: the notice does not send the reader to one.
  await expect(problems).toContainText('there is no project file to fall back on');
  await expect(problems).not.toContainText('the project file is still used');
});

test('a problem leads to its rule in Rules, and the file to its place there', async ({ page, panel }) => {
  await panel.goto(page);
  await page.getByRole('tab', { name: /Problems/ }).click();
  const chrys = page.getByRole('article', { name: /problems in .*home\/\.chrys\/hooks\/hooks\.yaml/ });
  const problem = chrys.getByRole('listitem').filter({ hasText: 'after_turn carries no tool' });
  await problem.getByRole('button', { name: 'Show the rule' }).click();
  await expect(page.getByRole('heading', { name: 'Rules' })).toBeVisible();
  const detail = page.getByRole('complementary', { name: 'rule detail' });
  await expect(detail.getByRole('heading', { name: 'turn-filter' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'rule turn-filter' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'rule turn-filter' })).toBeInViewport();

  await page.getByRole('tab', { name: /Problems/ }).click();
  const pw = page.getByRole('article', { name: /problems in .*\.claude\/settings\.json/ });
  await pw.getByRole('button', { name: 'Show in Rules' }).click();
  await expect(page.getByRole('article', { name: /source .*\.claude\/settings\.json/ })).toBeInViewport();
});

test('Problems counts read in words ("1 error"), and Validate now says what it found', async ({
  page,
  panel,
}) => {
  // Only one problem file: a pw file with one error.
  for (const f of [
    '~/.arya/polish/hooks.json',
    '~/.config/io/io.toml',
    '~/.chrys/hooks/hooks.yaml',
    '~/.claude/settings.json',
  ])
    rmSync(panel.env.path(f));
  panel.env.write(
    '~/.config/pw/code.json',
    '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command" }] }] } }',
  );
  await panel.goto(page);
  await page.getByRole('tab', { name: /Problems/ }).click();
  await expect(page.getByText(/^1 error · \d+ warnings? · \d+ notes?/)).toBeVisible();
  await expect(page.getByRole('tab', { name: /Problems/ })).toContainText('1');
  await expect(page.getByRole('tab', { name: /Problems/ }).locator('.count')).toHaveAttribute(
    'title',
    '1 error in hook files',
  );
  await page.getByRole('button', { name: 'Validate now' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /^Checked \d+ files? at .*: 1 error · / }),
  ).toBeVisible();
  await panel.shot(page, 'problems-validated');
});
