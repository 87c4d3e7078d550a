// A panel left open all day: while nothing changes, Hook cost asks the host again every 5 s and gets the
// same answer, and the page stays as it is (its charts were drawn again each time, at about 20 ms of
// the renderer's CPU a second). New runs still show.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/** How many requests on `channel` the panel has sent its host so far. */
function countRequests(page: Page, channel: string): () => number {
  let sent = 0;
  page.on('websocket', (ws) =>
    ws.on('framesent', (f) => {
      if (String(f.payload).includes(`"channel":"${channel}"`)) sent++;
    }),
  );
  return () => sent;
}

test('Hook cost left open: the same answer every 5 s changes nothing on the page; a new run shows', async ({
  page,
  panel,
}) => {
  const costs = countRequests(page, 'history:cost');
  for (const command of ['ls', 'rm -rf /tmp/x'])
    await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command } });
  await panel.emit('claude', 'Stop', {});
  await panel.goto(page);
  await page.getByRole('tab', { name: /Hook cost/ }).click();
  const view = page.getByRole('region', { name: 'what hooks cost' });
  await expect(view.getByRole('img', { name: 'p95 added per rule' })).toBeVisible();
  const runs = view
    .getByRole('table', { name: 'cost per rule' })
    .getByRole('row')
    .filter({ hasText: 'PreToolUse[0].hooks[1]' });
  await expect(runs.getByRole('cell').nth(3)).toHaveText('2');

  // Every change to the view from here on (browser-side code is passed as text: this project compiles
  // without the DOM library): a chart drawn again resets its canvas.
  await page.evaluate(`window.changes = 0;
    new MutationObserver((m) => (window.changes += m.length)).observe(
      document.querySelector('section[aria-label="what hooks cost"]'),
      { subtree: true, childList: true, attributes: true, characterData: true },
    )`);
  // Two answers taken in: the second was asked for 5 s after the first arrived.
  const asked = costs();
  await expect.poll(costs).toBeGreaterThan(asked + 2);
  expect(await page.evaluate<number>('window.changes')).toBe(0);

  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls again' } });
  await expect(runs.getByRole('cell').nth(3)).toHaveText('3');
});

test('events arriving: the agents list is read once per event at most, and still shows the newest', async ({
  page,
  panel,
}) => {
  const reads = countRequests(page, 'agents:list');
  await panel.goto(page);
  // Settings → Agents shows the list, and the notice above every view reads it too.
  await page.getByRole('tab', { name: /Settings/ }).click();
  const claude = page.getByRole('listitem', { name: 'agent Claude Code' });
  await expect(claude).toBeVisible();
  await expect.poll(reads).toBeGreaterThan(0);
  const before = reads();
  const events = 4;
  for (let i = 0; i < events; i++)
    await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: `ls ${i}` } });
  // Each event read the list again: Claude Code's last event shows (Hookpanel did not connect it).
  await expect(claude.getByText(/its last event arrived/)).toBeVisible();
  // Each reader asking for itself made two reads an event here (the list and the notice).
  expect(reads() - before).toBeLessThanOrEqual(events + 1);
});
