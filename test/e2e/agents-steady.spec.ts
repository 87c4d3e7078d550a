// Settings → Agents stays where it is drawn: what a row shows is in the agents list, so nothing read
// later pushes the rows below it down. A click on the way (a person's, or a test's mouse down before a
// re-render and up after it) then lands on the button it aimed at. Claude Code's guarded-mode switch
// was drawn after a read of its own, two lines above every other agent's Connect…: a click on Gemini
// CLI's was lost on CI, no dialog after it.
import { expect, test } from './fixtures.js';

test("the agents' rows do not move when Settings' own reads are answered", async ({ page, panel }) => {
  // Every answer to what Settings asks for once it opens, but the agents list and a Connect… preview, is
  // held until the test lets it through.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding = false;
  const held: string[] = [];
  let answered = 0;
  await page.routeWebSocket(/\/ws\?/, (ws) => {
    const server = ws.connectToServer();
    const holds = new Set<number>();
    ws.onMessage((m) => {
      const { id, channel } = JSON.parse(String(m)) as { id: number; channel: string };
      if (holding && channel !== 'agents:list' && channel !== 'agents:preview') {
        holds.add(id);
        held.push(channel);
      }
      server.send(m);
    });
    server.onMessage((m) => {
      const { id } = JSON.parse(String(m)) as { id?: number };
      if (id === undefined || !holds.has(id)) return ws.send(m);
      void released.then(() => {
        ws.send(m);
        answered++;
      });
    });
  });
  await panel.goto(page);
  // Settings once, whole, so the panel's own start is over; then again, as a person comes back to it.
  const settings = page.getByRole('tab', { name: /Settings/ });
  await settings.click();
  const gemini = page.getByRole('listitem', { name: 'agent Gemini CLI' });
  const connect = gemini.getByRole('button', { name: 'Connect…' });
  await expect(connect).toBeVisible();
  await page.getByRole('tab', { name: /Rules/ }).click();
  await expect(connect).toHaveCount(0);
  holding = true;
  await settings.click();
  await expect(connect).toBeVisible();
  // Settings' own reads are asked for as it opens; what they answer must not move the list.
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const before = await connect.boundingBox();
  release();
  await expect.poll(() => answered).toBe(held.length);
  // Drawn: two frames after the last answer.
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  expect(await connect.boundingBox(), `moved after ${held.join(', ')} answered`).toEqual(before);
  await expect(
    page.getByRole('listitem', { name: 'agent Claude Code' }).getByRole('switch', { name: /Guarded mode/ }),
  ).toBeVisible();
  await connect.click();
  await expect(page.getByRole('dialog', { name: 'connect Gemini CLI' })).toContainText(
    'Creates ~/.gemini/settings.json:',
  );
});
