// Connect… as a busy host answers it: answers come back in the order the host finishes them. The
// dialog shown is the one for the agent clicked last, and an Apply that ends later closes only its own.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/**
 * Holds the answer to the first request on `channel` until `release` is called; `answered` is true once
 * it was let through.
 */
async function holdFirst(page: Page, channel: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const state = { asked: false, answered: false, release };
  await page.routeWebSocket(/\/ws\?/, (ws) => {
    const server = ws.connectToServer();
    let held: number | null = null;
    ws.onMessage((m) => {
      const msg = JSON.parse(String(m)) as { id: number; channel: string };
      if (msg.channel === channel && !state.asked) {
        held = msg.id;
        state.asked = true;
      }
      server.send(m);
    });
    server.onMessage((m) => {
      const { id } = JSON.parse(String(m)) as { id?: number };
      if (id === undefined || id !== held) return ws.send(m);
      void released.then(() => {
        ws.send(m);
        state.answered = true;
      });
    });
  });
  return state;
}

test("a late preview of the agent clicked first does not replace the last one's", async ({ page, panel }) => {
  const first = await holdFirst(page, 'agents:preview');
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
  const applied = await holdFirst(page, 'agents:connect');
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
