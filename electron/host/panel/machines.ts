// Settings → Machines on the host side: the same code as `hookpanel remote add|remove|list`, each
// plan shown before it is applied, and the connection states from this process's hub (remote/hub.ts).
import type { MachineChannels } from '../../../shared/machines.js';
import type { Handlers } from './api.js';
import { machineViews } from '../remote/listing.js';
import { hubOf } from '../remote/hub.js';
import { remoteDir } from '../remote/layout.js';
import { applyInstall, planInstall, removedPaths, toolsInWords } from '../remote/install.js';
import { applyMachineRemoval, disconnectInWords, planMachineRemoval } from '../remote/remove-machine.js';
import { unlessRemoteFails, type RemoteFailed } from '../remote/ssh.js';
import { targetProblem } from '../remote/target.js';
import type { HookHost } from '../service.js';

type MachineHandlers = Pick<Handlers, keyof typeof MachineChannels>;

/** The target as ssh will get it; the request fails with the reason it cannot be one. */
function checked(target: string): string {
  const problem = targetProblem(target);
  if (problem) throw new Error(problem);
  return target;
}

/** A remote step's failure is this request's: the panel shows its message where it asked. */
async function orFail<T>(work: () => Promise<T>): Promise<T> {
  const r: T | RemoteFailed = await unlessRemoteFails(work);
  if (isRemoteFailed(r)) throw new Error(r.message);
  return r;
}

function isRemoteFailed(r: unknown): r is RemoteFailed {
  return typeof r === 'object' && r !== null && (r as { kind?: unknown }).kind === 'remote-failed';
}

export function machineHandlers(host: HookHost): MachineHandlers {
  const views = () => machineViews(host.host, hubOf(host)?.states() ?? null);
  return {
    'machines:list': views,
    'machines:plan': async ({ target, whenUnreachable }) => {
      const plan = await orFail(() => planInstall(host.host, checked(target), whenUnreachable));
      return {
        target: plan.target,
        dir: plan.dir,
        update: plan.update,
        files: [
          ...plan.files.map((f) => ({ name: f.name, what: f.what })),
          { name: 'run/', what: "where this computer's ssh connection puts its socket" },
        ],
        tools: toolsInWords(plan.facts),
        whenUnreachable,
      };
    },
    'machines:add': async ({ target, whenUnreachable }) => {
      const plan = await orFail(() => planInstall(host.host, checked(target), whenUnreachable));
      await orFail(() => applyInstall(host.host, plan));
      hubOf(host)?.refresh();
      return {
        ok: true,
        message: plan.update
          ? `Updated on ${target}.`
          : `Installed on ${target}. This computer now keeps an ssh connection to it.`,
      };
    },
    'machines:removal': async ({ target }) => {
      const plan = await orFail(() => planMachineRemoval(host.host, target));
      if (!plan) throw new Error(`${target} is not added: nothing to remove`);
      return {
        target,
        dir: remoteDir(plan.machine.home),
        agents: plan.disconnects.map(disconnectInWords),
        ...removedPaths(plan.machine),
      };
    },
    'machines:remove': async ({ target }) => {
      const plan = await orFail(() => planMachineRemoval(host.host, target));
      if (!plan) return { ok: true, message: `${target} is not added: nothing to remove` };
      const lines = await orFail(() => applyMachineRemoval(host.host, plan));
      hubOf(host)?.refresh();
      return {
        ok: true,
        message: [`Removed from ${target}; this computer no longer connects to it.`, ...lines].join('\n'),
      };
    },
  };
}
