import { resolve } from 'node:path';
import type { LoadContext } from './dialects/dialect.js';
import { hostEnvFromProcess, type HostEnv } from './paths.js';
import { loadSettings } from './settings/settings.js';

/** The load context for a workspace, with Hookpanel's own settings read from its home. */
export async function contextFor(
  workspace: string | null,
  host: HostEnv = hostEnvFromProcess(),
): Promise<LoadContext & { settingsProblem: string | null }> {
  const { settings, problem } = await loadSettings(host);
  return { host, workspace: workspace ? resolve(workspace) : null, settings, settingsProblem: problem };
}
