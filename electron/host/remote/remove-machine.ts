// Taking a machine back, for `hookpanel remote remove` and Settings → Machines alike: first every agent
// `connect --remote` connected there (each settings file given back as it was before connect), then
// the bridge's files and folders. The plan is shown first; applying it says what was done, line by line.
import type { HostEnv } from '../paths.js';
import { applyRemote, previewRemote, type RemoteConnectPlan } from './connect.js';
import { applyRemoval } from './install.js';
import { readMachines, type MachineRecord } from './machines.js';
import { remoteFails, unlessRemoteFails, type RemoteFailed } from './ssh.js';

export interface MachineRemoval {
  machine: MachineRecord;
  /** The disconnections that change a file there. */
  disconnects: RemoteConnectPlan[];
}

/**
 * The removal, or that the machine is not added. A disconnection Hookpanel would not make there stops
 * the removal as ssh failing does, as a remote failure, before anything is removed.
 */
export function planMachineRemoval(
  host: HostEnv,
  target: string,
): Promise<{ kind: 'planned'; plan: MachineRemoval } | { kind: 'not-added' } | RemoteFailed> {
  return unlessRemoteFails(async () => {
    const plan = await removalPlan(host, target);
    return plan ? { kind: 'planned' as const, plan } : { kind: 'not-added' as const };
  });
}

async function removalPlan(host: HostEnv, target: string): Promise<MachineRemoval | null> {
  const machine = (await readMachines(host))[target];
  if (!machine) return null;
  const disconnects: RemoteConnectPlan[] = [];
  for (const agent of Object.keys(machine.agents)) {
    const p = await previewRemote(host, target, agent, false);
    if (p.kind !== 'planned') remoteFails(p.message);
    if (p.plan.changed) disconnects.push(p.plan);
  }
  return { machine, disconnects };
}

/** What each disconnection does there, in words. */
export function disconnectInWords(p: RemoteConnectPlan): string {
  return `Disconnects ${p.label} there: ${p.removesFile ? `removes ${p.path}, which connect had created` : `takes its hooks out of ${p.path}`}`;
}

/**
 * Applies the plan; the lines say what was done and what was left there. Stops at a disconnection
 * Hookpanel would not make, before the bridge's files go.
 */
export function applyMachineRemoval(
  host: HostEnv,
  plan: MachineRemoval,
): Promise<{ kind: 'removed'; lines: string[] } | RemoteFailed> {
  return unlessRemoteFails(async () => ({ kind: 'removed' as const, lines: await removeNow(host, plan) }));
}

async function removeNow(host: HostEnv, plan: MachineRemoval): Promise<string[]> {
  const lines: string[] = [];
  for (const p of plan.disconnects) {
    const done = await applyRemote(host, plan.machine.target, p.agent, false, p.diff);
    if (done.kind !== 'done') remoteFails(done.message);
    lines.push(done.message);
  }
  lines.push(...(await applyRemoval(host, plan.machine)));
  return lines;
}
