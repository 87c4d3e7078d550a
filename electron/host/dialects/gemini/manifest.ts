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
    by: 'own',
    runs: "Gemini CLI runs this file's hooks itself in folders trusted in Gemini CLI (its trusted-folders file); in a folder it does not trust, it skips the file.",
    trust:
      "Trusting it here records that you reviewed these exact bytes (and its scripts), so Hookpanel shows you any later change. Gemini CLI's folder trust, which decides, is unchanged.",
    block: 'Keeping it blocked here does not stop Gemini CLI in a folder it trusts.',
  },
} as const satisfies DialectManifest;
