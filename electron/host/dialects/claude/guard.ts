// Claude Code's guarded mode: one drop-in in its managed settings folder with `allowManagedHooksOnly`
// and Hookpanel's bridge for every event, so Claude Code runs none of its user, project and local hooks
// and Hookpanel runs them in its place, only once trusted (docs/agents/claude-code-managed.md).
// The folder is fixed per platform in Claude Code's loader; writing there needs administrator rights.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bridgeCommand, thisInstallation, type CommandTarget } from '../../agents/bridge-command.js';
import { homePaths, type HostEnv } from '../../paths.js';
import { connector } from './connect.js';
import { CLAUDE_EVENTS } from './events.js';

/**
 * Test-only: the folder to use instead of the platform's managed settings folder, for tests of the
 * command line that cannot reach the system folder. The real Claude Code never reads it.
 */
export const TEST_MANAGED_DIR_VAR = 'HOOKPANEL_TEST_CLAUDE_MANAGED_DIR';

/** Claude Code's managed settings folder on this platform (its loader's own fixed paths). */
export function managedFolder(host: HostEnv): string {
  const forTests = host.env[TEST_MANAGED_DIR_VAR];
  if (forTests) return forTests;
  if (host.platform === 'darwin') return '/Library/Application Support/ClaudeCode';
  if (host.platform === 'win32') return 'C:\\Program Files\\ClaudeCode';
  return '/etc/claude-code';
}

/** The folders guard on may create, outermost first, and the drop-in file itself. */
export function guardPaths(host: HostEnv): { folders: string[]; file: string } {
  const root = managedFolder(host);
  const dropIns = join(root, 'managed-settings.d');
  return { folders: [root, dropIns], file: join(dropIns, 'hookpanel.json') };
}

/** Where `guard on` notes the folders it created, so `off` removes exactly those (when left empty). */
export const guardRecordPath = (host: HostEnv) => join(homePaths(host).root, 'claude-guard.json');

/** The drop-in's exact text: the key that silences Claude Code's own hooks, and the bridge for each event. */
export function guardContents(host: HostEnv, target: CommandTarget = thisInstallation()): string {
  const hooks: Record<string, unknown> = {};
  for (const { name } of CLAUDE_EVENTS) {
    const command = bridgeCommand(target, host, 'claude', name, connector.fastEvents.includes(name));
    hooks[name] = [{ hooks: [{ type: 'command', command, ...connector.extras(name) }] }];
  }
  return `${JSON.stringify({ allowManagedHooksOnly: true, hooks }, null, 2)}\n`;
}

/**
 * Whether Claude Code is guarded by Hookpanel on this machine: its drop-in is there and switches the
 * agent's own hooks off. Read on every load of Claude Code's files (a small file; a missing one is one stat).
 */
export function isGuarded(host: HostEnv): boolean {
  const { file } = guardPaths(host);
  if (!existsSync(file)) return false;
  try {
    const doc: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return (
      typeof doc === 'object' &&
      doc !== null &&
      (doc as Record<string, unknown>).allowManagedHooksOnly === true
    );
  } catch {
    return false;
  }
}
