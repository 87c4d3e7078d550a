// What makes a host resident (the desktop app, `hookpanel serve`): the intake socket agents emit to,
// the outbox looked at now and every few seconds, and a watchdog that ends the host's hook trees at
// their deadlines should the host itself be killed.
import type { Server } from 'node:http';
import { describeRecovery, watchOutbox } from '../engine/outbox-watch.js';
import { loadSpawnHook } from '../process/spawn-hook.js';
import { startWatchdog } from '../process/watchdog.js';
import type { HookHost } from '../service.js';
import { claimHome, type HostRunning } from './claim.js';
import { listenIntake } from './server.js';
import { PermissionDesk } from '../permissions/desk.js';
import { inBackground } from '../background.js';
import { RemoteHub } from '../remote/hub.js';

export interface Resident {
  server: Server;
  /** Stops taking events and looking at the outbox (the host itself is closed by its owner). */
  close(): void;
}

/** Resident, or not: another host has this home (claim.ts), and nothing of it was touched. */
export async function startResident(
  host: HookHost,
  log: { info(line: string): void; error(line: string): void },
): Promise<{ kind: 'started'; resident: Resident } | HostRunning> {
  // One host per home: a second refuses here, naming the first (claim.ts), before touching its socket.
  const claim = claimHome(host.paths.runDir, host.paths.root);
  if (claim.kind === 'host-running') return claim;
  let server: Server;
  try {
    server = await listenIntake(host);
  } catch (e) {
    claim.release();
    throw e;
  }
  // A resident host can hold an agent's permission request until a person answers it.
  host.permissions ??= new PermissionDesk();
  // Machines added with `hookpanel remote add`: one ssh connection each, carrying their events here.
  const remotes = new RemoteHub(host, log);
  inBackground(remotes.start(), 'remote machines');
  startWatchdog();
  // Loaded now rather than on the first hook, which should not wait for it.
  inBackground(
    loadSpawnHook().then(({ why }) => {
      if (why) log.info(`hooks are spawned by libuv (posix_spawn could not be used: ${why})`);
    }),
    'loading the hook spawner',
  );
  const outbox = watchOutbox(() => host.recoverOutbox(), {
    onReport: (r) => {
      const line = describeRecovery(r);
      if (line) log.info(line);
    },
    onError: (e) => log.error(`outbox recovery failed: ${e.message}`),
  });
  const resident: Resident = {
    server,
    close() {
      outbox.stop();
      inBackground(remotes.close(), 'remote machines');
      server.close();
      server.closeAllConnections();
      claim.release();
    },
  };
  return { kind: 'started', resident };
}
