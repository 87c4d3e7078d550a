// Qwen Code as data: what every list of dialects and `hookpanel emit` know of it.
import type { DialectManifest } from '../../../../shared/manifest.js';
import { QWEN_EVENTS } from './events.js';

export const manifest = {
  id: 'qwen',
  label: 'Qwen Code',
  kind: 'agent',
  events: QWEN_EVENTS,
  locations: {
    user: "`$QWEN_HOME` or `~/.qwen` + `/settings.json`, the system settings and system defaults (inspected), `hooks/qwen.json` in Hookpanel's home (hosted)",
    project: '`.qwen/settings.json` (inspected; Qwen Code reads its hooks only in a folder it trusts)',
  },
  conventions: {
    hookPayload:
      'the JSON envelope on stdin (`session_id`, `cwd`, `hook_event_name`, `timestamp`, `permission_mode`, `tool_name`, `tool_input`, …)',
    answer:
      'exit 2 with the reason on stderr blocks; JSON on stdout carries `decision` and `hookSpecificOutput` (`permissionDecision`, `additionalContext`)',
    payloadEnv: null,
    answerFileEnv: null,
    guardEvents: ['PreToolUse'],
  },
  states: { disabled: '`disableAllHooks` is set, so Qwen Code runs no hooks' },
  options: [],
  gate: {
    by: 'own',
    runs: "Qwen Code runs this file's hooks itself in folders it trusts: every folder while its folder trust is off (its default), else those trusted in its trustedFolders.json.",
    trust:
      "Trusting it here records that you reviewed these exact bytes, so Hookpanel shows you any later change. Qwen Code's folder trust, which decides, is unchanged.",
    block: 'Keeping it blocked here does not stop Qwen Code in a folder it trusts.',
  },
} as const satisfies DialectManifest;
