// Connecting Qwen Code: the bridge in its user settings (~/.qwen/settings.json, Claude Code's hooks
// schema) for the events that tell Hookpanel a turn is done or a tool is about to run.
import { join } from 'node:path';
import type { AgentConnector } from '../../agents/connector.js';
import { qwenDir } from './index.js';

export const connector: AgentConnector = {
  settingsPath: (host) => join(qwenDir(host), 'settings.json'),
  program: 'qwen',
  homeDir: qwenDir,
  events: [
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse',
    'PostToolUse',
    'Notification',
    'Stop',
    'SessionEnd',
  ],
  fastEvents: ['PreToolUse', 'PostToolUse'],
  // Seconds, as Qwen Code reads them (1000 or more would be milliseconds): as long as Claude Code gives
  // a hook, so hosted rules keep their own, shorter ones.
  extras: () => ({ timeout: 600 }),
  what: 'Runs its own hooks. Connect adds the bridge to ~/.qwen/settings.json, so turn-done, blocked and tool events reach Hookpanel and your hosted qwen rules run.',
};
