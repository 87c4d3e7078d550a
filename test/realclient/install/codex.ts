// Codex as the real-client tier installs it: pinned, so tests, fixtures and docs/agents/codex.md
// describe exactly this version.
import type { AgentSpec } from '../agents.js';

export const spec: AgentSpec = {
  label: 'Codex',
  package: '@openai/codex',
  version: '0.171.0',
  entry: 'bin/codex.js',
};
