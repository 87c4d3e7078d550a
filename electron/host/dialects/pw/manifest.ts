// pw code (../shared/seeds/003_c7fb5911eadfcab5.txt) as data: what every list of dialects and `hookpanel
// emit` know of it.
import type { DialectManifest } from '../../../../shared/manifest.js';
import { PW_EVENTS } from './events.js';

export const manifest = {
  id: 'pw',
  label: 'pw code',
  kind: 'harness',
  events: PW_EVENTS,
  locations: {
    user: '`~/.config/agents/settings.json`, `~/.config/pw/code.json`',
    project:
      '`.mcp.json`, `.pw/code/settings.json`, `.agents/settings.json`, `.pw/code/settings.local.json`, `.agents/settings.local.json`',
  },
  conventions: {
    hookPayload:
      'the JSON envelope on stdin (`session_id`, `cwd`, `hook_event_name`, `tool_name`, `tool_input`, …), and `PW_PROJECT_DIR`',
    answer:
      'exit 2 with the reason on stderr blocks; JSON on stdout carries decisions, context and rewritten input',
    payloadEnv: null,
    answerFileEnv: null,
    guardEvents: ['PreToolUse', 'PermissionRequest'],
  },
  states: { disabled: 'disableAllHooks is set in a user-layer file' },
  options: [],
  gate: { by: 'hookpanel' },
} as const satisfies DialectManifest;
