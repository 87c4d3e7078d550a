// opencode as the real-client tier installs it: pinned, so tests, fixtures and docs/agents/opencode.md
// describe exactly this version. It is a native program: npm installs the one for this machine as an
// optional dependency, and the tier runs it directly (the `opencode` launcher is made by an install
// script, which the tier does not run).
import { arch, platform } from 'node:os';
import type { AgentSpec } from '../agents.js';

const os = platform() === 'win32' ? 'windows' : platform();

export const spec: AgentSpec = {
  label: 'opencode',
  package: 'opencode-ai',
  version: '1.18.33',
  entry: 'package.json',
  native: `opencode-${os}-${arch()}/bin/opencode${os === 'windows' ? '.exe' : ''}`,
};
