// Connecting Factory Droid: the bridge under `hooks` in its user settings (~/.factory/settings.json,
// Claude Code's hooks schema), beside its customModels and every other key, which stay as they are.
import { join } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import type { AgentMachine } from '../../agents/agent-machine.js';
import type { AgentConnector } from '../../agents/connector.js';
import { isPlainObject } from '../rule.js';
import { factoryDir } from './index.js';

const EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'Notification',
  'Stop',
  'SubagentStop',
  'SessionEnd',
];

export const connector: AgentConnector = {
  settingsPath: (host) => join(factoryDir(host), 'settings.json'),
  program: 'droid',
  homeDir: factoryDir,
  events: EVENTS,
  fastEvents: ['PreToolUse', 'PostToolUse'],
  // Seconds, as Droid reads them: as long as Claude Code gives a hook, so hosted rules keep their own.
  extras: () => ({ timeout: 600 }),
  what: 'Runs its own hooks. Connect adds the bridge to ~/.factory/settings.json, so turn-done, blocked and tool events reach Hookpanel and your hosted droid rules run. Droid has no permission event to answer.',
  // An event listed in ~/.factory/hooks.json replaces that event's hooks of settings.json in Droid.
  afterConnect: async ({ host, machine }) => {
    const shadowing = (await eventsIn(machine, join(factoryDir(host), 'hooks.json'))).filter((e) =>
      EVENTS.includes(e),
    );
    if (!shadowing.length) return { message: null, trusted: [] };
    return {
      message: `Droid will not run the bridge for ${shadowing.join(', ')}: ${join(factoryDir(host), 'hooks.json')} lists ${shadowing.length > 1 ? 'these events' : 'this event'}, which replaces the same event of settings.json. Move those hooks into settings.json, or add the bridge there by hand.`,
      trusted: [],
      failed: true,
    };
  },
};

/** The event keys of a hooks.json (none where it is missing or unreadable). */
async function eventsIn(machine: AgentMachine, path: string): Promise<string[]> {
  try {
    const value: unknown = parseJsonc((await machine.readFile(path)) ?? '');
    return isPlainObject(value) ? Object.keys(value) : [];
  } catch {
    return [];
  }
}
