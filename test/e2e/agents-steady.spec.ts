// Settings stays where it is drawn: nothing read after a control is shown pushes it down. A click on the
// way (a person's, or a test's mouse down before a re-render and up after it) then lands on the control
// it aimed at. Claude Code's guarded-mode switch was drawn after a read of its own, two lines above
// every other agent's Connect…: a click on Gemini CLI's was lost on CI, no dialog after it. Ask me's
// tools and Machines' list were drawn the same way above the sections below them.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/** What Settings reads for itself as it opens; the panel's start needs none of them. */
const SETTINGS_READS = new Set(['guard:preview', 'askMe:status', 'machines:list', 'agents:trust']);

/** The controls watched, by a CSS selector and the text the button has. */
const WATCHED = [
  { name: "Gemini CLI's Connect…", css: 'li[aria-label="agent Gemini CLI"] button', text: 'Connect…' },
  { name: 'Add a machine…', css: '#settings-machines button', text: 'Add a machine…' },
  { name: 'Add workspace', css: 'button[type="submit"]', text: 'Add workspace' },
];

/**
 * Every distinct top each watched control had on any frame it was drawn, from now on (browser-side code
 * as text: this project compiles without the DOM library).
 */
async function watchTops(page: Page): Promise<() => Promise<Record<string, number[]>>> {
  await page.evaluate(`window.tops = {};
    const watched = ${JSON.stringify(WATCHED)};
    const frame = () => {
      for (const w of watched) {
        const el = [...document.querySelectorAll(w.css)].find((e) => e.textContent.trim() === w.text);
        if (!el) continue;
        const top = Math.round(el.getBoundingClientRect().top);
        const seen = (window.tops[w.name] ??= []);
        if (!seen.includes(top)) seen.push(top);
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);`);
  return () => page.evaluate<Record<string, number[]>>('window.tops');
}

const twoFrames = (page: Page) =>
  page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');

test('Settings does not move what it has drawn while its own reads are answered', async ({ page, panel }) => {
  // Settings' own reads are answered one at a time, when the test says, each drawn before the next.
  const held: { channel: string; send: () => void }[] = [];
  let asked = 0;
  await page.routeWebSocket(/\/ws\?/, (ws) => {
    const server = ws.connectToServer();
    const holds = new Map<number, string>();
    ws.onMessage((m) => {
      const { id, channel } = JSON.parse(String(m)) as { id: number; channel: string };
      if (SETTINGS_READS.has(channel)) {
        holds.set(id, channel);
        asked++;
      }
      server.send(m);
    });
    server.onMessage((m) => {
      const { id } = JSON.parse(String(m)) as { id?: number };
      const channel = id === undefined ? undefined : holds.get(id);
      if (channel === undefined) ws.send(m);
      else held.push({ channel, send: () => ws.send(m) });
    });
  });
  await panel.goto(page);
  const tops = await watchTops(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  const connect = page
    .getByRole('listitem', { name: 'agent Gemini CLI' })
    .getByRole('button', { name: 'Connect…' });
  const released: string[] = [];
  // Until Gemini CLI's Connect… is drawn and every read asked so far was answered.
  await expect
    .poll(
      async () => {
        for (const h of held.splice(0)) {
          h.send();
          released.push(h.channel);
          await twoFrames(page);
        }
        return (await connect.isVisible()) && released.length === asked;
      },
      { intervals: [200] },
    )
    .toBe(true);
  await twoFrames(page);
  expect(released.length, 'no read of its own was held: the test would prove nothing').toBeGreaterThan(0);
  const seen = await tops();
  for (const w of WATCHED)
    expect(seen[w.name], `${w.name}'s tops as ${released.join(', ')} were answered`).toHaveLength(1);
  await connect.click();
  await expect(page.getByRole('dialog', { name: 'connect Gemini CLI' })).toContainText(
    'Creates ~/.gemini/settings.json:',
  );
});
