// Codex's hook events as Codex 0.171 knows them (docs/agents/codex.md has the sources for each
// fact): what each is matched on, whether it can turn an action back, and its timeout rules.
import { defineCatalog } from '../../../../shared/events/catalog.js';

export interface CodexEventRules {
  /** The label in `hooks.state` keys (`<file>:<label>:<group>:<index>`). */
  label: string;
  /** Whether Codex keeps a group's `matcher` for this event (it drops it, unseen, for the others). */
  matcher: boolean;
  defaultTimeoutSec: number;
  /** Codex lowers a longer timeout to this, with a warning. */
  maxTimeoutSec: number | null;
  /** Codex runs an `async: true` hook of this event synchronously (with a warning) when false. */
  asyncAllowed: boolean;
  /** The event's output may carry additionalContext (so `additionalContextLimit` means something). */
  additionalContext: boolean;
}

const rules = (
  label: string,
  matcher: boolean,
  extra: Partial<Omit<CodexEventRules, 'label' | 'matcher'>> = {},
): CodexEventRules => ({
  label,
  matcher,
  defaultTimeoutSec: 600,
  maxTimeoutSec: null,
  asyncAllowed: true,
  additionalContext: false,
  ...extra,
});

/** In the order of Codex's own HookEventName. */
export const CODEX_EVENT_RULES: Record<string, CodexEventRules> = {
  PreModelRequest: rules('pre_model_request', false),
  PostModelRequest: rules('post_model_request', false),
  PreToolUse: rules('pre_tool_use', true, { additionalContext: true }),
  PermissionRequest: rules('permission_request', true),
  PostToolUse: rules('post_tool_use', true, { additionalContext: true }),
  PreCompact: rules('pre_compact', true),
  PostCompact: rules('post_compact', true),
  SessionStart: rules('session_start', true, { additionalContext: true }),
  SessionEnd: rules('session_end', true, { defaultTimeoutSec: 1, maxTimeoutSec: 3, asyncAllowed: false }),
  UserPromptSubmit: rules('user_prompt_submit', false, { additionalContext: true }),
  SubagentStart: rules('subagent_start', true, { additionalContext: true }),
  SubagentStop: rules('subagent_stop', true),
  Stop: rules('stop', false),
  Interrupt: rules('interrupt', false, { defaultTimeoutSec: 1, maxTimeoutSec: 3 }),
};

const common = { session_id: 's-1', transcript_path: null, cwd: '/tmp/workspace', model: 'gpt-5' };
const turn = { ...common, turn_id: 't-1', permission_mode: 'default' };
const shell = { ...turn, tool_name: 'Bash', tool_input: { command: 'ls -la' } };
const bash = { ...shell, tool_use_id: 'call_1' };

export const CODEX_EVENTS = defineCatalog([
  {
    name: 'PreModelRequest',
    description: 'Before each request to the model (observe only)',
    sample: {
      ...common,
      kind: 'sampling',
      request_id: 'r-1',
      attempt_number: 1,
      thread_id: 's-1',
      turn_id: 't-1',
    },
  },
  {
    name: 'PostModelRequest',
    description: 'After each model response, with its status and token usage (observe only)',
    sample: {
      ...common,
      kind: 'sampling',
      request_id: 'r-1',
      status: 'completed',
      error: null,
      turn_id: 't-1',
    },
  },
  {
    name: 'PreToolUse',
    description: 'Before a tool call (Bash, apply_patch, MCP tools); can refuse it',
    matcherField: 'tool_name',
    blockable: true,
    toolEvent: true,
    sample: bash,
  },
  {
    name: 'PermissionRequest',
    description: 'Before Codex asks for approval; can allow or deny in its place',
    matcherField: 'tool_name',
    blockable: true,
    toolEvent: true,
    sample: shell,
  },
  {
    name: 'PostToolUse',
    description: 'After a tool call, with its response; can send feedback to the model',
    matcherField: 'tool_name',
    blockable: true,
    toolEvent: true,
    sample: { ...bash, tool_response: '' },
  },
  {
    name: 'PreCompact',
    description: 'Before the conversation is compacted',
    matcherField: 'trigger',
    sample: { ...common, turn_id: 't-1', trigger: 'auto' },
  },
  {
    name: 'PostCompact',
    description: 'After the conversation was compacted',
    matcherField: 'trigger',
    sample: { ...common, turn_id: 't-1', trigger: 'auto' },
  },
  {
    name: 'SessionStart',
    description: 'A session starts, resumes, is cleared, compacted or forked; can add context',
    matcherField: 'source',
    sample: { ...common, permission_mode: 'default', source: 'startup' },
  },
  {
    name: 'SessionEnd',
    description: 'The main thread ends (1 s by default, at most 3 s)',
    matcherField: 'reason',
    sample: { session_id: 's-1', transcript_path: null, cwd: '/tmp/workspace', reason: 'other' },
  },
  {
    name: 'UserPromptSubmit',
    description: 'A prompt is submitted; can refuse it or add context',
    blockable: true,
    sample: { ...turn, prompt: 'hello' },
  },
  {
    name: 'SubagentStart',
    description: 'A subagent starts; can add context',
    matcherField: 'agent_type',
    sample: { ...turn, agent_id: 'a-1', agent_type: 'worker' },
  },
  {
    name: 'SubagentStop',
    description: 'Right before a subagent concludes; can make it continue',
    matcherField: 'agent_type',
    blockable: true,
    sample: {
      ...turn,
      agent_id: 'a-1',
      agent_type: 'worker',
      stop_hook_active: false,
      last_assistant_message: null,
    },
  },
  {
    name: 'Stop',
    description: 'Right before the turn concludes; can make it continue (turn done)',
    blockable: true,
    sample: { ...turn, stop_hook_active: false, last_assistant_message: 'Done.' },
  },
  {
    name: 'Interrupt',
    description: 'The person interrupts an active turn (1 s by default, at most 3 s)',
    sample: { ...turn },
  },
]);
