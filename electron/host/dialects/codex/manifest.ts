// OpenAI's Codex CLI as data: what every list of dialects and `hookpanel emit` know of it.
import type { DialectManifest } from '../../../../shared/manifest.js';
import { CODEX_EVENTS } from './events.js';

export const manifest = {
  id: 'codex',
  label: 'Codex',
  kind: 'agent',
  events: CODEX_EVENTS,
  permissionEvent: 'PermissionRequest',
  locations: {
    user: "`$CODEX_HOME` (default `~/.codex`) + `/hooks.json` and `[hooks]` in `/config.toml`, the same in `/etc/codex/` (inspected), `hooks/codex.json` in Hookpanel's home (hosted)",
    project:
      '`.codex/hooks.json`, `[hooks]` in `.codex/config.toml` (inspected; Codex loads them only in a project it trusts)',
  },
  conventions: {
    hookPayload:
      'the JSON envelope on stdin (`session_id`, `cwd`, `hook_event_name`, `turn_id`, `tool_name`, `tool_input`, …)',
    answer:
      'exit 2 with the reason on stderr blocks (denies a permission, continues a Stop); JSON on stdout carries `hookSpecificOutput` (`permissionDecision` with `updatedInput`, `decision.behavior`, `additionalContext`)',
    payloadEnv: null,
    answerFileEnv: null,
    guardEvents: ['PreToolUse', 'PermissionRequest'],
  },
  states: { disabled: '`[features] hooks = false` in a Codex config.toml, so Codex runs no hooks' },
  options: [],
  gate: {
    by: 'records',
    runs: "Codex runs this file's hooks itself, and only the hooks it trusts (its per-hook trust in config.toml).",
    trust:
      "Trusting it here records Codex's own trust for each of its hooks, through Codex, so Codex runs them.",
    block: 'Keeping it blocked here records nothing: Codex skips the hooks it has not trusted.',
  },
} as const satisfies DialectManifest;
