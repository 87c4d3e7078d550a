// A host that holds permission requests, as the app runs one: the host, its intake socket (what the
// bridge reaches) and a browser-mode panel session whose pushes are kept for the test to read.
import { once } from 'node:events';
import type { Push } from '../../shared/ipc.js';
import type { WaitingRequest } from '../../shared/permissions.js';
import { startResident, type Resident } from '../../electron/host/intake/resident.js';
import { startPanelSession, type PanelSession } from '../../electron/host/panel/session.js';
import { HookHost } from '../../electron/host/service.js';
import { runCli, type CliResult } from './cli.js';
import type { TestEnv } from './env.js';

export interface HoldingHost {
  host: HookHost;
  resident: Resident;
  session: PanelSession;
  pushes: [Push, unknown][];
}

export async function startHoldingHost(e: TestEnv): Promise<HoldingHost> {
  const host = await HookHost.open(e.host);
  const started = await startResident(host, { info: () => {}, error: () => {} });
  if (started.kind !== 'started') throw new Error(started.message);
  const { resident } = started;
  const pushes: [Push, unknown][] = [];
  const session = startPanelSession(host, {
    mode: 'browser',
    workspace: e.workspace,
    push: (event, payload) => pushes.push([event, payload]),
  });
  return { host, resident, session, pushes };
}

export async function stopHoldingHost(h: HoldingHost): Promise<void> {
  h.resident.close();
  await h.session.close();
  await h.host.close();
}

/** The bridge as the agent runs it: `hookpanel emit <agent> PermissionRequest`, a real process. */
export function emitPermission(
  e: TestEnv,
  payload: Record<string, unknown>,
  agent = 'claude',
): Promise<CliResult> {
  return runCli(['emit', agent, 'PermissionRequest'], {
    env: e.processEnv,
    cwd: e.workspace,
    input: JSON.stringify(payload),
    timeoutMs: 60_000,
  });
}

/** The waiting list once it holds `n` requests (on the desk's own change event). */
export async function waitingRequests(host: HookHost, n = 1): Promise<WaitingRequest[]> {
  const desk = host.permissions!;
  while (desk.list().length < n) await once(desk, 'changed');
  return desk.list();
}
