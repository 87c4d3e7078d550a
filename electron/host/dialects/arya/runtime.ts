// arya at run time: observational and asynchronous; the payload travels in the environment.
import { failureOf, noDecision, type DialectRuntime } from '../../engine/runtime.js';

export const aryaRuntime: DialectRuntime = {
  matches: (rule, ev) => rule.events.includes(ev.event),
  classify: () => 'background',
  shellArgv: (command) => ['/bin/sh', '-c', command],
  input: (rule, ev) => ({
    env: {
      POLISH_HOOK_PAYLOAD: JSON.stringify(ev.payload),
      POLISH_HOOK_EVENT: ev.event,
      POLISH_HOOK_NAME: rule.name,
    },
    stdin: null,
  }),
  interpret(_rule, _ev, result) {
    // A failing or missing command is a failed dispatch, never an error of the session.
    const failure = failureOf(result);
    return failure
      ? { outcome: failure.outcome, decision: null, reason: failure.reason }
      : { outcome: 'ok', decision: null, reason: null };
  },
  aggregate: () => noDecision(),
  render: () => ({ exitCode: 0, stdout: '', stderr: '' }),
  turnDoneEvents: ['turn/stopping'],
  sessionStartEvents: [],
};
