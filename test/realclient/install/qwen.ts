// Qwen Code as the real-client tier installs it: pinned (a plain install resolved an older one), so
// tests, fixtures and docs/agents/qwen.md describe exactly this version.
import type { AgentSpec } from '../agents.js';

export const spec: AgentSpec = {
  label: 'Qwen Code',
  package: '@qwen-code/qwen-code',
  version: '0.24.4',
  entry: 'cli-entry.js',
};
