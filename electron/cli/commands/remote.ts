// `hookpanel remote add|remove <user@host> [--dry-run]` and `hookpanel remote list [--json]`: agents on
// other machines, through the person's own ssh. add and remove print what they install or delete
// there first; --dry-run prints only that.
import { hostEnvFromProcess, type HostEnv } from '../../host/paths.js';
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
  const failed = (message: string) => {
    process.stderr.write(`hookpanel remote ${input.action}: ${message}\n`);
    return 1;
  };
  return input.action === 'add'
    ? add(host, input.target, input.whenUnreachable ?? 'go-on', !!input.dryRun, failed)
    : remove(host, input.target, !!input.dryRun, failed);
}

/** Says why a remote step failed, on stderr; the command's exit code. */
type Failed = (message: string) => number;

async function add(
  host: HostEnv,
  target: string,
  when: 'block' | 'go-on',
  dryRun: boolean,
  failed: Failed,
): Promise<number> {
  const { applyInstall, describeInstall, planInstall } = await import('../../host/remote/install.js');
  const planned = await planInstall(host, target, when);
  if (planned.kind === 'remote-failed') return failed(planned.message);
  const { plan } = planned;
  out(describeInstall(plan));
  if (dryRun) {
    out(`Not installed (--dry-run): run hookpanel remote add ${target} to install it.`);
    return 0;
  }
  const installed = await applyInstall(host, plan);
  if (installed.kind === 'remote-failed') return failed(installed.message);
  out(
    `Installed on ${target}. While Hookpanel runs here (the app, or hookpanel serve) it keeps an ssh connection to it; ` +
      `next: hookpanel connect claude --remote ${target}`,
  );
  return 0;
}

async function remove(host: HostEnv, target: string, dryRun: boolean, failed: Failed): Promise<number> {
  const { describeRemoval } = await import('../../host/remote/install.js');
  const { applyMachineRemoval, disconnectInWords, planMachineRemoval } =
    await import('../../host/remote/remove-machine.js');
  const planned = await planMachineRemoval(host, target);
  if (planned.kind === 'remote-failed') return failed(planned.message);
  if (planned.kind === 'not-added') {
    out(`${target} is not added: nothing to remove`);
    return 0;
  }
  const { plan } = planned;
  for (const p of plan.disconnects) out(disconnectInWords(p));
  out(describeRemoval(plan.machine));
  if (dryRun) {
    out(`Not removed (--dry-run): run hookpanel remote remove ${target} to remove it.`);
    return 0;
  }
  const removed = await applyMachineRemoval(host, plan);
  if (removed.kind === 'remote-failed') return failed(removed.message);
  for (const line of removed.lines) out(line);
  out(`Removed from ${target}; this computer no longer connects to it.`);
  return 0;
}

async function list(host: HostEnv, json: boolean): Promise<number> {
  const { machineViews, readLiveStates } = await import('../../host/remote/listing.js');
  const rows = await machineViews(host, await readLiveStates(host));
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
        ? 'not connected: no Hookpanel host runs on this computer (start the app or hookpanel serve)'
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
      `  while this computer is unreachable: ${r.whenUnreachable === 'block' ? 'tool calls are blocked' : 'the agent goes on as with no Hookpanel'}`,
    );
  }
  return 0;
}
