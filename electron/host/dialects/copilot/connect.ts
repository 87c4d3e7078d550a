// Connecting GitHub Copilot CLI: it reads every `*.json` in its hooks folder, so connect writes one file
// of Hookpanel's own there ($COPILOT_HOME/hooks/hookpanel.json, Copilot's hook schema) and disconnect
// removes exactly that file: the person's own hook files and settings.json are never edited.
import { join } from 'node:path';
import type { AgentConnector } from '../../agents/connector.js';
import { BRIDGED_EVENTS, bridgeFileText, isBridgeFile } from './bridge-file.js';
import { copilotHome } from './index.js';

export const BRIDGE_FILE = 'hookpanel.json';

export const connector: AgentConnector = {
  settingsPath: (host) => join(copilotHome(host), 'hooks', BRIDGE_FILE),
  program: 'copilot',
  homeDir: copilotHome,
  events: BRIDGED_EVENTS,
  fastEvents: ['preToolUse', 'permissionRequest', 'postToolUse'],
  // Its shell tool, as Copilot names it in permissionRequest's toolName.
  askMeTools: ['bash'],
  extras: () => ({}),
  ownFile: (bridge) => ({
    events: BRIDGED_EVENTS,
    text: () => bridgeFileText(bridge),
    owns: isBridgeFile,
    ownedWhen: 'holds only Hookpanel bridge hooks',
  }),
  what: `Runs its own hooks. Connect adds Hookpanel's hook file (hooks/${BRIDGE_FILE} in its home folder), so turn-done, blocked and tool events and its permission requests reach Hookpanel and your hosted copilot rules run.`,
};
