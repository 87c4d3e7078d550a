// opencode at run time, for Hookpanel's hosted hooks/opencode.json: Claude Code's hooks protocol (the
// envelope on stdin, exit 2 or decision JSON to block), since opencode has no command hooks of its own.
// The answer goes to Hookpanel's bridge plugin, which reads it (bridge-plugin.ts): exit 2 with the
// reason on stderr makes it throw, and opencode stops the tool; `updatedInput` replaces the arguments.
import type { DialectRuntime } from '../../engine/runtime.js';
import { settingsRuntime } from '../pw/runtime.js';
import { OPENCODE_EVENTS } from './events.js';

const settings = settingsRuntime({ events: OPENCODE_EVENTS, matcher: 'claude' });

export const opencodeRuntime: DialectRuntime = {
  ...settings,
  render(answer, ev) {
    // A hosted rule's `permissionDecision: "deny"` is a block too: the plugin knows one way to refuse.
    if (answer.decision !== 'allow' || answer.permissionDecision === 'deny')
      return {
        exitCode: 2,
        stdout: '',
        stderr: `${answer.reason?.trim() || 'blocked by a Hookpanel rule'}\n`,
      };
    return settings.render(answer, ev);
  },
  turnDoneEvents: ['session.idle'],
  sessionStartEvents: ['session.created'],
};
