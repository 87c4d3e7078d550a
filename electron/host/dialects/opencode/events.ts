// opencode's events as Hookpanel's bridge plugin forwards them, named as opencode names them: its
// plugin hooks (`tool.execute.before`, `chat.message`, `permission.ask`) and the bus events its `event`
// hook receives (`session.created`, `session.idle`, `session.error`). Facts and how they were seen:
// docs/agents/opencode.md.
import { defineCatalog } from '../../../../shared/events/catalog.js';

const base = { session_id: 'ses_1', cwd: '/tmp/workspace' };
const shell = { ...base, tool_name: 'bash', tool_call_id: 'call_1', tool_input: { command: 'ls -la' } };

export const OPENCODE_EVENTS = defineCatalog([
  {
    name: 'session.created',
    description: 'A session started',
    sample: { ...base, hook_event_name: 'session.created' },
  },
  {
    name: 'chat.message',
    description: 'A prompt was submitted',
    sample: { ...base, hook_event_name: 'chat.message', prompt: 'hello' },
  },
  {
    name: 'tool.execute.before',
    description: 'Before a tool runs; a block stops it, and opencode gives the model the reason',
    matcherField: 'tool_name',
    blockable: true,
    toolEvent: true,
    sample: { ...shell, hook_event_name: 'tool.execute.before' },
  },
  {
    name: 'tool.execute.after',
    description: 'After a tool ran',
    matcherField: 'tool_name',
    toolEvent: true,
    sample: { ...shell, hook_event_name: 'tool.execute.after', tool_response: { title: 'ls', output: '' } },
  },
  {
    name: 'session.idle',
    description: 'The turn is done: the session went idle',
    sample: { ...base, hook_event_name: 'session.idle' },
  },
  {
    name: 'session.error',
    description: 'The turn ended with an error',
    sample: { ...base, hook_event_name: 'session.error', error: 'provider unreachable' },
  },
  {
    name: 'permission.ask',
    description: 'opencode asks for permission to run a tool',
    matcherField: 'tool_name',
    toolEvent: true,
    // Measured on opencode 1.18.33: not called in a headless `opencode run`.
    dormantReason:
      'an interactive opencode: a headless `opencode run` (1.18.33) never calls its permission.ask hook',
    sample: { ...shell, hook_event_name: 'permission.ask' },
  },
]);

/** What connect's bridge plugin forwards, in the order it handles them. */
export const BRIDGED_EVENTS = [
  'session.created',
  'chat.message',
  'tool.execute.before',
  'tool.execute.after',
  'session.idle',
  'session.error',
] as const;
