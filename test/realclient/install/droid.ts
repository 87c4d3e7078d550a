// Factory Droid as the real-client tier installs it: pinned, so tests, fixtures and docs/agents/droid.md
// describe exactly this version. It is a native program published per platform; the wrapper
// `@factory/cli` named a platform package that was never published at its own version (0.225.1), so
// the tier installs the platform package itself and runs its binary (it has no npm launcher).
import { arch, platform } from 'node:os';
import type { AgentSpec } from '../agents.js';

const os = platform() === 'win32' ? 'win32' : platform();
const pkg = `@factory/cli-${os}-${arch()}`;

export const spec: AgentSpec = {
  label: 'Factory Droid',
  package: pkg,
  version: '0.225.2',
  entry: 'package.json',
  native: `${pkg}/bin/droid${os === 'win32' ? '.exe' : ''}`,
};
