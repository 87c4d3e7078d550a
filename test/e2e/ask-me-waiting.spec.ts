// A waiting permission request cannot be missed. Its count is in the sidebar, the
// window title, the bell and the tab's icon, and a bar stays at the top of every view while it waits;
// Trust review's risk flags on the command make no answer the obvious one and say why; the reason box
// comes before Deny and Enter sends it; focus goes to the next request, or back where it was; Write and
// Edit show the file and what would be written.
import type { Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { askMeSaved, expect, test, type Panel } from './fixtures.js';

async function askMeOn(page: Page, panel: Panel): Promise<void> {
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  const toggle = page.getByLabel(/Ask me: Claude Code's permission requests/);
  await toggle.check();
  await expect(toggle).toBeChecked();
  await askMeSaved(panel, 'claude');
  await page.getByRole('tab', { name: /Rules/ }).click();
}

/** The agent's bridge, waiting for the answer (until the test's own deadline: fixtures.ts). */
const ask = (panel: Panel, tool: string, input: Record<string, unknown>) =>
  panel.emit('claude', 'PermissionRequest', {
    session_id: 's',
    tool_name: tool,
    tool_input: input,
    cwd: panel.env.workspace,
  });

const decision = async (answered: ReturnType<typeof ask>) =>
  JSON.parse((await answered).stdout).hookSpecificOutput.decision;

/** Each new state is looked at in these windows, light and dark. */
const LOOKS = [
  [{ width: 1280, height: 800 }, false],
  [{ width: 1024, height: 700 }, false],
  [{ width: 1024, height: 700 }, true],
  [{ width: 1280, height: 800 }, true],
] as const;

test('a waiting request is counted in the sidebar, title, bell and icon, with a bar in every view', async ({
  page,
  panel,
}) => {
  // Four looks with axe and eight screenshots, as a11y.spec's are: longer than one flow. Beside the
  // Node 24 pass on two loaded cores it passed 120 s.
  test.setTimeout(300_000);
  await askMeOn(page, panel);
  await expect(page).toHaveTitle('Hookpanel');
  await expect(page.getByRole('button', { name: /^Waiting for you/ })).toHaveCount(0);
  const first = ask(panel, 'Bash', { command: 'npm test' });
  await expect(page).toHaveTitle('(1) A request waits · Hookpanel');
  const second = ask(panel, 'Bash', { command: 'npm run lint' });
  const nav = page
    .getByRole('navigation', { name: 'views' })
    .getByRole('button', { name: /^Waiting for you/ });
  await expect(nav).toContainText('2');
  await expect(nav).toHaveAccessibleName(/2 requests wait for your answer/);
  await expect(page).toHaveTitle('(2) 2 requests wait · Hookpanel');
  await expect(page.getByRole('button', { name: /^notifications/ })).toHaveAccessibleName(
    'notifications, 2 waiting for your answer',
  );
  const icon = page.locator('link[rel="icon"]');
  await expect(icon).toHaveAttribute('data-waiting', '2');
  await expect(icon).toHaveAttribute('href', /^data:image\/svg\+xml,.*%3E2%3C%2Ftext%3E/);

  // Settings scrolled to its end: the bar is still in sight, and leads to the oldest request.
  await page.getByRole('tab', { name: /Settings/ }).click();
  await page.locator('main').evaluate((m) => m.scrollTo({ top: m.scrollHeight }));
  const bar = page.getByRole('status', { name: 'requests waiting for you' });
  await expect(bar).toBeInViewport();
  await expect(bar).toContainText('2 requests wait for your answer');
  await expect(bar).toContainText('Claude Code asks to use Bash: npm test');
  for (const [size, dark] of LOOKS) {
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
    await page.locator('main').evaluate((m) => m.scrollTo({ top: m.scrollHeight }));
    await expect(bar).toBeInViewport();
    await panel.shot(page, `waiting-bar-settings-${dark ? 'dark-' : ''}${size.width}`);
    if (size.width === 1024) expect(await axeViolations(page)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await bar.getByRole('button', { name: 'Answer the oldest' }).click();
  const oldest = page.getByRole('article', { name: 'Claude Code asks to use Bash' }).first();
  await expect(oldest).toBeFocused();
  await expect(oldest).toContainText('npm test');

  // The bell's list leads there too.
  await page.getByRole('button', { name: /^notifications/ }).click();
  for (const [size, dark] of LOOKS) {
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
    await panel.shot(page, `waiting-bell-${dark ? 'dark-' : ''}${size.width}`);
    if (size.width === 1024) expect(await axeViolations(page)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page
    .getByRole('dialog', { name: 'notifications' })
    .getByRole('button', { name: /2 requests wait for your answer/ })
    .click();
  await expect(oldest).toBeFocused();

  await oldest.getByRole('button', { name: 'Allow', exact: true }).click();
  expect(await decision(first)).toEqual({ behavior: 'allow' });
  await expect(page).toHaveTitle('(1) A request waits · Hookpanel');
  await expect(nav).toHaveAccessibleName(/1 request waits for your answer/);
  await page
    .getByRole('article', { name: 'Claude Code asks to use Bash' })
    .getByRole('button', { name: 'Deny' })
    .click();
  expect(await decision(second)).toMatchObject({ behavior: 'deny' });
  await expect(page).toHaveTitle('Hookpanel');
  await expect(nav).toHaveCount(0);
  await expect(bar).toHaveCount(0);
  await expect(icon).toHaveAttribute('data-waiting', '0');
});

test('a flagged command makes no answer primary and says why; a plain one keeps Allow primary', async ({
  page,
  panel,
}) => {
  await askMeOn(page, panel);
  const plain = ask(panel, 'Bash', { command: 'npm test' });
  let card = page.getByRole('article', { name: 'Claude Code asks to use Bash' });
  await expect(card.getByRole('button', { name: 'Allow', exact: true })).toHaveClass(/primary/);
  await expect(card.getByRole('note', { name: 'Look before you answer' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Allow', exact: true }).click();
  await plain;

  for (const [command, title, because] of [
    ['rm -rf build node_modules', 'Deletes files recursively', 'rm -rf build node_modules'],
    ['psql -d app -c "DROP TABLE users"', 'Destroys data', 'DROP TABLE users'],
  ] as const) {
    const answered = ask(panel, 'Bash', { command });
    card = page.getByRole('article', { name: 'Claude Code asks to use Bash' });
    const why = card.getByRole('note', { name: 'Look before you answer' });
    await expect(why).toContainText(title);
    await expect(why).toContainText(because);
    await expect(why).toContainText('Neither answer is picked for you');
    await expect(card.locator('button.primary')).toHaveCount(0);
    await expect(page.getByRole('status', { name: 'requests waiting for you' })).toContainText(
      `Flagged: ${title}`,
    );
    if (title === 'Destroys data') {
      await page.setViewportSize({ width: 1024, height: 700 });
      await panel.shot(page, 'waiting-flagged-1024');
      expect(await axeViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      await panel.shot(page, 'waiting-flagged-dark-1024');
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 800 });
      await panel.shot(page, 'waiting-flagged-dark-1280');
      await page.emulateMedia({ colorScheme: 'light' });
      await panel.shot(page, 'waiting-flagged-1280');
    }
    await card.getByRole('button', { name: 'Deny' }).click();
    expect(await decision(answered)).toMatchObject({ behavior: 'deny' });
  }
});

test('the reason box comes before Deny, Enter sends it, and focus moves on, then back', async ({
  page,
  panel,
}) => {
  await askMeOn(page, panel);
  const cards = page.getByRole('article', { name: 'Claude Code asks to use Bash' });
  // One after the other, so the order of the cards is known.
  const first = ask(panel, 'Bash', { command: 'git status' });
  await expect(cards).toHaveCount(1);
  const second = ask(panel, 'Bash', { command: 'git log -1' });
  await expect(cards).toHaveCount(2);
  const reason = cards.first().getByLabel(/Reason/);
  // In the order of the page (and of Tab): Allow, the reason, then Deny.
  const order = await cards
    .first()
    .locator('button, input')
    .evaluateAll((els) => els.map((e) => (e.tagName === 'INPUT' ? 'reason' : e.textContent)));
  expect(order).toEqual(['Allow', 'reason', 'Deny']);

  await reason.fill('use the short log');
  await reason.press('Enter');
  expect(await decision(first)).toEqual({ behavior: 'deny', message: 'use the short log' });
  // The next request has focus, not the page.
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toBeFocused();
  await expect(cards.first()).toContainText('git log -1');

  // Answered with the mouse from elsewhere: focus goes back where it was.
  const settingsTab = page.getByRole('tab', { name: /Settings/ });
  await settingsTab.focus();
  await cards.first().getByRole('button', { name: 'Allow', exact: true }).click();
  expect(await decision(second)).toEqual({ behavior: 'allow' });
  await expect(cards).toHaveCount(0);
  await expect(settingsTab).toBeFocused();
});

test('Write shows the file and its content; Edit shows the change as a diff', async ({ page, panel }) => {
  await askMeOn(page, panel);
  panel.env.write('ws/src/config.js', 'export const a = 1;\nexport const b = 2;\nexport const c = 3;\n');
  const write = ask(panel, 'Write', {
    file_path: `${panel.env.workspace}/notes/todo.md`,
    content: '# To do\n\n- ship the waiting bar\n',
  });
  const card = page.getByRole('article', { name: 'Claude Code asks to use Write' });
  await expect(card).toContainText('Creates');
  await expect(card).toContainText('notes/todo.md');
  await expect(card).toContainText('3 lines');
  await expect(card.getByLabel(/what it would write to .*todo\.md/)).toHaveText(
    '# To do\n\n- ship the waiting bar\n',
  );
  for (const [size, dark] of LOOKS) {
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
    await panel.shot(page, `waiting-write-${dark ? 'dark-' : ''}${size.width}`);
    if (size.width === 1024) expect(await axeViolations(page)).toEqual([]);
  }
  await card.getByRole('button', { name: 'Allow', exact: true }).click();
  await write;

  const edit = ask(panel, 'Edit', {
    file_path: `${panel.env.workspace}/src/config.js`,
    old_string: 'export const b = 2;',
    new_string: 'export const b = 20;',
  });
  const editCard = page.getByRole('article', { name: 'Claude Code asks to use Edit' });
  await expect(editCard).toContainText('Edits');
  await expect(editCard).toContainText('src/config.js');
  const diff = editCard.getByLabel(/the change to .*config\.js/);
  await expect(diff).toContainText('-export const b = 2;');
  await expect(diff).toContainText('+export const b = 20;');
  // With the lines around it, from the file as it is now.
  await expect(diff).toContainText(' export const a = 1;');
  for (const [size, dark] of LOOKS) {
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
    await panel.shot(page, `waiting-edit-${dark ? 'dark-' : ''}${size.width}`);
    if (size.width === 1024) expect(await axeViolations(page)).toEqual([]);
  }
  await editCard.getByRole('button', { name: 'Deny' }).click();
  expect(await decision(edit)).toMatchObject({ behavior: 'deny' });
});
