// GitHub Copilot CLI's hook events as Copilot CLI 1.0.102 knows them (the `hooks.*` keys of its
// settings schema; docs/agents/copilot.md, "Events"): what a hook's matcher is compared with, and whether
// a hook can turn the action back (measured for preToolUse and permissionRequest only). Its payloads
// are camelCase and carry no event name: the event is the key the hook is listed under.
import { defineCatalog } from '../../../../shared/events/catalog.js';

const base = {
  sessionId: 's-1',
  timestamp: 1796174933240,
  cwd: '/tmp/workspace',
};
const toolArgs = { command: 'ls -la', description: 'Lists the files' };
const tool = { ...base, toolName: 'bash', toolArgs };

export const COPILOT_EVENTS = defineCatalog([
  {
    name: 'sessionStart',
    description: 'A session starts or resumes',
    sample: { ...base, source: 'new', initialPrompt: 'hello' },
  },
  {
    name: 'userPromptSubmitted',
    description: 'A prompt was submitted',
    sample: { ...base, prompt: 'hello' },
  },
  {
    name: 'userPromptTransformed',
    description: 'The prompt was put in the form the model reads, before it enters the history',
    sample: { ...base, prompt: 'hello', transformedPrompt: 'hello' },
  },
  {
    name: 'preToolUse',
    description: 'Before a tool runs; can deny it',
    matcherField: 'toolName',
    blockable: true,
    toolEvent: true,
    sample: tool,
  },
  {
    name: 'permissionRequest',
    description:
      'Copilot would decide whether a tool may run (also with --allow-all-tools); can allow or deny it',
    matcherField: 'toolName',
    blockable: true,
    toolEvent: true,
    sample: {
      ...base,
      hookName: 'permissionRequest',
      toolName: 'bash',
      toolInput: { command: 'ls -la' },
      permissionSuggestions: [],
    },
  },
  {
    name: 'preMcpToolCall',
    description: 'Before an MCP tool request is sent',
    matcherField: 'toolName',
    toolEvent: true,
    sample: { ...base, toolName: 'github-list_issues', toolArgs: {} },
  },
  {
    name: 'postToolUse',
    description: 'After a tool ran',
    matcherField: 'toolName',
    toolEvent: true,
    sample: { ...tool, toolResult: { resultType: 'success', textResultForLlm: 'ok' } },
  },
  {
    name: 'postToolUseFailure',
    description: 'After a tool call failed',
    matcherField: 'toolName',
    toolEvent: true,
    sample: { ...tool, toolResult: { resultType: 'failure', textResultForLlm: 'exit 1' } },
  },
  {
    name: 'agentStop',
    description: 'The agent stops at the end of a turn (turn done)',
    sample: { ...base, transcriptPath: '/tmp/events.jsonl', stopReason: 'end_turn', stop_hook_active: false },
  },
  {
    name: 'subagentStart',
    description: 'A subagent is spawned',
    sample: base,
  },
  {
    name: 'subagentStop',
    description: 'A subagent completed',
    sample: base,
  },
  {
    name: 'errorOccurred',
    description: 'A model call failed',
    sample: { ...base, error: 'api_error' },
  },
  {
    name: 'preCompact',
    description: 'Before the context is compacted',
    sample: base,
  },
  {
    name: 'notification',
    description: 'A system notification (never blocks the session)',
    sample: { ...base, message: 'Waiting for input' },
  },
  {
    name: 'sessionEnd',
    description: 'The session ends',
    sample: { ...base, reason: 'complete' },
  },
]);
