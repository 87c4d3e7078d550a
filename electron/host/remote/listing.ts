// Each machine as `remote list` and Settings → Machines show it: its record in remote.json beside the
// running host's view of its connection (the hub's, in the host's own process; else the state file
// the hub keeps, read by the CLI; none when no host runs on this computer).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MachineView } from '../../../shared/machines.js';
import { homePaths, type HostEnv } from '../paths.js';
import type { LinkStatus } from './link.js';
import { readMachines } from './machines.js';

export async function machineViews(
  host: HostEnv,
  live: Record<string, LinkStatus> | null,
): Promise<MachineView[]> {
  return Object.values(await readMachines(host)).map((m) => {
    const s = live?.[m.target];
    return {
      target: m.target,
      home: m.home,
      installedAt: m.installedAt,
      whenUnreachable: m.whenUnreachable,
      agents: Object.keys(m.agents),
      state: live ? (s?.state ?? 'connecting') : 'no host',
      error: s?.error ?? null,
      lastEventAt: s?.lastEventAt ?? null,
      since: s?.since ?? null,
      retryAt: s?.retryAt ?? null,
    };
  });
}

/** The running host's view of each machine, or null when no host runs (its state file gone or stale). */
export async function readLiveStates(host: HostEnv): Promise<Record<string, LinkStatus> | null> {
  try {
    const body = JSON.parse(await readFile(join(homePaths(host).runDir, 'remote-state.json'), 'utf8')) as {
      pid: number;
      machines: Record<string, LinkStatus>;
    };
    process.kill(body.pid, 0);
    return body.machines;
  } catch {
    return null;
  }
}
