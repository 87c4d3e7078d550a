// `hookpanel connect|disconnect <agent> --remote user@host`: the agent's own settings file on that
// machine gets the same edit as locally (settings-edit.ts: the diff first, every other byte kept), its
// hooks calling the bridge remote add installed; read and written over ssh. What connect changed is
// kept in the machine's record, so disconnect and remote remove give the file back byte for byte.
import { basename, join } from 'node:path';
import { agentConnector } from '../agents/connector.js';
import { shellQuote } from '../agents/bridge-command.js';
import { refuse, unlessRefused, type ConnectRefused } from '../agents/refusal.js';
import {
  hasTopLevelKey,
  isEmptyObject,
  planConnect,
  planDisconnect,
  type BridgeSpec,
  type EditPlan,
} from '../agents/settings-edit.js';
import { homePaths, type HostEnv } from '../paths.js';
import { askMeOf } from '../permissions/ask-me.js';
import { loadSettings } from '../settings/settings.js';
import { writeFileAtomic } from '../util/atomic.js';
import { remoteBridge } from './layout.js';
import { readMachines, updateMachine, type MachineRecord } from './machines.js';
import { readRemoteFile, writeRemoteFile } from './remote-files.js';
import { unlessRemoteFails, type RemoteFailed } from './ssh.js';
import { machineId } from './target.js';

export interface RemoteConnectPlan extends EditPlan {
  agent: string;
  label: string;
  target: string;
  removesFile: boolean;
}

async function machineOf(host: HostEnv, target: string): Promise<MachineRecord> {
  const m = (await readMachines(host))[target];
  if (!m) refuse(`${target} is not added: run hookpanel remote add ${target} first`);
  return m;
}

/** The remote user's side, as the agents' connect parts read it: their home, a POSIX machine. */
function remoteEnv(m: MachineRecord): HostEnv {
  return { home: m.home, platform: 'linux', env: { HOME: m.home } };
}

/** The change previewed on that machine, or why Hookpanel would not make it or could not see it. */
export type RemotePreview = { kind: 'planned'; plan: RemoteConnectPlan } | ConnectRefused | RemoteFailed;

/** What was done there, in words, or why it was not (then nothing was written). */
export type RemoteConnectResult = { kind: 'done'; message: string } | ConnectRefused | RemoteFailed;

/** The change connect or disconnect would make there, as a diff. */
export function previewRemote(
  host: HostEnv,
  target: string,
  dialect: string,
  connect: boolean,
): Promise<RemotePreview> {
  return unlessRemoteFails(() =>
    unlessRefused(async () => ({
      kind: 'planned' as const,
      plan: await remotePlan(host, target, dialect, connect),
    })),
  );
}

async function remotePlan(
  host: HostEnv,
  target: string,
  dialect: string,
  connect: boolean,
): Promise<RemoteConnectPlan> {
  const m = await machineOf(host, target);
  const c = await agentConnector(dialect);
  if (!c) refuse(`unknown agent "${dialect}"`);
  // Codex's trust of the hooks is recorded by Codex's own program (its app-server), which must run on
  // the machine, against the machine's files: not done over ssh yet (docs/remote.md).
  if (c.connector.afterConnect)
    refuse(
      `${c.label} cannot be connected on another machine yet: connecting it also records its trust of the hooks through its own program, which must run there, and Hookpanel runs it only on this computer`,
    );
  const path = c.connector.settingsPath(remoteEnv(m));
  const before = await readRemoteFile(host, target, path);
  const askMe = askMeOf((await loadSettings(host)).settings, c.id).on;
  const spec: BridgeSpec = {
    dialect: c.id,
    events: askMe ? [...c.connector.events, ...(c.connector.askMeEvents ?? [])] : c.connector.events,
    command: (event) => `${shellQuote(remoteBridge(m.home))} ${c.id} ${event}`,
    extras: (event) => c.connector.extras(event),
  };
  const record = m.agents[c.id];
  const plan = connect
    ? planConnect(path, before, spec)
    : planDisconnect(path, before, spec, record ? !record.hadHooksKey : true);
  const removesFile =
    !connect && plan.changed && !!record && !record.fileExisted && isEmptyObject(plan.after);
  return { ...plan, agent: c.id, label: c.label, target, removesFile };
}

/** Applies the plan shown as `shownDiff`, if the remote file still gives it; says what was done. */
export function applyRemote(
  host: HostEnv,
  target: string,
  dialect: string,
  connect: boolean,
  shownDiff: string,
): Promise<RemoteConnectResult> {
  return unlessRemoteFails(() =>
    unlessRefused(async () => ({
      kind: 'done' as const,
      message: await applyNow(host, target, dialect, connect, shownDiff),
    })),
  );
}

async function applyNow(
  host: HostEnv,
  target: string,
  dialect: string,
  connect: boolean,
  shownDiff: string,
): Promise<string> {
  const plan = await remotePlan(host, target, dialect, connect);
  const where = `${target}:${plan.path}`;
  if (plan.diff !== shownDiff && plan.changed)
    refuse(`${where} changed since the preview; look at the new diff`);
  if (!plan.changed)
    return connect
      ? `${plan.label} on ${target} is already connected; nothing changed in ${plan.path}`
      : `${plan.label} on ${target} was not connected; nothing changed in ${plan.path}`;
  let backup: string | null = null;
  if (plan.before !== null) {
    const time = new Date().toISOString().replace(/[:.]/g, '-');
    backup = join(
      homePaths(host).root,
      'backups',
      `${machineId(target)}-${plan.agent}-${basename(plan.path)}.${time}.bak`,
    );
    await writeFileAtomic(backup, plan.before);
  }
  await writeRemoteFile(host, target, plan.path, plan.removesFile ? null : plan.after);
  await updateMachine(host, target, (m) => {
    if (!m) return null;
    const agents = { ...m.agents };
    if (!connect) delete agents[plan.agent];
    else
      agents[plan.agent] ??= {
        path: plan.path,
        fileExisted: plan.before !== null,
        hadHooksKey: plan.before !== null && hasTopLevelKey(plan.before, 'hooks'),
        connectedAt: new Date().toISOString(),
      };
    return { ...m, agents };
  });
  const saved = backup ? ` (backup on this computer: ${backup})` : '';
  if (plan.removesFile)
    return `Disconnected ${plan.label} on ${target}: removed ${plan.path}, which connect had created`;
  return `${connect ? 'Connected' : 'Disconnected'} ${plan.label} on ${target}: ${plan.path}${saved}`;
}
