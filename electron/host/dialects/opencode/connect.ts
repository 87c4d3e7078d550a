// Connecting opencode: its hooks are JavaScript plugins, so connect writes Hookpanel's bridge plugin
// (bridge-plugin.ts) into opencode's user plugin folder; disconnect removes exactly that file.
import { join } from 'node:path';
import type { AgentConnector } from '../../agents/connector.js';
import { bridgePluginText, isBridgePlugin, PLUGIN_FILE } from './bridge-plugin.js';
import { BRIDGED_EVENTS } from './events.js';
import { opencodeConfigDir } from './places.js';

export const connector: AgentConnector = {
  settingsPath: (host) => join(opencodeConfigDir(host), 'plugins', PLUGIN_FILE),
  program: 'opencode',
  homeDir: opencodeConfigDir,
  events: BRIDGED_EVENTS,
  fastEvents: ['tool.execute.before', 'tool.execute.after'],
  extras: () => ({}),
  ownFile: (bridge) => ({
    events: BRIDGED_EVENTS,
    text: () => bridgePluginText(Object.fromEntries(BRIDGED_EVENTS.map((e) => [e, bridge(e)]))),
    owns: isBridgePlugin,
    ownedWhen: "starts with Hookpanel's mark on its first line",
  }),
  what: `Runs its own plugins. Connect adds Hookpanel's bridge plugin (plugins/${PLUGIN_FILE} in its user config folder), so turn-done, blocked and tool events reach Hookpanel and your hosted opencode rules run. opencode does not call its permission.ask hook in a headless run.`,
};
