// What the host pushes and the panel also reads as it starts: a push that arrives while the start-up
// read is unanswered is newer than that read's answer, which must not put the older state back.
import { askMeSaved, expect, holdAnswers, savedSettings, test } from './fixtures.js';

const twoFrames = 'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))';

test('a budget flag pushed while the start-up read was unanswered stays when that read answers', async ({
  page,
  panel,
}) => {
  const budgets = await holdAnswers(page, 'history:budgets');
  await panel.goto(page);
  await expect.poll(() => budgets.asked).toBe(true);
  // Every Bash call has a budget of 1 ms (no process starts that fast), in force once the host wrote it.
  await page.getByRole('tab', { name: /Settings/ }).click();
  const budget = page.getByLabel('default latency budget for tool events (ms)');
  await budget.fill('1');
  await budget.blur();
  type Budgets = { budgets?: { defaults?: { tool?: number } } };
  await expect.poll(() => savedSettings<Budgets>(panel)?.budgets?.defaults?.tool).toBe(1);
  for (let i = 0; i < 11; i++)
    await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: `ls ${i}` } });
  await page.getByRole('tab', { name: /Rules/ }).click();
  const flag = page
    .getByRole('button', { name: /^rule echo audit/ })
    .first()
    .getByText('over budget');
  await expect(flag).toBeVisible();

  // The answer, asked before any run, has no flag; the page takes it in before this evaluation's
  // answer (one session) and draws it two frames later.
  budgets.release();
  await expect.poll(() => budgets.answered).toBe(true);
  await page.evaluate(twoFrames);
  expect(await flag.count()).toBe(1);
});

test('a permission request pushed while the start-up list was unanswered keeps its card', async ({
  page,
  panel,
}) => {
  // The store's read and the desktop notifications' read, both held.
  const listed = await holdAnswers(page, 'requests:list', 'every');
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  await page.getByLabel(/Ask me: Claude Code's permission requests/).check();
  await askMeSaved(panel, 'claude');
  await expect.poll(() => listed.asked).toBe(true);
  const asked = panel.emit('claude', 'PermissionRequest', {
    session_id: 's',
    tool_name: 'Bash',
    tool_input: { command: 'git push' },
    cwd: panel.env.workspace,
  });
  const card = page.getByRole('article', { name: 'Claude Code asks to use Bash' });
  await expect(card).toBeVisible();

  // The list, asked before the request came, is empty.
  listed.release();
  await expect.poll(() => listed.answered).toBe(true);
  await page.evaluate(twoFrames);
  expect(await card.count()).toBe(1);
  await card.getByRole('button', { name: 'Deny' }).click();
  expect(JSON.parse((await asked).stdout).hookSpecificOutput.decision.behavior).toBe('deny');
});
