// Settings → Machines on the host side: the same code as `hookpanel remote add|remove|list`, each
// plan shown before it is applied, and the connection states from this process's hub (remote/hub.ts).
import type { MachineChannels } from '../../../shared/machines.js';
import type { Handlers } from './api.js';
import { machineViews } from '../remote/listing.js';
import { hubOf } from '../remote/hub.js';
import { remoteDir } from '../remote/layout.js';
import { applyInstall, planInstall, removedPaths, toolsInWords } from '../remote/install.js';
import { applyMachineRemoval, disconnectInWords, planMachineRemoval } from '../remote/remove-machine.js';
import { targetProblem } from '../remote/target.js';
import type { HookHost } from '../service.js';

type MachineHandlers = Pick<Handlers, keyof typeof MachineChannels>;

/** The target as ssh will get it; the request fails with the reason it cannot be one. */
function checked(target: string): string {
  const problem = targetProblem(target);
  if (problem) throw new Error(problem);
  return target;
}

export function machineHandlers(host: HookHost): MachineHandlers {
  const views = () => machineViews(host.host, hubOf(host)?.states() ?? null);
  return {
    'machines:list': views,
    'machines:plan': async ({ target, whenUnreachable }) => {
      const planned = await planInstall(host.host, checked(target), whenUnreachable);
      switch (planned.kind) {
        case 'remote-failed':
          throw new Error(planned.message);
        case 'planned': {
          const { plan } = planned;
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
        }
      }
    },
    'machines:add': async ({ target, whenUnreachable }) => {
      const planned = await planInstall(host.host, checked(target), whenUnreachable);
      if (planned.kind === 'remote-failed') throw new Error(planned.message);
      const installed = await applyInstall(host.host, planned.plan);
      switch (installed.kind) {
        case 'remote-failed':
          throw new Error(installed.message);
        case 'installed':
          hubOf(host)?.refresh();
          return {
            ok: true,
            message: planned.plan.update
              ? `Updated on ${target}.`
              : `Installed on ${target}. This computer now keeps an ssh connection to it.`,
          };
      }
    },
    'machines:removal': async ({ target }) => {
      const planned = await planMachineRemoval(host.host, target);
      switch (planned.kind) {
        case 'remote-failed':
          throw new Error(planned.message);
        case 'not-added':
          throw new Error(`${target} is not added: nothing to remove`);
        case 'planned': {
          const { plan } = planned;
          return {
            target,
            dir: remoteDir(plan.machine.home),
            agents: plan.disconnects.map(disconnectInWords),
            ...removedPaths(plan.machine),
          };
        }
      }
    },
    'machines:remove': async ({ target }) => {
      const planned = await planMachineRemoval(host.host, target);
      switch (planned.kind) {
        case 'remote-failed':
          throw new Error(planned.message);
        case 'not-added':
          return { ok: true, message: `${target} is not added: nothing to remove` };
        case 'planned': {
          const removed = await applyMachineRemoval(host.host, planned.plan);
          if (removed.kind === 'remote-failed') throw new Error(removed.message);
          hubOf(host)?.refresh();
          return {
            ok: true,
            message: [
              `Removed from ${target}; this computer no longer connects to it.`,
              ...removed.lines,
            ].join('\n'),
          };
        }
      }
    },
  };
}
