// Connect… as a busy host answers it: answers come back in the order the host finishes them. The
// dialog shown is the one for the agent clicked last, and an Apply that ends later closes only its own.
import { expect, holdAnswers, test } from './fixtures.js';

test("a late preview of the agent clicked first does not replace the last one's", async ({ page, panel }) => {
  const first = await holdAnswers(page, 'agents:preview');
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  const agent = (name: string) => page.getByRole('listitem', { name: `agent ${name}` });
  await agent('Gemini CLI').getByRole('button', { name: 'Connect…' }).click();
  await expect.poll(() => first.asked).toBe(true);
  await agent('opencode').getByRole('button', { name: 'Connect…' }).click();
  const opencode = page.getByRole('dialog', { name: 'connect opencode' });
  await expect(opencode).toBeVisible();
  first.release();
  await expect.poll(() => first.answered).toBe(true);
  // The late answer reaches the page before this evaluation (both through the same session), and is
  // drawn two frames later.
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  expect(await page.getByRole('dialog').evaluateAll((ds) => ds.map((d) => d.ariaLabel))).toEqual([
    'connect opencode',
  ]);
});

test('an Apply answered late closes its own dialog, not one opened meanwhile', async ({ page, panel }) => {
  const applied = await holdAnswers(page, 'agents:connect');
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  const agent = (name: string) => page.getByRole('listitem', { name: `agent ${name}` });
  await agent('Claude Code').getByRole('button', { name: 'Connect…' }).click();
  await page
    .getByRole('dialog', { name: 'connect Claude Code' })
    .getByRole('button', { name: 'Apply and connect' })
    .click();
  await expect.poll(() => applied.asked).toBe(true);
  await agent('Gemini CLI').getByRole('button', { name: 'Connect…' }).click();
  const gemini = page.getByRole('dialog', { name: 'connect Gemini CLI' });
  await expect(gemini).toBeVisible();
  applied.release();
  await expect(agent('Claude Code').getByText('connected', { exact: true })).toBeVisible();
  await expect(gemini).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'connect Claude Code' })).toHaveCount(0);
});
