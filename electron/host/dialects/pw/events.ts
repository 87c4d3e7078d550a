import { defineCatalog, type EventSpec } from '../../../../shared/events/catalog.js';

const envelope = {
  session_id: 's-1',
  transcript_path: '/tmp/transcript.jsonl',
  cwd: '/tmp/workspace',
  permission_mode: 'default',
};
const bash = { tool_name: 'Bash', tool_input: { command: 'ls -la' } };

export type EventRow = [
  name: string,
  description: string,
  matcherField: string | null,
  blockable: boolean,
  sample: Record<string, unknown>,
];

// The event table of ../shared/seeds/003_c7fb5911eadfcab5.txt, in its order.
export const PW_EVENT_ROWS: EventRow[] = [
  ['SessionStart', 'A new session is started', 'source', false, { source: 'startup' }],
  ['SessionEnd', 'The session ends', 'reason', false, { reason: 'exit' }],
  ['Setup', 'An init/maintenance mode runs', 'trigger', false, { trigger: 'init' }],
  ['UserPromptSubmit', 'A prompt is submitted', null, true, { prompt: 'hello' }],
  [
    'UserPromptExpansion',
    'A custom command expands into a prompt',
    'command_name',
    true,
    { command_name: 'review', prompt: 'review this' },
  ],
  ['Stop', 'Right before the agent concludes its response', null, true, { stop_hook_active: false }],
  ['StopFailure', 'A turn ends in an error', 'error', false, { error: 'rate_limit' }],
  ['PreToolUse', 'Before tool execution', 'tool_name', true, bash],
  ['PostToolUse', 'After tool execution', 'tool_name', true, { ...bash, tool_response: 'ok' }],
  ['PostToolUseFailure', 'After a tool call fails', 'tool_name', false, { ...bash, error: 'exit 1' }],
  ['PostToolBatch', 'After a parallel batch of tool calls completes', null, true, {}],
  ['PermissionRequest', 'Before a permission dialog is shown', 'tool_name', true, bash],
  ['PermissionDenied', 'A permission request is denied', 'tool_name', false, bash],
  [
    'Notification',
    'A notification is sent',
    'notification_type',
    false,
    { notification_type: 'idle_prompt', message: 'waiting' },
  ],
  ['MessageDisplay', 'An assistant message is displayed', null, false, { message: 'hi' }],
  ['SubagentStart', 'A subagent starts', 'agent_type', false, { agent_type: 'code-reviewer' }],
  [
    'SubagentStop',
    'Right before a subagent concludes its response',
    'agent_type',
    true,
    { agent_type: 'code-reviewer' },
  ],
  ['TeammateIdle', 'An agent teammate goes idle', null, false, {}],
  ['TaskCreated', 'A task is created', null, false, {}],
  ['TaskCompleted', 'A task is completed', null, false, {}],
  ['ConfigChange', 'Settings change mid-session', 'source', false, { source: 'model' }],
  ['CwdChanged', 'The working directory changes', null, false, {}],
  ['DirectoryAdded', 'A directory is added to the workspace mid-session', null, false, {}],
  ['FileChanged', 'A workspace file was edited', 'file_path', false, { file_path: '/tmp/workspace/a.txt' }],
  [
    'InstructionsLoaded',
    'Instruction files are loaded',
    'file_path',
    false,
    { file_path: '/tmp/workspace/AGENTS.md' },
  ],
  ['WorktreeCreate', 'A git worktree is created', null, false, {}],
  ['WorktreeRemove', 'A git worktree is removed', null, false, {}],
  ['PreCompact', 'Before conversation compaction', 'trigger', true, { trigger: 'auto' }],
  ['PostCompact', 'After conversation compaction', 'trigger', false, { trigger: 'auto' }],
  ['Elicitation', 'An MCP server requests user input', 'server', false, { server: 'docs' }],
  ['ElicitationResult', 'An MCP elicitation request resolves', 'server', false, { server: 'docs' }],
];

/** The ten dormant events of ../shared/seeds/003_c7fb5911eadfcab5.txt and what each waits on. */
export const PW_DORMANT: Record<string, string> = {
  Setup: 'an init/maintenance mode in pw code',
  TeammateIdle: 'agent teams',
  TaskCreated: 'a task system',
  TaskCompleted: 'a task system',
  CwdChanged: 'a movable working directory; today the workspace is fixed for the life of a run',
  DirectoryAdded: 'adding directories mid-session; today they are fixed at launch via --add-dir',
  WorktreeCreate: 'worktree isolation',
  WorktreeRemove: 'worktree isolation',
  Elicitation: 'surfacing MCP elicitation requests',
  ElicitationResult: 'surfacing MCP elicitation requests',
};

/** One row of the table as an event spec; `dormant` names the events that never fire yet. */
export function eventFromRow(
  [name, description, matcherField, blockable, sample]: EventRow,
  dormant: Record<string, string>,
): EventSpec {
  return {
    name,
    description,
    matcherField,
    blockable,
    dormantReason: dormant[name] ?? null,
    toolEvent: matcherField === 'tool_name',
    sample: { ...envelope, hook_event_name: name, ...sample },
  };
}

export const PW_EVENTS = defineCatalog(PW_EVENT_ROWS.map((r) => eventFromRow(r, PW_DORMANT)));

/**
 * Events whose `prompt`/`agent` guards fail closed (../shared/seeds/003_c7fb5911eadfcab5.txt, "Guards
 * fail closed").
 */
export const FAIL_CLOSED_EVENTS = new Set(['PreToolUse', 'PermissionRequest']);

export function pwDefaultTimeoutSeconds(event: string): number {
  if (event === 'SessionEnd' || event === 'UserPromptSubmit') return 30;
  if (event === 'MessageDisplay') return 10;
  return 600;
}
