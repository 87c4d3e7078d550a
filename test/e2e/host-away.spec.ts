// The panel's connection to the host drops (the host restarted, the machine slept): what the person
// asks for in the second before it connects again waits for the new connection and is answered, instead
// of going into the closed socket and never coming back (a Connect… that does nothing).
import type { WebSocketRoute } from '@playwright/test';
import { expect, test } from './fixtures.js';

test('a request asked while the connection to the host is down is answered once it is back', async ({
  page,
  panel,
}) => {
  const connections: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws\?/, (ws) => {
    ws.connectToServer();
    connections.push(ws);
  });
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  const connect = page
    .getByRole('listitem', { name: 'agent Gemini CLI' })
    .getByRole('button', { name: 'Connect…' });
  await expect(connect).toBeVisible();
  expect(connections).toHaveLength(1);

  await connections[0]!.close({ code: 1001, reason: 'host going away' });
  await connect.click();
  const dialog = page.getByRole('dialog', { name: 'connect Gemini CLI' });
  await expect(dialog).toContainText('Creates ~/.gemini/settings.json:');
  expect(connections).toHaveLength(2);
});
