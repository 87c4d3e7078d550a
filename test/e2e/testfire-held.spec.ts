// Test fire as a busy host answers it: until the agent's events are read, there is no event to keep a
// payload under, so the payload cannot be typed into (what was typed would be lost under the sample).
import { expect, holdAnswers, test } from './fixtures.js';

test("the payload is not editable until the agent's events are read, then kept for its event", async ({
  page,
  panel,
}) => {
  const catalog = await holdAnswers(page, 'catalog:events');
  await panel.goto(page);
  await page.getByRole('tab', { name: /Test fire/ }).click();
  const payload = page.getByLabel('payload', { exact: true });
  await expect.poll(() => catalog.asked).toBe(true);
  await expect(payload).toBeVisible();
  await expect(payload).not.toBeEditable();
  catalog.release();
  await expect(payload).toBeEditable();
  await payload.fill('{"mine": true}');
  // Kept under its event: another event and back shows it again.
  const event = page.getByLabel('Event', { exact: true });
  const first = await event.inputValue();
  const other = await event.locator('option').nth(1).getAttribute('value');
  await event.selectOption(other!);
  await expect(payload).not.toHaveValue('{"mine": true}');
  await event.selectOption(first);
  await expect(payload).toHaveValue('{"mine": true}');
});
