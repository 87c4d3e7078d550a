// Gemini CLI as the real-client tier installs it: pinned, so tests, fixtures and docs/agents/gemini.md
// describe exactly this version.
import type { AgentSpec } from '../agents.js';

export const spec: AgentSpec = {
  label: 'Gemini CLI',
  package: '@google/gemini-cli',
  version: '0.61.0',
  entry: 'bundle/gemini.js',
};
