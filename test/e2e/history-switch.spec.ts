// History read by a busy host: the person switches from Events to Rule runs before the events are read.
// The answers come back in any order; the list shows the rule runs and keeps them when the late events
// arrive, instead of putting the events' page back (an empty "no rule runs" that stays) or flashing the
// live rule runs and then none.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, historyRows, holdAnswers, openHistory, test, type Panel } from './fixtures.js';

/** Claude Code rules on its Bash calls, one a command, hosted by the panel's host. */
function bashRules(panel: Panel, commands: string[]): void {
  const hooks = commands.map((command) => ({ type: 'command', command }));
  panel.env.write(
    'hp/hooks/claude.json',
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks }] } }),
  );
}

test('rule runs picked before the events are read stay listed when the events answer comes late', async ({
  page,
  panel,
}) => {
  bashRules(panel, [
    "sh -c 'sleep 1.1; cat >/dev/null; echo first'",
    "sh -c 'sleep 1.1; cat >/dev/null; echo second'",
  ]);
  // Each rule takes over a second, so the late answer comes more than a second after the first runs
  // started: the old list measured what is fresh against that answer's time and dropped them.
  // The first read of the events is answered only when the test says so.
  const events = await holdAnswers(page, 'history:events');
  await panel.goto(page);
  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'make call-one' } });

  await page.getByRole('tab', { name: /History/ }).click();
  await expect.poll(() => events.asked).toBe(true);
  await page.getByRole('group', { name: 'show' }).getByRole('button', { name: 'Rule runs' }).click();
  const runs = page.getByRole('table', { name: 'rule runs' });
  await expect(historyRows(page)).toHaveCount(2);
  await expect(runs).toContainText("first'");
  await expect(runs).toContainText("second'");

  // The late events answer, then a second event whose rule runs are pushed after it on the same socket:
  // once they are listed, the late answer has been read, and the first two must still be there.
  events.release();
  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'make call-two' } });
  await expect(historyRows(page)).toHaveCount(4);
  await expect(historyRows(page).filter({ hasText: 'call-two' })).toHaveCount(2);
  await expect(historyRows(page).filter({ hasText: 'call-one' })).toHaveCount(2);
});

test('a rule run that started before Rule runs was read is listed when it ends', async ({ page, panel }) => {
  // A slow rule: it starts, runs on past the moment History reads its page, and ends when told to.
  const longRun = join(panel.env.root, 'long-run');
  const end = join(panel.env.root, 'end');
  bashRules(panel, [
    `sh -c 'sleep 1.5; touch ${longRun}; while [ ! -e ${end} ]; do sleep 0.05; done; echo slow rule done'`,
  ]);
  await panel.goto(page);
  const emitted = panel.emit('claude', 'PreToolUse', {
    tool_name: 'Bash',
    tool_input: { command: 'make slow' },
  });
  // Read once the rule has run for longer than the old list's one-second window for live records.
  await expect.poll(() => existsSync(longRun), { timeout: 30_000 }).toBe(true);
  await openHistory(page, 'Rule runs');
  await expect(page.getByRole('tabpanel')).toContainText('No rule has run yet');
  writeFileSync(end, '');
  expect((await emitted).code).toBe(0);
  await expect(historyRows(page)).toHaveCount(1);
  await expect(historyRows(page)).toContainText('make slow');
  await expect(historyRows(page)).toContainText("rule done'");
});

test("another event picked shows nothing of the last one's detail while its own is read", async ({
  page,
  panel,
}) => {
  // The detail's reads of the second event picked are answered only when the test says so.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding = false;
  let held = 0;
  await page.routeWebSocket(/\/ws\?/, (ws) => {
    const server = ws.connectToServer();
    const holds = new Set<number>();
    ws.onMessage((m) => {
      const { id, payload } = JSON.parse(String(m)) as {
        id: number;
        payload?: { filter?: { eventId?: string } };
      };
      if (holding && payload?.filter?.eventId) {
        holds.add(id);
        held++;
      }
      server.send(m);
    });
    server.onMessage((m) => {
      const { id } = JSON.parse(String(m)) as { id?: number };
      if (id !== undefined && holds.has(id)) void released.then(() => ws.send(m));
      else ws.send(m);
    });
  });
  await panel.goto(page);
  await panel.emit('claude', 'Stop', {});
  await panel.emit('claude', 'SessionEnd', {});
  await openHistory(page, 'Events');
  const detail = page.getByLabel('event detail');
  await historyRows(page).filter({ hasText: 'Stop' }).click();
  await expect(detail.getByRole('heading', { name: /Stop/ })).toBeVisible();

  holding = true;
  const second = historyRows(page).filter({ hasText: 'SessionEnd' });
  await second.click();
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => held).toBe(2);
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  // Its own live record, or nothing yet: never the event picked before (its Replay would replay that).
  expect(await detail.getByRole('heading', { name: /Stop/ }).count()).toBe(0);
  release();
  await expect(detail.getByRole('heading', { name: /SessionEnd/ })).toBeVisible();
  await expect(detail).toContainText('No rule matched this event');
});

test('the match count keeps its line while a search is counted, so the list does not jump', async ({
  page,
  panel,
}) => {
  const count = await holdAnswers(page, 'history:count', 'every');
  await panel.goto(page);
  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'make build' } });
  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf build' } });
  await openHistory(page, 'Events');
  await expect(historyRows(page)).toHaveCount(2);
  await page.getByLabel('search text').fill('build');
  const matches = page.getByRole('status', { name: 'matches' });
  await expect(matches).toHaveText('Counting the matches…');
  await expect.poll(() => count.asked).toBe(true);
  await expect(historyRows(page).locator('mark')).toHaveCount(2);
  const first = await historyRows(page).first().boundingBox();
  count.release();
  await expect(matches).toHaveText('2 events match');
  expect(await historyRows(page).first().boundingBox()).toEqual(first);
});
