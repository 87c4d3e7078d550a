// Connecting Claude Code: the bridge in its user settings for the events that tell Hookpanel a turn is
// done, something was blocked or needs input, and that let hosted claude rules guard tool calls.
import { join } from 'node:path';
import type { AgentConnector } from '../../agents/connector.js';
import type { HostEnv } from '../../paths.js';

const configDir = (host: HostEnv) => host.env.CLAUDE_CONFIG_DIR || join(host.home, '.claude');

export const connector: AgentConnector = {
  settingsPath: (host) => join(configDir(host), 'settings.json'),
  program: 'claude',
  homeDir: configDir,
  events: [
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse',
    'PostToolUse',
    'Notification',
    'Stop',
    'SubagentStop',
    'SessionEnd',
  ],
  // Held for a person while Ask me is on; Claude Code shows its own dialog meanwhile.
  askMeEvents: ['PermissionRequest'],
  // The tools Claude Code asks about in its default mode (MCP tools, mcp__…, come from History).
  askMeTools: ['Bash', 'Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'WebFetch', 'WebSearch'],
  fastEvents: ['PreToolUse', 'PostToolUse', 'PermissionRequest'],
  // Claude Code's default, written out: the host gives up a little before (Ask me's waitSeconds, 590).
  extras: (event) => (event === 'PermissionRequest' ? { timeout: 600 } : {}),
  what: 'Runs its own hooks. Connect adds the bridge to its user settings, so turn-done, blocked and needs-input events reach Hookpanel and your hosted claude rules run.',
};
