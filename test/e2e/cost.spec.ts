// What hooks cost and latency budgets, as a person sees them: a default budget set in Settings, a rule
// that goes over it flagged in Rules with one notification, and the charts — in both themes.
import type { Page } from '@playwright/test';
import { expect, test, type Panel } from './fixtures.js';

async function overBudget(page: Page, panel: Panel, suffix: string): Promise<void> {
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  // Every Bash call now has a budget of 1 ms: no process starts that fast.
  const budget = page.getByLabel('default latency budget for tool events (ms)');
  await budget.fill('1');
  await budget.blur();
  await page.getByRole('group', { name: 'Latency budgets' }).scrollIntoViewIfNeeded();
  await panel.shot(page, `settings-budgets${suffix}`);
  for (let i = 0; i < 11; i++)
    await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: `ls ${i}` } });
  await panel.emit('claude', 'Stop', {});

  // One notification per rule that went over, however many runs followed.
  const bell = page.getByRole('button', { name: /^notifications/ });
  await bell.click();
  const notes = page.getByRole('dialog', { name: 'notifications' }).getByRole('button', { name: /now adds/ });
  await expect(notes).toHaveCount(2);
  await expect(notes.first()).toContainText(
    /Hook “(echo audit 'argument with spaces'|grep -q "rm -rf" .*)” now adds .* to every Bash call/,
  );
  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls again' } });
  await expect(notes).toHaveCount(2);
  await expect(notes.first()).not.toContainText('×');
  await bell.click();

  await page.getByRole('tab', { name: /Rules/ }).click();
  const rule = page.getByRole('button', { name: /^rule echo audit/ }).first();
  await expect(rule.getByText('over budget')).toBeVisible();
  await rule.click();
  const detail = page.getByRole('complementary', { name: 'rule detail' });
  await expect(detail.getByRole('status').filter({ hasText: 'over budget' })).toContainText(
    /over budget p95 .* over its last \d+ runs on PreToolUse \(Bash\), budget 1 ms/,
  );
  await panel.shot(page, `budget-flag${suffix}`);

  await page.getByRole('tab', { name: /Hook cost/ }).click();
  await expect(page.getByRole('heading', { name: 'Hook cost' })).toBeVisible();
  const agents = page.getByRole('table', { name: 'cost per agent' });
  await expect(agents.getByRole('row').filter({ hasText: 'claude' })).toBeVisible();
  const rules = page.getByRole('table', { name: 'cost per rule' });
  const audit = rules.getByRole('row').filter({ hasText: 'PreToolUse[0].hooks[1]' });
  await expect(audit).toContainText('over budget');
  await expect(audit.getByRole('cell').nth(3)).toHaveText('12');
  for (const chart of [
    'p50 and p95 per tool call, per day',
    'p50 and p95 per turn, per day',
    'failures and timeouts per day',
    'p95 added per rule',
  ])
    await expect(page.getByRole('img', { name: chart })).toBeVisible();
  await panel.shot(page, `cost${suffix}`);

  // Raising the rule's own budget clears its flag at once: its recent runs are judged again.
  await audit.getByRole('spinbutton').fill('60000');
  await audit.getByRole('spinbutton').press('Enter');
  await expect(audit).not.toContainText('over budget');
  await expect(rules.getByRole('row').filter({ hasText: 'PreToolUse[0].hooks[0]' })).toContainText(
    'over budget',
  );
}

test('a rule over its latency budget: one notification, flagged in Rules, charted in Hook cost', async ({
  page,
  panel,
}) => {
  await overBudget(page, panel, '');
});

test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark' });
  test('the cost view and the budget flag in the dark theme', async ({ page, panel }) => {
    await overBudget(page, panel, '-dark');
  });
});
