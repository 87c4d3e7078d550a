// GitHub Copilot CLI as the real-client tier installs it: pinned, so tests, fixtures and
// docs/agents/copilot.md describe exactly this version. It is a native program: npm installs the one
// for this machine as an optional dependency (@github/copilot-<platform>-<arch>), and the tier runs it
// directly. At its first run it unpacks about 235 MB into its package cache: copilot-run.ts points that
// at a folder beside the install, so it happens once per installed version, not once per test.
import { arch, platform } from 'node:os';
import type { AgentSpec } from '../agents.js';

export const spec: AgentSpec = {
  label: 'GitHub Copilot CLI',
  package: '@github/copilot',
  version: '1.0.102',
  entry: 'package.json',
  native: `@github/copilot-${platform()}-${arch()}/copilot${platform() === 'win32' ? '.exe' : ''}`,
};
