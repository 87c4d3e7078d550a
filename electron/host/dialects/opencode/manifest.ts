// opencode as data: what every list of dialects and `hookpanel emit` know of it. Its hooks are
// JavaScript plugins, so its own files are shown and reviewed as code that runs; Hookpanel's hosted
// rules for it are in Claude Code's hooks schema (docs/agents/opencode.md).
import type { DialectManifest } from '../../../../shared/manifest.js';
import { OPENCODE_EVENTS } from './events.js';

export const manifest = {
  id: 'opencode',
  label: 'opencode',
  kind: 'agent',
  events: OPENCODE_EVENTS,
  locations: {
    user: "plugins in `$XDG_CONFIG_HOME/opencode/` (default `~/.config/opencode/`) and `$OPENCODE_CONFIG_DIR`, `{plugin,plugins}/*.{js,ts}` (inspected: code that runs), `hooks/opencode.json` in Hookpanel's home (hosted, Claude Code's schema)",
    project: '`.opencode/plugin/`, `.opencode/plugins/` (`*.js`, `*.ts`; inspected: code that runs)',
  },
  conventions: {
    hookPayload:
      'the JSON envelope on stdin, as Claude Code sends it (`session_id`, `cwd`, `hook_event_name`, `tool_name`, `tool_input`, …), and `CLAUDE_PROJECT_DIR`',
    answer:
      "exit 2 with the reason on stderr blocks (Hookpanel's plugin throws it, so opencode stops the tool and tells the model why); JSON on stdout carries `hookSpecificOutput.updatedInput`",
    payloadEnv: null,
    answerFileEnv: null,
    guardEvents: ['tool.execute.before'],
  },
  states: {},
  options: [],
  gate: {
    by: 'own',
    runs: 'opencode runs every plugin in this folder itself, in any folder it is opened in, without asking: it has no trust prompt for project plugins.',
    trust:
      'Trusting it here records that you reviewed these exact bytes, so Hookpanel shows you any later change. opencode runs the plugin either way.',
    block: 'Keeping it blocked here does not stop opencode from running this plugin.',
  },
} as const satisfies DialectManifest;
