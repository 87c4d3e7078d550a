// Connecting Gemini CLI: the bridge in ~/.gemini/settings.json (JSON with comments, kept as written),
// one named hook per event with its timeout in milliseconds, as Gemini reads them.
import { join } from 'node:path';
import type { AgentConnector } from '../../agents/connector.js';
import { geminiDir } from './index.js';

/** As long as Codex and Claude Code give a hook (10 min): hosted rules keep their own, shorter ones. */
const BRIDGE_TIMEOUT_MS = 600_000;

export const connector: AgentConnector = {
  settingsPath: (host) => join(geminiDir(host), 'settings.json'),
  program: 'gemini',
  homeDir: geminiDir,
  events: [
    'SessionStart',
    'BeforeAgent',
    'BeforeTool',
    'AfterTool',
    'AfterAgent',
    'SessionEnd',
    'Notification',
  ],
  fastEvents: ['BeforeTool', 'AfterTool'],
  // Gemini names a hook in its messages and in hooksConfig.disabled.
  extras: () => ({ name: 'hookpanel', timeout: BRIDGE_TIMEOUT_MS }),
  what: 'Runs its own hooks. Connect adds the bridge to ~/.gemini/settings.json, so turn-done, blocked and tool events reach Hookpanel and your hosted gemini rules run. Gemini runs settings hooks only in folders it trusts.',
};
