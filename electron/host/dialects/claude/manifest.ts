// Claude Code as data: what every list of dialects and `hookpanel emit` know of it.
import type { DialectManifest } from '../../../../shared/manifest.js';
import { CLAUDE_EVENTS } from './events.js';

export const manifest = {
  id: 'claude',
  label: 'Claude Code',
  kind: 'agent',
  events: CLAUDE_EVENTS,
  permissionEvent: 'PermissionRequest',
  locations: {
    user: "`$CLAUDE_CONFIG_DIR` or `~/.claude` + `/settings.json` (inspected), `hooks/claude.json` in Hookpanel's home (hosted)",
    project: '`.claude/settings.json`, `.claude/settings.local.json` (inspected)',
  },
  conventions: {
    hookPayload:
      'the JSON envelope on stdin (`session_id`, `cwd`, `hook_event_name`, `tool_name`, `tool_input`, …), and `CLAUDE_PROJECT_DIR`',
    answer:
      'exit 2 with the reason on stderr blocks, except on PermissionRequest, where a deny is `decision.behavior` JSON on exit 0 (exit 2 there is no decision); JSON on stdout carries decisions, context and rewritten input',
    payloadEnv: null,
    answerFileEnv: null,
    guardEvents: ['PreToolUse', 'PermissionRequest'],
    // Exit 2 on PermissionRequest is no decision to Claude Code: a deny there is JSON.
    denyInJson: { PermissionRequest: 'hookSpecificOutput.decision.behavior' },
  },
  states: { disabled: 'disableAllHooks is set in a user-layer file' },
  options: [],
  gate: {
    by: 'own',
    runs: "Claude Code runs this file's hooks itself in any folder it is opened in: interactively once you accept its folder trust prompt, and with `claude -p` without asking. Guarded mode is off: with it on (Settings → Agents, or `hookpanel guard claude on`), Hookpanel runs them instead, only once trusted.",
    trust:
      'Trusting it here records nothing while guarded mode is off: Claude Code runs the hooks either way.',
    block: 'Keeping it blocked here does not stop Claude Code from running these hooks.',
    guardedMode: true,
  },
} as const satisfies DialectManifest;
