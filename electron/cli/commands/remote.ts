// `hookpanel remote add|remove <user@host> [--dry-run]` and `hookpanel remote list [--json]`: agents on
// other machines, through the person's own ssh. add and remove print what they install or delete
// there first; --dry-run prints only that.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { homePaths, hostEnvFromProcess, type HostEnv } from '../../host/paths.js';
import { UsageError } from '../output.js';

export interface RemoteInput {
  action: 'add' | 'remove' | 'list';
  target?: string;
  dryRun?: boolean;
  whenUnreachable?: 'block' | 'go-on';
  json?: boolean;
}

const out = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);

export async function remote(input: RemoteInput): Promise<number> {
  const host = hostEnvFromProcess();
  if (input.action === 'list') {
    if (input.target)
      throw new UsageError('remote list takes no machine; usage: hookpanel remote list [--json]');
    return list(host, !!input.json);
  }
  if (!input.target)
    throw new UsageError(
      `remote ${input.action} needs the machine; usage: hookpanel remote ${input.action} <user@host>`,
    );
  const { targetProblem } = await import('../../host/remote/target.js');
  const problem = targetProblem(input.target);
  if (problem) throw new UsageError(problem);
  if (input.action === 'remove' && input.whenUnreachable)
    throw new UsageError('--when-unreachable is for remote add');
  const { RemoteError } = await import('../../host/remote/ssh.js');
  const { ConnectError } = await import('../../host/agents/settings-edit.js');
  try {
    return input.action === 'add'
      ? await add(host, input.target, input.whenUnreachable ?? 'go-on', !!input.dryRun)
      : await remove(host, input.target, !!input.dryRun);
  } catch (e) {
    if (e instanceof RemoteError || e instanceof ConnectError) {
      process.stderr.write(`hookpanel remote ${input.action}: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

async function add(host: HostEnv, target: string, when: 'block' | 'go-on', dryRun: boolean): Promise<number> {
  const { applyInstall, describeInstall, planInstall } = await import('../../host/remote/install.js');
  const plan = await planInstall(host, target, when);
  out(describeInstall(plan));
  if (dryRun) {
    out(`Not installed (--dry-run): run hookpanel remote add ${target} to install it.`);
    return 0;
  }
  await applyInstall(host, plan);
  out(
    `Installed on ${target}. While Hookpanel runs here (the app, or hookpanel serve) it keeps an ssh connection to it; ` +
      `next: hookpanel connect claude --remote ${target}`,
  );
  return 0;
}

async function remove(host: HostEnv, target: string, dryRun: boolean): Promise<number> {
  const { readMachines } = await import('../../host/remote/machines.js');
  const { applyRemoval, describeRemoval } = await import('../../host/remote/install.js');
  const { applyRemote, previewRemote } = await import('../../host/remote/connect.js');
  const m = (await readMachines(host))[target];
  if (!m) {
    out(`${target} is not added: nothing to remove`);
    return 0;
  }
  // The agents connected there first, each file given back as it was before connect.
  const plans = [];
  for (const agent of Object.keys(m.agents)) plans.push(await previewRemote(host, target, agent, false));
  for (const p of plans)
    if (p.changed)
      out(
        `Disconnects ${p.label} there: ${p.removesFile ? `removes ${p.path}, which connect had created` : `takes its hooks out of ${p.path}`}`,
      );
  out(describeRemoval(m));
  if (dryRun) {
    out(`Not removed (--dry-run): run hookpanel remote remove ${target} to remove it.`);
    return 0;
  }
  for (const p of plans) out(await applyRemote(host, target, p.agent, false, p.diff));
  const left = await applyRemoval(host, m);
  for (const line of left) out(line);
  out(`Removed from ${target}; this desktop no longer connects to it.`);
  return 0;
}

interface ListedMachine {
  target: string;
  home: string;
  installedAt: string;
  whenUnreachable: 'block' | 'go-on';
  agents: string[];
  /** connecting, connected, reconnecting; `no host` when no Hookpanel host runs here. */
  state: string;
  error: string | null;
  lastEventAt: string | null;
  since: string | null;
}

async function list(host: HostEnv, json: boolean): Promise<number> {
  const { readMachines } = await import('../../host/remote/machines.js');
  const machines = await readMachines(host);
  const live = await liveStates(host);
  const rows: ListedMachine[] = Object.values(machines).map((m) => {
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
    };
  });
  if (json) {
    out(JSON.stringify({ machines: rows }, null, 2));
    return 0;
  }
  if (!rows.length) {
    out('No machines: hookpanel remote add <user@host> adds one.');
    return 0;
  }
  for (const r of rows) {
    const state =
      r.state === 'no host'
        ? 'not connected: no Hookpanel host runs on this desktop (start the app or hookpanel serve)'
        : r.state === 'connected'
          ? `connected since ${r.since}`
          : r.state === 'reconnecting'
            ? `reconnecting: ${r.error ?? 'the connection ended'}`
            : r.state;
    out(`${r.target}  ${state}`);
    out(
      `  last event: ${r.lastEventAt ?? 'none yet'}; agents connected there: ${r.agents.join(', ') || 'none'}`,
    );
    out(
      `  while this desktop is unreachable: ${r.whenUnreachable === 'block' ? 'tool calls are blocked' : 'the agent goes on as with no Hookpanel'}`,
    );
  }
  return 0;
}

/** The running host's view of each machine, or null when no host runs (its state file gone or stale). */
async function liveStates(
  host: HostEnv,
): Promise<Record<
  string,
  { state: string; error: string | null; lastEventAt: string | null; since: string }
> | null> {
  try {
    const body = JSON.parse(await readFile(join(homePaths(host).runDir, 'remote-state.json'), 'utf8')) as {
      pid: number;
      machines: Record<
        string,
        { state: string; error: string | null; lastEventAt: string | null; since: string }
      >;
    };
    process.kill(body.pid, 0);
    return body.machines;
  } catch {
    return null;
  }
}
