// Qwen Code's hook events as Qwen Code 0.24.4 knows them (its HookEventName; docs/agents/qwen.md):
// what a group's matcher is compared with, and whether a hook can turn the action back.
import { defineCatalog } from '../../../../shared/events/catalog.js';

const base = {
  session_id: 's-1',
  transcript_path: '/tmp/.qwen/projects/ws/chats/s-1.jsonl',
  cwd: '/tmp/workspace',
  timestamp: '2026-01-01T00:00:00.000Z',
  permission_mode: 'yolo',
};
const shell = { ...base, tool_name: 'run_shell_command', tool_input: { command: 'ls -la' } };

export const QWEN_EVENTS = defineCatalog([
  {
    name: 'PreToolUse',
    description: 'Before a tool runs; can refuse it',
    matcherField: 'tool_name',
    blockable: true,
    toolEvent: true,
    sample: shell,
  },
  {
    name: 'PostToolUse',
    description: 'After a tool ran; can tell the model why its result is not accepted',
    matcherField: 'tool_name',
    blockable: true,
    toolEvent: true,
    sample: { ...shell, tool_response: 'ok' },
  },
  {
    name: 'PostToolUseFailure',
    description: 'After a tool call failed',
    matcherField: 'tool_name',
    toolEvent: true,
    sample: { ...shell, error: 'exit 1' },
  },
  {
    name: 'PostToolBatch',
    description: 'After the tool calls of one model answer ran',
    sample: { ...base, tool_calls: [] },
  },
  {
    name: 'PermissionRequest',
    description: 'Qwen Code would ask permission for a tool (not in --yolo runs)',
    matcherField: 'tool_name',
    blockable: true,
    toolEvent: true,
    sample: shell,
  },
  {
    name: 'PermissionDenied',
    description: 'A tool call was denied',
    matcherField: 'tool_name',
    toolEvent: true,
    sample: shell,
  },
  {
    name: 'UserPromptSubmit',
    description: 'A prompt was submitted; can refuse it or add context',
    blockable: true,
    sample: { ...base, prompt: 'hello' },
  },
  {
    name: 'UserPromptExpansion',
    description: 'A slash command is expanded into a prompt',
    matcherField: 'command_name',
    sample: { ...base, command_name: 'review' },
  },
  {
    name: 'Stop',
    description: 'The turn ends; can make the agent go on (turn done)',
    blockable: true,
    sample: { ...base, stop_hook_active: false, last_assistant_message: 'Done.' },
  },
  {
    name: 'StopFailure',
    description: 'The turn ended with an error',
    matcherField: 'error',
    sample: { ...base, error: 'api_error' },
  },
  {
    name: 'SubagentStart',
    description: 'A subagent starts',
    matcherField: 'agent_type',
    sample: { ...base, agent_type: 'general-purpose' },
  },
  {
    name: 'SubagentStop',
    description: 'A subagent finished; can make it go on',
    matcherField: 'agent_type',
    blockable: true,
    sample: { ...base, agent_type: 'general-purpose', stop_hook_active: false },
  },
  {
    name: 'SessionStart',
    description: 'A session starts or resumes; can add context',
    matcherField: 'source',
    sample: { ...base, source: 'startup', model: 'qwen3-coder-plus' },
  },
  {
    name: 'SessionEnd',
    description: 'The session ends',
    matcherField: 'reason',
    sample: { ...base, reason: 'other' },
  },
  {
    name: 'SessionDelete',
    description: 'A saved session is deleted',
    sample: base,
  },
  {
    name: 'PreCompact',
    description: 'Before the history is compacted',
    matcherField: 'trigger',
    sample: { ...base, trigger: 'auto' },
  },
  {
    name: 'PostCompact',
    description: 'After the history was compacted',
    matcherField: 'trigger',
    sample: { ...base, trigger: 'auto' },
  },
  {
    name: 'Notification',
    description: 'Qwen Code shows a notification',
    matcherField: 'notification_type',
    sample: { ...base, message: 'Waiting for input', notification_type: 'idle_prompt' },
  },
  {
    name: 'InstructionsLoaded',
    description: 'A memory or instructions file (QWEN.md) was loaded',
    matcherField: 'file_path',
    sample: { ...base, file_path: '/tmp/workspace/QWEN.md', memory_type: 'project' },
  },
  {
    name: 'MessageDisplay',
    description: 'A message is shown to the person',
    sample: { ...base, message_id: 'm-1' },
  },
  {
    name: 'TodoCreated',
    description: 'A to-do item was created',
    sample: base,
  },
  {
    name: 'TodoCompleted',
    description: 'A to-do item was completed',
    sample: base,
  },
]);
