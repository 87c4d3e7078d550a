// Whether opencode will run each of its plugins: every plugin in its folders, in any folder it is
// opened in, with no trust prompt of its own; so the verdict is always that it runs it, and there is
// nothing to fix in opencode (Trust review still records your review of a project plugin's bytes).
import { hookOf, type AgentHookTrust, type AgentTrustPart } from '../../agents/agent-trust.js';
import { manifest } from './manifest.js';

export const trust: AgentTrustPart = {
  report(sources) {
    const hooks = sources
      .filter((s) => s.role === 'inspected' && s.state !== 'absent' && s.state !== 'invalid')
      .flatMap((source) =>
        source.rules.map((rule): AgentHookTrust => ({
          ...hookOf(source, rule),
          trustable: null,
          status: 'runs',
          state: 'runs',
          message: 'opencode runs this',
        })),
      );
    return Promise.resolve({ dialect: manifest.id, label: manifest.label, hooks, fix: null });
  },
};
