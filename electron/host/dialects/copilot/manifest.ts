// GitHub Copilot CLI as data: what every list of dialects and `hookpanel emit` know of it. Its hooks
// are its own schema (`{"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": …}]}}`), in
// files of their own and in its settings.json (docs/agents/copilot.md).
import type { DialectManifest } from '../../../../shared/manifest.js';
import { COPILOT_EVENTS } from './events.js';

export const manifest = {
  id: 'copilot',
  label: 'GitHub Copilot CLI',
  kind: 'agent',
  events: COPILOT_EVENTS,
  permissionEvent: 'permissionRequest',
  locations: {
    user: "`$COPILOT_HOME` (default `~/.copilot`) + `/hooks/*.json` and `hooks` in `/settings.json` (inspected), `hooks/copilot.json` in Hookpanel's home (hosted, Copilot's schema)",
    project:
      '`.github/hooks/*.json` (inspected; `copilot -p` loads them only in a folder it trusts, or with `GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true`)',
  },
  conventions: {
    hookPayload:
      'camelCase JSON on stdin (`sessionId`, `timestamp`, `cwd`, `toolName`, `toolArgs`; `toolInput` on permissionRequest), without the event name',
    answer:
      'JSON on stdout: `permissionDecision: "deny"` with `permissionDecisionReason` denies a tool (preToolUse), `behavior: "deny"` with `message` or `behavior: "allow"` answers permissionRequest; exit 2 denies too, but Copilot then tells the model only that the hook exited 2',
    payloadEnv: null,
    answerFileEnv: null,
    guardEvents: ['preToolUse', 'permissionRequest'],
    // Copilot blocks on exit 2 but drops the reason, so every deny is JSON (docs/agents/copilot.md, "Answers").
    denyInJson: { preToolUse: 'permissionDecision', permissionRequest: 'behavior' },
  },
  states: { disabled: '`disableAllHooks` is set, so Copilot CLI runs no hooks of its settings files' },
  options: [],
  gate: {
    by: 'own',
    runs: "GitHub Copilot CLI runs this file's hooks itself in folders it trusts (its folder trust prompt, or `trustedFolders` in its config.json); `copilot -p` skips them in any other folder unless `GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true`.",
    trust:
      "Trusting it here records that you reviewed these exact bytes, so Hookpanel shows you any later change. Copilot CLI's folder trust, which decides, is unchanged.",
    block: 'Keeping it blocked here does not stop Copilot CLI in a folder it trusts.',
  },
} as const satisfies DialectManifest;
