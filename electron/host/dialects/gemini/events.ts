// Gemini CLI's hook events as Gemini CLI 0.61 knows them (docs/agents/gemini.md has the sources):
// what a matcher is compared with, and whether a hook can turn the action back.
import { defineCatalog } from '../../../../shared/events/catalog.js';

/**
 * How Gemini compares a group's matcher on this event: `tool` — a JavaScript regular expression
 * tested against the tool name (unanchored; an invalid one is compared as exact text); `trigger` —
 * exact text against the event's source, reason or trigger; `none` — not compared at all.
 */
export type GeminiMatcherKind = 'tool' | 'trigger' | 'none';

export interface GeminiEventRules {
  matcher: GeminiMatcherKind;
  /** The values a `trigger` matcher can meet. */
  triggers?: readonly string[];
}

export const GEMINI_EVENT_RULES: Record<string, GeminiEventRules> = {
  BeforeTool: { matcher: 'tool' },
  AfterTool: { matcher: 'tool' },
  BeforeAgent: { matcher: 'none' },
  Notification: { matcher: 'none' },
  AfterAgent: { matcher: 'none' },
  SessionStart: { matcher: 'trigger', triggers: ['startup', 'resume', 'clear'] },
  SessionEnd: { matcher: 'trigger', triggers: ['exit', 'clear', 'logout', 'prompt_input_exit', 'other'] },
  PreCompress: { matcher: 'trigger', triggers: ['manual', 'auto'] },
  BeforeModel: { matcher: 'none' },
  AfterModel: { matcher: 'none' },
  BeforeToolSelection: { matcher: 'none' },
};

const base = {
  session_id: 's-1',
  transcript_path: '/tmp/chats/session.jsonl',
  cwd: '/tmp/workspace',
  timestamp: '2026-01-01T00:00:00.000Z',
};
const shell = { ...base, tool_name: 'run_shell_command', tool_input: { command: 'ls -la' } };
const llmRequest = { model: 'gemini-2.5-flash', messages: [{ role: 'user', content: 'hello' }], config: {} };

export const GEMINI_EVENTS = defineCatalog([
  {
    name: 'BeforeTool',
    description: 'Before a tool runs; can refuse it or rewrite its input',
    matcherField: 'tool_name',
    blockable: true,
    toolEvent: true,
    sample: shell,
  },
  {
    name: 'AfterTool',
    description: 'After a tool ran; can hide its result or add context',
    matcherField: 'tool_name',
    blockable: true,
    toolEvent: true,
    sample: { ...shell, tool_response: { llmContent: 'ok', returnDisplay: 'ok' } },
  },
  {
    name: 'BeforeAgent',
    description: 'A prompt was submitted, before planning; can refuse the turn or add context',
    blockable: true,
    sample: { ...base, prompt: 'hello' },
  },
  {
    name: 'Notification',
    description: 'The CLI shows a notification (a tool permission prompt); observe only',
    sample: { ...base, notification_type: 'ToolPermission', message: 'Tool requires execution', details: {} },
  },
  {
    name: 'AfterAgent',
    description: 'The turn ends; can reject the answer and make the agent retry (turn done)',
    blockable: true,
    sample: { ...base, prompt: 'hello', prompt_response: 'Done.', stop_hook_active: false },
  },
  {
    name: 'SessionStart',
    description: 'A session starts, resumes or is cleared; can add context, never blocks',
    matcherField: 'source',
    sample: { ...base, source: 'startup' },
  },
  {
    name: 'SessionEnd',
    description: 'The CLI exits or the session is cleared; best effort, not awaited',
    matcherField: 'reason',
    sample: { ...base, reason: 'exit' },
  },
  {
    name: 'PreCompress',
    description: 'Before history is compressed; advisory',
    matcherField: 'trigger',
    sample: { ...base, trigger: 'auto' },
  },
  {
    name: 'BeforeModel',
    description: 'Before each model request; can block it, change it or answer in its place',
    blockable: true,
    sample: { ...base, llm_request: llmRequest },
  },
  {
    name: 'AfterModel',
    description: 'After each model response chunk; can block or replace it',
    blockable: true,
    sample: { ...base, llm_request: llmRequest, llm_response: { candidates: [] } },
  },
  {
    name: 'BeforeToolSelection',
    description: 'Before the model picks tools; can narrow the tools offered',
    sample: { ...base, llm_request: llmRequest },
  },
]);
