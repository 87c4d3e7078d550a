// Every push to the panel passes through its session and is checked against the contract there, once,
// whichever transport (Electron IPC or the browser's WebSocket) carries it.
import { afterEach, expect, test } from 'vitest';
import type { Push } from '../../shared/ipc.js';
import { startPanelSession, type PanelSession } from '../../electron/host/panel/session.js';
import { HookHost } from '../../electron/host/service.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { openHost } from '../helpers/host.js';

let env: TestEnv;
let session: PanelSession | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
  await env?.cleanup();
});

test('well-formed pushes reach the transport; a malformed one is dropped before it', async () => {
  env = makeEnv();
  const host = await HookHost.open(env.host);
  const sent: [Push, unknown][] = [];
  session = startPanelSession(host, {
    mode: 'browser',
    workspace: env.workspace,
    push: (event, payload) => sent.push([event, payload]),
  });
  host.emit('sourcesChanged', 'trusted x');
  host.emit('record', { type: 'dispatch', id: 'not a whole record' } as never);
  session.push('navigate', { view: 'review', eventId: null, dispatchId: null, path: '/w/a.json' });
  session.push('navigate', { view: 'elsewhere' } as never);
  expect(sent).toEqual([
    ['sourcesChanged', { reason: 'trusted x' }],
    ['navigate', { view: 'review', eventId: null, dispatchId: null, path: '/w/a.json' }],
  ]);
});

test("an event's records and its notification are pushed as they happen", async () => {
  env = makeEnv();
  env.write('hp/hooks/claude.json', JSON.stringify({ hooks: { Stop: [{ hooks: [{ command: 'true' }] }] } }));
  const h = await openHost(env);
  const sent: [Push, unknown][] = [];
  session = startPanelSession(h.host, {
    mode: 'browser',
    workspace: env.workspace,
    push: (event, payload) => sent.push([event, payload]),
  });
  await h.fire('claude', 'Stop', {});
  await h.flush();
  expect(
    sent.map(([e, p]) => [e, (p as { type?: string; kind?: string }).type ?? (p as { kind: string }).kind]),
  ).toEqual([
    ['notification', 'turnDone'],
    ['record', 'dispatch'],
    ['record', 'event'],
  ]);
});
