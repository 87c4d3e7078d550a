// Ask me in Settings: per agent that can be asked, the tools a person may limit it to (the agent's
// common ones and those it has asked about, from History) and what keeps its requests from arriving
// (the check `hookpanel ask-me` warns with).
import type { AskMeStatus } from '../../../shared/ipc.js';
import { askMeGap } from '../agents/ask-me-gap.js';
import { agentConnector } from '../agents/connector.js';
import { toolOf } from '../history/event-kind.js';
import { ASK_ME_AGENTS, permissionEventOf } from '../permissions/ask-me.js';
import type { HookHost } from '../service.js';

/** Permission requests looked at per agent for the tools it asked about. */
const LOOKED_AT = 500;

export async function askMeStatus(host: HookHost): Promise<AskMeStatus[]> {
  return Promise.all(
    ASK_ME_AGENTS.map(async (agent): Promise<AskMeStatus> => {
      const c = await agentConnector(agent);
      const events = await host.history.events(LOOKED_AT, {
        dialect: agent,
        event: permissionEventOf(agent)!,
      });
      const asked = [...new Set(events.map((e) => (e.payloadTruncated ? null : toolOf(e.payload))))]
        .filter((t): t is string => !!t)
        .sort();
      const common = c?.connector.askMeTools ?? [];
      const gap = await askMeGap(host.host, host.settings, agent);
      return {
        agent,
        label: c?.label ?? agent,
        tools: [...new Set([...common, ...asked])],
        asked,
        scope: c?.connector.askMeScope ?? null,
        gap: gap && { kind: gap.kind, path: gap.path, message: gap.message },
      };
    }),
  );
}
