// A host that holds an agent's permission requests (Ask me on for it) and answers them as the panel
// does, through its API: what the real-client Ask me tests share.
import { expect } from 'vitest';
import type { WaitingRequest } from '../../shared/permissions.js';
import { handleRequest } from '../../electron/host/panel/api.js';
import { PermissionDesk } from '../../electron/host/permissions/desk.js';
import type { TestEnv } from '../helpers/env.js';
import { waitingRequests } from '../helpers/holding-host.js';
import { serveHost, type ConnectedHost } from './connected.js';

/** A host serving with Ask me on for `agent` (each request waiting `waitSeconds`); the caller closes it. */
export async function holdingHost(e: TestEnv, agent: string, waitSeconds = 590): Promise<ConnectedHost> {
  e.write('hp/settings.json', JSON.stringify({ askMe: { [agent]: { on: true, waitSeconds } } }));
  const served = await serveHost(e);
  served.host.permissions = new PermissionDesk();
  return served;
}

/** The first request to wait, once one does. */
export async function firstWaiting(h: ConnectedHost): Promise<WaitingRequest> {
  return (await waitingRequests(h.host))[0]!;
}

/** Answers the first request to wait, through the panel API; resolves with it. */
export async function answerFirst(
  h: ConnectedHost,
  choice: { behavior: 'allow' } | { behavior: 'deny'; reason: string },
): Promise<WaitingRequest> {
  const held = await firstWaiting(h);
  const res = await handleRequest(h.session.api, 'requests:answer', { id: held.id, ...choice });
  expect(res).toMatchObject({ ok: true, result: { ok: true } });
  return held;
}
