// Chrys (../shared/seeds/002_6fd1ef551e57a9ac.txt) as data: what every list of dialects and `hookpanel emit`
// know of it.
import type { DialectManifest } from '../../../../shared/manifest.js';
import { CHRYS_EVENTS } from './events.js';

export const manifest = {
  id: 'chrys',
  label: 'Chrys',
  kind: 'harness',
  events: CHRYS_EVENTS,
  locations: {
    user: '`$CHRYS_HOME` or `~/.chrys` + `/hooks/hooks.{yaml,yml,json}`',
    project: '`.chrys/hooks/hooks.{yaml,yml,json}`',
  },
  conventions: {
    hookPayload:
      '`{ "event", …payload }` as JSON on stdin, and `CHRYS_HOOK_EVENT`, `CHRYS_HOOK_ID`, `CHRYS_SESSION_ID`, `CHRYS_WORKSPACE`',
    answer:
      '`{ "decision": "allow" | "block" | "modify", "reason", "args", "context" }` in the file `CHRYS_HOOK_RESULT` names',
    payloadEnv: null,
    answerFileEnv: 'CHRYS_HOOK_RESULT',
    guardEvents: ['before_tool_call', 'user_prompt_submit'],
  },
  states: { dormant: 'chrys project hooks are off (project.hooks_enabled)' },
  options: [
    {
      key: 'projectHooksEnabled',
      label: 'run project hooks',
      description: '`project.hooks_enabled`; they still need trust',
      default: false,
    },
  ],
  gate: { by: 'hookpanel' },
} as const satisfies DialectManifest;
