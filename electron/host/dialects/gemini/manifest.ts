// Google's Gemini CLI as data: what every list of dialects and `hookpanel emit` know of it.
import type { DialectManifest } from '../../../../shared/manifest.js';
import { GEMINI_EVENTS } from './events.js';

export const manifest = {
  id: 'gemini',
  label: 'Gemini CLI',
  kind: 'agent',
  events: GEMINI_EVENTS,
  locations: {
    user: "`$GEMINI_CLI_HOME` or `~` + `/.gemini/settings.json`, the system settings and system defaults (inspected), `hooks/gemini.json` in Hookpanel's home (hosted)",
    project: '`.gemini/settings.json` (inspected; Gemini reads it only in a trusted folder)',
  },
  conventions: {
    hookPayload:
      'the JSON envelope on stdin (`session_id`, `cwd`, `hook_event_name`, `timestamp`, `tool_name`, `tool_input`, …), and `GEMINI_PROJECT_DIR`',
    answer:
      'exit 2 with the reason on stderr (and nothing on stdout) blocks; JSON on stdout carries `decision`, `hookSpecificOutput.additionalContext` and `tool_input`',
    payloadEnv: null,
    answerFileEnv: null,
    guardEvents: ['BeforeTool'],
  },
  states: { disabled: '`hooksConfig.enabled` is false, so Gemini CLI runs no hooks' },
  options: [],
  gate: {
    by: 'records',
    runs: "Gemini CLI runs this file's hooks itself, in folders it trusts (its trusted-folders file, ~/.gemini/trustedFolders.json), except hooks switched off in hooksConfig.disabled.",
    trust:
      "Trusting it here trusts the folder in Gemini CLI (a TRUST_FOLDER rule Hookpanel adds to its trusted-folders file), so Gemini runs these hooks, and reads the folder's other settings; a hook that changes later, or whose script changes, is switched off in Gemini until you review it again.",
    block:
      'Keeping it blocked here takes back the folder rule Hookpanel added; where you trust the folder in Gemini CLI yourself, it switches these hooks off there (hooksConfig.disabled in your ~/.gemini/settings.json) instead.',
    blocks: true,
  },
} as const satisfies DialectManifest;
