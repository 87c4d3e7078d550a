// A view is drawn once the agents are known: the notice above every view ("Claude Code is on this
// machine but not connected") came with the agents list, after the view, and pushed the view down under
// a click on its way. On CI a click on History's "Rule runs" was lost so: the view stayed on Events.
import { expect, holdAnswers, test } from './fixtures.js';

test("a view's controls do not move when the agents' notice comes in above them", async ({ page, panel }) => {
  const agents = await holdAnswers(page, 'agents:list');
  await panel.goto(page);
  await expect.poll(() => agents.asked).toBe(true);
  await page.getByRole('tab', { name: /History/ }).click();
  // Every distinct top "Rule runs" had on any frame it was drawn (browser-side code as text: this
  // project compiles without the DOM library).
  await page.evaluate(`window.tops = [];
    const frame = () => {
      const el = [...document.querySelectorAll('button')].find((e) => e.textContent.trim() === 'Rule runs');
      if (el) {
        const top = Math.round(el.getBoundingClientRect().top);
        if (!window.tops.includes(top)) window.tops.push(top);
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);`);
  // Held long enough for frames to be drawn while the list is unknown.
  await page.evaluate('new Promise((r) => setTimeout(r, 300))');
  agents.release();
  await expect(page.getByText(/is on this machine but not connected/)).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'show' }).getByRole('button', { name: 'Rule runs' }),
  ).toBeVisible();
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  expect(await page.evaluate<number[]>('window.tops')).toHaveLength(1);
});
