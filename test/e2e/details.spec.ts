// The smaller things a new user hit: Test fire remembers its choices; menus name
// agents; no Open or Reveal where they cannot work; numbers are checked before they are saved; the badge
// digit is centred; paths are cut in the middle; the base URL field is wide; no unexplained jargon.
import { existsSync, readFileSync } from 'node:fs';
import { DIALECT_MANIFESTS } from '../../shared/dialects.js';
import { expect, test } from './fixtures.js';

test('Test fire remembers its agent, event and payload across views and reloads', async ({ page, panel }) => {
  await panel.goto(page);
  await page.getByRole('tab', { name: /Test fire/ }).click();
  await page.getByLabel('Agent', { exact: true }).selectOption('chrys');
  await page.getByLabel('Event', { exact: true }).selectOption('after_turn');
  await page.getByRole('textbox', { name: 'payload' }).fill('{ "edited": true }');
  await page.getByRole('tab', { name: /Rules/ }).click();
  await page.getByRole('tab', { name: /Test fire/ }).click();
  await expect(page.getByLabel('Agent', { exact: true })).toHaveValue('chrys');
  await expect(page.getByLabel('Event', { exact: true })).toHaveValue('after_turn');
  await expect(page.getByRole('textbox', { name: 'payload' })).toHaveValue('{ "edited": true }');
  await page.getByRole('button', { name: 'Back to the sample' }).click();
  await expect(page.getByRole('textbox', { name: 'payload' })).not.toHaveValue('{ "edited": true }');
  await page.reload();
  await page.getByRole('tab', { name: /Test fire/ }).click();
  await expect(page.getByLabel('Agent', { exact: true })).toHaveValue('chrys');
  await expect(page.getByLabel('Event', { exact: true })).toHaveValue('after_turn');
});

test('menus and headings name agents as people call them, never by their ids', async ({ page, panel }) => {
  await panel.goto(page);
  const labels = DIALECT_MANIFESTS.map((m) => m.label);
  const ids = new Set<string>(DIALECT_MANIFESTS.map((m) => m.id));
  await expect(page.getByRole('combobox', { name: 'agent' }).locator('option')).toHaveText([
    'All agents',
    ...labels,
  ]);
  // Once the files are loaded (one heading per agent with files).
  await expect(page.getByRole('heading', { level: 2, name: 'Claude Code' })).toBeVisible();
  const headings = await page.getByRole('heading', { level: 2 }).allInnerTexts();
  expect(headings.length).toBeGreaterThan(2);
  for (const h of headings) {
    expect(labels).toContain(h);
    expect(ids.has(h)).toBe(false);
  }
  await page.getByRole('tab', { name: /Test fire/ }).click();
  await expect(page.getByLabel('Agent', { exact: true }).locator('option')).toHaveText(labels);
  await page.getByRole('tab', { name: /History/ }).click();
  await expect(page.getByRole('combobox', { name: 'agent' }).locator('option')).toHaveText([
    'All agents',
    ...labels,
  ]);
});

test('in a browser, files are copied rather than opened: no Open or Reveal that cannot work', async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  await expect(page.getByRole('button', { name: 'Open', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reveal', exact: true })).toHaveCount(0);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const card = page.getByRole('article', { name: /claude\.json/ });
  await card.getByRole('button', { name: 'Copy path' }).click();
  await expect(card.getByRole('status')).toHaveText('Path copied');
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(panel.env.path('hp/hooks/claude.json'));
});

test('a retention of -5 is refused, saying why; a good value is saved', async ({ page, panel }) => {
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  const size = page.getByLabel('history size limit (MiB)');
  const before = await size.inputValue();
  await size.fill('-5');
  await size.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    `“-5” is not a whole number of MiB from 1 to 1048576; ${before} MiB is kept.`,
  );
  await expect(size).toHaveAttribute('aria-invalid', 'true');
  await panel.shot(page, 'settings-retention-invalid');
  // Nothing saved: no settings file yet, or one without a size limit.
  const saved = panel.env.path('hp/settings.json');
  expect(existsSync(saved) && readFileSync(saved, 'utf8').includes('"maxBytes"')).toBe(false);
  await size.fill('50');
  await size.blur();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' }).first()).toBeVisible();
  expect(JSON.parse(readFileSync(panel.env.path('hp/settings.json'), 'utf8')).history.maxBytes).toBe(
    50 * 1048576,
  );
  const days = page.getByLabel('history age limit (days)');
  await days.fill('2.5');
  await days.blur();
  await expect(page.getByRole('alert')).toContainText('“2.5” is not a whole number of days');
});

test('the sidebar badge digit is centred; paths are cut in the middle with the whole path on hover', async ({
  page,
  panel,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await panel.goto(page);
  const badge = page.getByRole('tab', { name: /Problems/ }).locator('.count');
  const offset = await badge.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(el.firstChild!);
    const text = range.getBoundingClientRect();
    return {
      x: Math.abs(text.left + text.width / 2 - (box.left + box.width / 2)),
      y: Math.abs(text.top + text.height / 2 - (box.top + box.height / 2)),
    };
  });
  expect(offset.x).toBeLessThan(1.5);
  expect(offset.y).toBeLessThan(1.5);

  // The workspace in the sidebar: longer than its room, so cut; its last folder stays, all on hover.
  const ws = page.getByRole('navigation', { name: 'views' }).locator('.path-text');
  await expect(ws).toHaveAttribute('title', panel.env.workspace);
  const tail = ws.locator('.path-tail');
  await expect(tail).toContainText('/ws');
  expect(
    await tail.evaluate(
      (el) => el.getBoundingClientRect().right <= el.parentElement!.getBoundingClientRect().right + 0.5,
    ),
  ).toBe(true);
  // A hook file shows the folder it is in and its name.
  const file = page
    .getByRole('article', { name: /\.claude\/settings\.json/ })
    .locator('.path-text')
    .first();
  await expect(file).toHaveAttribute('title', panel.env.path('~/.claude/settings.json'));
  await expect(file).toContainText('~/.claude/settings.json');
  await panel.shot(page, 'rules-1024x700');
});

test('the base URL field is wide enough for a URL', async ({ page, panel }) => {
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  const url = page.getByLabel('model base URL');
  expect((await url.boundingBox())!.width).toBeGreaterThan(380);
});

test('plain words where jargon was: failure policy, who runs a file, may block, problem codes', async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  // Rules: "inspected" and "hosted" are said as who runs the file.
  const list = page.getByRole('region', { name: 'hook files and rules' });
  // Once the files are drawn (a count of 0 before that would prove nothing).
  await expect(list.getByRole('article', { name: /hooks\/claude\.json$/ })).toBeVisible();
  await expect(list.getByText(/^inspected$|^hosted$/)).toHaveCount(0);
  await expect(list.getByText('in Hookpanel', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: /^rule grep -q "rm -rf"/ }).click();
  const detail = page.getByRole('complementary', { name: 'rule detail' });
  await expect(detail).toContainText('If the hook fails, the action goes ahead (fail-open)');
  await expect(detail).toContainText('Who runs it');
  // Problems: the message in words; the code only on hover.
  await page.getByRole('tab', { name: /Problems/ }).click();
  await expect(page.getByText('unknown_key', { exact: true })).toHaveCount(0);
  await expect(page.getByText('event_refused', { exact: true })).toHaveCount(0);
  await expect(page.locator('.diag .badge').first()).toHaveAttribute('title', /\(event_refused\)/);
  // Test fire: "may block", with what it means on hover.
  await page.getByRole('tab', { name: /Test fire/ }).click();
  await page.getByLabel('Agent', { exact: true }).selectOption('claude');
  await page.getByLabel('Event', { exact: true }).selectOption('PreToolUse');
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByText('can decide')).toHaveCount(0);
  await expect(page.getByText('may block').first()).toHaveAttribute('title', /can block/);
  // Settings: no "dialect" anywhere a person reads.
  await page.getByRole('tab', { name: /Settings/ }).click();
  expect((await page.getByRole('tabpanel').innerText()).toLowerCase()).not.toContain('dialect');
});
