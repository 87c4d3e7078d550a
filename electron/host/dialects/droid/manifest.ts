// Factory Droid as data: what every list of dialects and `hookpanel emit` know of it.
import type { DialectManifest } from '../../../../shared/manifest.js';
import { DROID_EVENTS } from './events.js';

export const manifest = {
  id: 'droid',
  label: 'Factory Droid',
  kind: 'agent',
  events: DROID_EVENTS,
  locations: {
    user: "`$FACTORY_HOME_OVERRIDE` or `~` + `/.factory/settings.json` (`hooks`) and `/.factory/hooks.json` (or the older `hooks/hooks.json`) (inspected), `hooks/droid.json` in Hookpanel's home (hosted, the `settings.json` form)",
    project:
      '`.factory/settings.json`, `.factory/hooks.json` (inspected; `droid exec` runs them without asking)',
  },
  conventions: {
    hookPayload:
      'the JSON envelope on stdin (`session_id`, `transcript_path`, `cwd`, `permission_mode`, `hook_event_name`, `tool_name`, `tool_input`, …), and `FACTORY_PROJECT_DIR`',
    answer:
      'exit 2 with the reason on stderr blocks, exit 3 stops the session; JSON on stdout carries `decision` and `hookSpecificOutput` (`permissionDecision`, `additionalContext`, `updatedInput`)',
    payloadEnv: null,
    answerFileEnv: null,
    guardEvents: ['PreToolUse'],
  },
  states: { disabled: '`hooksDisabled` is set, so Droid runs no hooks' },
  options: [],
  gate: {
    by: 'own',
    runs: "Factory Droid runs this file's hooks itself: `droid exec` in any folder without asking; its interactive session runs no hook at all until you trust the folder in its own prompt.",
    trust:
      'Trusting it here records that you reviewed these exact bytes, so Hookpanel shows you any later change. Droid runs the hooks either way.',
    block: 'Keeping it blocked here does not stop Droid from running these hooks.',
  },
} as const satisfies DialectManifest;
