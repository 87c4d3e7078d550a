// `hookpanel connect|disconnect <agent> --remote user@host`: the agent's own settings file on that
// machine gets the same edit as locally (settings-edit.ts: the diff first, every other byte kept), its
// hooks calling the bridge remote add installed; read and written over ssh. What the agent's part does
// after the change (Codex records its trust through its own app server) runs there too, over ssh
// (remote-machine.ts). What connect changed is kept in the machine's record, so disconnect and remote
// remove give the files back byte for byte.
import { basename, join } from 'node:path';
import { agentConnector, type ConnectContext } from '../agents/connector.js';
import { shellQuote } from '../agents/bridge-command.js';
import { refuse, unlessRefused, type ConnectRefused } from '../agents/refusal.js';
import {
  hasTopLevelKey,
  isEmptyObject,
  mergeEntries,
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
import { remoteMachine } from './remote-machine.js';
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

/**
 * What was done there, in words, or why it was not (then nothing was written). `incomplete`: the change
 * was made, but the agent will not run some of the hooks (Codex's trust could not be recorded).
 */
export type RemoteConnectResult =
  { kind: 'done'; message: string; incomplete: boolean } | ConnectRefused | RemoteFailed;

/** A remote step's outcome: its own, or Hookpanel's refusal, or ssh's failure, each said in words. */
function remoteOutcome<T extends { kind: string }>(
  work: () => Promise<T>,
): Promise<T | ConnectRefused | RemoteFailed> {
  return unlessRemoteFails(() => unlessRefused(work));
}

/** The change connect or disconnect would make there, as a diff. */
export function previewRemote(
  host: HostEnv,
  target: string,
  dialect: string,
  connect: boolean,
): Promise<RemotePreview> {
  return remoteOutcome(async () => ({
    kind: 'planned' as const,
    plan: await remotePlan(host, target, dialect, connect),
  }));
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
  // Its bridge is a whole file starting this computer's program as argv (Copilot CLI, opencode), not
  // entries calling the remote bridge: not made for another machine.
  if (c.connector.ownFile)
    refuse(
      `${c.label} cannot be connected on another machine yet: its bridge is a file of Hookpanel's that starts Hookpanel on the computer running the agent`,
    );
  // Codex's trust of the hooks is recorded by Codex's own program, there: without it, connect could
  // write hooks Codex would never run (docs/remote.md, "Connecting an agent there").
  const there = remoteMachine(host, target).programs.elsewhere!;
  if (connect && c.connector.afterConnectRunsProgram && !(await there.find(c.connector.program)))
    refuse(
      `${c.label} is not installed on ${target}: a command run there over ssh finds no ${c.connector.program} on its PATH (ssh ${target} command -v ${c.connector.program}), and connecting ${c.label} ends with ${c.label} itself recording its trust of the hooks there; install it there (or put it on that PATH), then connect again. Nothing was written.`,
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
  return remoteOutcome(() => applyNow(host, target, dialect, connect, shownDiff));
}

async function applyNow(
  host: HostEnv,
  target: string,
  dialect: string,
  connect: boolean,
  shownDiff: string,
): Promise<RemoteConnectResult> {
  const plan = await remotePlan(host, target, dialect, connect);
  const where = `${target}:${plan.path}`;
  if (plan.diff !== shownDiff && plan.changed)
    refuse(`${where} changed since the preview; look at the new diff`);
  const m = await machineOf(host, target);
  const c = (await agentConnector(dialect))!;
  const record = m.agents[plan.agent];
  const lines: string[] = [];
  if (!plan.changed)
    lines.push(
      connect
        ? `${plan.label} on ${target} is already connected; nothing changed in ${plan.path}`
        : `${plan.label} on ${target} was not connected; nothing changed in ${plan.path}`,
    );
  else {
    const backup = plan.before === null ? null : await backUp(host, plan);
    await writeRemoteFile(host, target, plan.path, plan.removesFile ? null : plan.after);
    const saved = backup ? ` (backup on this computer: ${backup})` : '';
    lines.push(
      plan.removesFile
        ? `Disconnected ${plan.label} on ${target}: removed ${plan.path}, which connect had created`
        : `${connect ? 'Connected' : 'Disconnected'} ${plan.label} on ${target}: ${plan.path}${saved}`,
    );
  }
  // As locally: connect completes what follows the change (Codex's trust) even with nothing to write.
  const entries = connect ? mergeEntries(record?.entries ?? [], plan.written) : (record?.entries ?? []);
  const ctx: ConnectContext = {
    host: remoteEnv(m),
    machine: remoteMachine(host, target),
    path: plan.path,
    entries,
    trusted: record?.trusted ?? [],
    notes: record?.notes ?? {},
  };
  let incomplete = false;
  let after: { trusted: ConnectContext['trusted']; notes: ConnectContext['notes'] } | null = null;
  if (connect && c.connector.afterConnect && (plan.changed || record)) {
    const done = await c.connector.afterConnect(ctx);
    after = { trusted: done.trusted, notes: { ...ctx.notes, ...done.notes } };
    incomplete = !!done.failed;
    if (done.message) lines.push(done.message);
  }
  if (!connect && record && c.connector.afterDisconnect) {
    const said = await c.connector.afterDisconnect(ctx);
    if (said) lines.push(said);
  }
  if (plan.changed || after || (!connect && record))
    await updateMachine(host, target, (now) => {
      if (!now) return null;
      const agents = { ...now.agents };
      const was = agents[plan.agent];
      if (!connect) delete agents[plan.agent];
      else
        agents[plan.agent] = {
          path: plan.path,
          fileExisted: was ? was.fileExisted : plan.before !== null,
          hadHooksKey: was ? was.hadHooksKey : plan.before !== null && hasTopLevelKey(plan.before, 'hooks'),
          connectedAt: was?.connectedAt ?? new Date().toISOString(),
          entries,
          trusted: after?.trusted ?? was?.trusted ?? [],
          notes: after?.notes ?? was?.notes ?? {},
        };
      return { ...now, agents };
    });
  return { kind: 'done', message: lines.join('\n'), incomplete };
}

/** The file as it was, kept on this computer in `backups/` before it is changed there. */
async function backUp(host: HostEnv, plan: RemoteConnectPlan): Promise<string> {
  const time = new Date().toISOString().replace(/[:.]/g, '-');
  const backup = join(
    homePaths(host).root,
    'backups',
    `${machineId(plan.target)}-${plan.agent}-${basename(plan.path)}.${time}.bak`,
  );
  await writeFileAtomic(backup, plan.before!);
  return backup;
}
