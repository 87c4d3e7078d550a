// History read by a busy host: the person switches from Events to Rule runs before the events are read.
// The answers come back in any order; the list shows the rule runs and keeps them when the late events
// arrive, instead of putting the events' page back (an empty "no rule runs" that stays) or flashing the
// live rule runs and then none.
import { expect, historyRows, test } from './fixtures.js';

test('rule runs picked before the events are read stay listed when the events answer comes late', async ({
  page,
  panel,
}) => {
  panel.env.write(
    'hp/hooks/claude.json',
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: "sh -c 'sleep 1.1; cat >/dev/null; echo first'" },
              { type: 'command', command: "sh -c 'sleep 1.1; cat >/dev/null; echo second'" },
            ],
          },
        ],
      },
    }),
  );
  // Each rule takes over a second, so the late answer comes more than a second after the first runs
  // started: the old list measured what is fresh against that answer's time and dropped them.
  // The first read of the events is answered only when the test says so.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let eventsAsked = false;
  await page.routeWebSocket(/\/ws\?/, (ws) => {
    const server = ws.connectToServer();
    let held: number | null = null;
    ws.onMessage((m) => {
      const { id, channel } = JSON.parse(String(m)) as { id: number; channel: string };
      if (channel === 'history:events' && !eventsAsked) {
        held = id;
        eventsAsked = true;
      }
      server.send(m);
    });
    server.onMessage((m) => {
      const { id } = JSON.parse(String(m)) as { id?: number };
      if (id !== undefined && id === held) void released.then(() => ws.send(m));
      else ws.send(m);
    });
  });
  await panel.goto(page);
  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'make call-one' } });

  await page.getByRole('tab', { name: /History/ }).click();
  await expect.poll(() => eventsAsked).toBe(true);
  await page.getByRole('group', { name: 'show' }).getByRole('button', { name: 'Rule runs' }).click();
  const runs = page.getByRole('table', { name: 'rule runs' });
  await expect(historyRows(page)).toHaveCount(2);
  await expect(runs).toContainText("first'");
  await expect(runs).toContainText("second'");

  // The late events answer, then a second event whose rule runs are pushed after it on the same socket:
  // once they are listed, the late answer has been read, and the first two must still be there.
  release();
  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'make call-two' } });
  await expect(historyRows(page)).toHaveCount(4);
  await expect(historyRows(page).filter({ hasText: 'call-two' })).toHaveCount(2);
  await expect(historyRows(page).filter({ hasText: 'call-one' })).toHaveCount(2);
});
