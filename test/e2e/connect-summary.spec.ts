// Every write to an agent's own settings file says what it does first, in plain
// words (which file, how many hooks it adds, that nothing else changes), with the exact diff behind
// "Show the change", and writes only once confirmed: Connect…, Disconnect…, and Ask me's update of a
// connection that lacks its PermissionRequest hook.
import { existsSync, readFileSync } from 'node:fs';
import { axeViolations } from './axe.js';
import { askMeSaved, expect, test } from './fixtures.js';

test('Connect… says what it changes first; the diff is behind "Show the change"', async ({ page, panel }) => {
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();

  // A file that is not there yet: connect creates it.
  const gemini = page.getByRole('listitem', { name: 'agent Gemini CLI' });
  await gemini.getByRole('button', { name: 'Connect…' }).click();
  const created = page.getByRole('dialog', { name: 'connect Gemini CLI' });
  await expect(created).toContainText('Creates ~/.gemini/settings.json:');
  await expect(created.getByRole('list', { name: 'what this changes' })).toContainText(
    'Adds 7 hooks that send events to Hookpanel (SessionStart, BeforeAgent, BeforeTool, AfterTool, AfterAgent, SessionEnd, Notification).',
  );
  await expect(created).toContainText('Nothing else is in the file.');
  await created.getByRole('button', { name: 'Cancel' }).click();
  expect(existsSync(panel.env.path('~/.gemini/settings.json'))).toBe(false);

  // A file with settings of its own: only the hooks are added.
  const claude = page.getByRole('listitem', { name: 'agent Claude Code' });
  const file = panel.env.path('~/.claude/settings.json');
  const before = readFileSync(file, 'utf8');
  await claude.getByRole('button', { name: 'Connect…' }).click();
  const dialog = page.getByRole('dialog', { name: 'connect Claude Code' });
  await expect(dialog).toContainText('Changes ~/.claude/settings.json:');
  const summary = dialog.getByRole('list', { name: 'what this changes' });
  await expect(summary).toContainText('Adds 8 hooks that send events to Hookpanel (SessionStart,');
  await expect(summary).toContainText('Nothing else in the file changes.');
  await expect(dialog).toContainText("A copy of the file as it is now is kept in Hookpanel's home first.");
  // No diff until asked for; then the exact change, without a patch header.
  const diff = dialog.getByLabel('the change to the settings file');
  await expect(diff).toHaveCount(0);
  await expect(dialog).not.toContainText('Index:');
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.scrollIntoViewIfNeeded();
  await panel.shot(page, 'connect-summary-1280');
  await page.setViewportSize({ width: 1024, height: 700 });
  await dialog.scrollIntoViewIfNeeded();
  await panel.shot(page, 'connect-summary-1024');
  expect(await axeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await panel.shot(page, 'connect-summary-dark-1024');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Show the change' }).click();
  await expect(diff).toContainText(' emit claude Stop');
  await expect(diff).not.toContainText('Index:');
  await expect(diff).toContainText('Lines 1–');
  await expect(dialog.getByRole('button', { name: 'Hide the change' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await dialog.scrollIntoViewIfNeeded();
  await panel.shot(page, 'connect-summary-diff-dark-1024');
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await panel.shot(page, 'connect-summary-diff-dark-1280');
  await page.emulateMedia({ colorScheme: 'light' });
  expect(readFileSync(file, 'utf8')).toBe(before);
  await dialog.getByRole('button', { name: 'Apply and connect' }).click();
  await expect(claude.getByText('connected', { exact: true })).toBeVisible();
  expect(JSON.parse(readFileSync(file, 'utf8')).hooks.Stop).toBeDefined();

  // Disconnect says what it takes out.
  await claude.getByRole('button', { name: 'Disconnect…' }).click();
  const off = page.getByRole('dialog', { name: 'disconnect Claude Code' });
  await expect(off.getByRole('list', { name: 'what this changes' })).toContainText(
    'Takes out the 8 hooks that send events to Hookpanel',
  );
  await off.getByRole('button', { name: 'Cancel' }).click();
});

test("Ask me's missing-hook update goes through the same summary, then confirm", async ({ page, panel }) => {
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  // Connected without Ask me: no PermissionRequest hook.
  const claude = page.getByRole('listitem', { name: 'agent Claude Code' });
  await claude.getByRole('button', { name: 'Connect…' }).click();
  await page
    .getByRole('dialog', { name: 'connect Claude Code' })
    .getByRole('button', { name: 'Apply and connect' })
    .click();
  await expect(claude.getByText('connected', { exact: true })).toBeVisible();
  const file = panel.env.path('~/.claude/settings.json');
  const connected = readFileSync(file, 'utf8');

  const section = page.getByRole('group', { name: 'Ask me: Claude Code' });
  await section.getByLabel(/Ask me: Claude Code's permission requests/).check();
  await askMeSaved(panel, 'claude');
  await section.getByRole('button', { name: "Update Claude Code's connection…" }).click();
  // Nothing written yet: what it would change, first.
  const dialog = section.getByRole('dialog', { name: 'connect Claude Code' });
  await expect(dialog).toContainText('Changes ~/.claude/settings.json:');
  const summary = dialog.getByRole('list', { name: 'what this changes' });
  await expect(summary).toContainText('Adds 1 hook that sends events to Hookpanel (PermissionRequest).');
  await expect(summary).toContainText('Keeps the 8 hooks already there.');
  await expect(summary).toContainText('Nothing else in the file changes.');
  expect(readFileSync(file, 'utf8')).toBe(connected);
  await dialog.getByRole('button', { name: 'Show the change' }).click();
  await expect(dialog.getByLabel('the change to the settings file')).toContainText('PermissionRequest');
  for (const [size, dark] of [
    [{ width: 1280, height: 800 }, false],
    [{ width: 1024, height: 700 }, true],
  ] as const) {
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
    await dialog.scrollIntoViewIfNeeded();
    await panel.shot(page, `ask-me-update-summary-${dark ? 'dark-' : ''}${size.width}`);
    expect(await axeViolations(page)).toEqual([]);
  }
  // Cancel writes nothing; the warning stays.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(readFileSync(file, 'utf8')).toBe(connected);
  await section.getByRole('button', { name: "Update Claude Code's connection…" }).click();
  await section.getByRole('button', { name: 'Apply and update' }).click();
  await expect(section.getByRole('status', { name: 'Ask me for Claude Code' })).toContainText(
    'Connected Claude Code',
  );
  expect(JSON.parse(readFileSync(file, 'utf8')).hooks.PermissionRequest[0].hooks[0]).toMatchObject({
    timeout: 600,
  });
});
