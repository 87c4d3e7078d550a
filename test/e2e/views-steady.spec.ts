// A view's controls do not move once drawn: what a view waits on is read before it is drawn, so nothing
// comes in later above a button and pushes it down under a click on its way (Playwright's click, like a
// person's, lands where the button was at mouse down). On CI a click on History's "Rule runs" was lost
// so: the agents' notice ("Claude Code is on this machine but not connected") came after the view.
import type { Page } from '@playwright/test';
import { expect, holdAnswers, test } from './fixtures.js';

/**
 * Records every distinct top the first element `find` returns has on any frame it is drawn; read with
 * `tops(page)`. `find` is browser-side code as text (this project compiles without the DOM library).
 */
async function watchTops(page: Page, find: string): Promise<void> {
  await page.evaluate(`window.tops = [];
    const frame = () => {
      const el = (${find})();
      if (el) {
        const top = Math.round(el.getBoundingClientRect().top);
        if (!window.tops.includes(top)) window.tops.push(top);
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);`);
}

/** The tops recorded, once two more frames are drawn. */
async function tops(page: Page): Promise<number[]> {
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  return page.evaluate<number[]>('window.tops');
}

/** Held long enough for frames to be drawn while an answer is held. */
const HOLD_MS = 300;
const pause = (page: Page) => page.evaluate(`new Promise((r) => setTimeout(r, ${HOLD_MS}))`);

test("a view's controls do not move when the agents' notice comes in above them", async ({ page, panel }) => {
  const agents = await holdAnswers(page, 'agents:list');
  await panel.goto(page);
  await expect.poll(() => agents.asked).toBe(true);
  await page.getByRole('tab', { name: /History/ }).click();
  await watchTops(
    page,
    `() => [...document.querySelectorAll('button')].find((e) => e.textContent.trim() === 'Rule runs')`,
  );
  await pause(page);
  agents.release();
  await expect(page.getByText(/is on this machine but not connected/)).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'show' }).getByRole('button', { name: 'Rule runs' }),
  ).toBeVisible();
  expect(await tops(page)).toHaveLength(1);
});

test("Trust review's buttons do not move when Gemini CLI's verdict on the folder comes in above them", async ({
  page,
  panel,
}) => {
  panel.env.write(
    'ws/.gemini/settings.json',
    JSON.stringify({ hooks: { BeforeAgent: [{ hooks: [{ type: 'command', command: 'npm run lint' }] }] } }),
  );
  const verdicts = await holdAnswers(page, 'agents:trust');
  await panel.goto(page);
  await page.getByRole('tab', { name: /Trust review/ }).click();
  await expect.poll(() => verdicts.asked).toBe(true);
  // Not drawn without the verdicts: the file's card would say what Hookpanel does, then what Gemini does.
  await expect(
    page.getByRole('status').filter({ hasText: 'Finding out which of these hooks' }),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: /^review / })).toHaveCount(0);
  await panel.shot(page, 'review-asking-agents');
  await watchTops(
    page,
    `() => [...document.querySelectorAll('article[aria-label^="review "] button')].find((e) =>
      ['Keep blocked', 'Not now'].includes(e.textContent.trim()))`,
  );
  await pause(page);
  verdicts.release();
  const card = page.getByRole('article', { name: /review .*\.gemini\/settings\.json/ });
  await expect(card.getByRole('note', { name: 'Gemini CLI now' })).toBeVisible();
  await expect(card.getByRole('button', { name: /^(Keep blocked|Not now)$/ })).toBeVisible();
  expect(await tops(page)).toHaveLength(1);
});

test("a session's filters do not move when its summary line comes in above them", async ({ page, panel }) => {
  // The timeline's own read of its session, by key (the list's reads name no session).
  const summary = await holdAnswers(
    page,
    'history:sessions',
    (payload) => (payload as { key?: string }).key !== undefined,
  );
  await panel.goto(page);
  await panel.emit('claude', 'Stop', { session_id: 'sess-A' });
  await page.getByRole('tab', { name: /History/ }).click();
  await page.getByRole('group', { name: 'show' }).getByRole('button', { name: 'Sessions' }).click();
  await page.getByRole('row').filter({ hasText: 'session sess-A' }).click();
  await expect.poll(() => summary.asked).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Reading this session' })).toBeVisible();
  await watchTops(page, `() => document.querySelector('select[aria-label="show in this session"]')`);
  await pause(page);
  summary.release();
  await expect(page.getByLabel('session summary')).toContainText('1 event · 0 blocks');
  await expect(page.getByLabel('show in this session')).toBeVisible();
  expect(await tops(page)).toHaveLength(1);
});
