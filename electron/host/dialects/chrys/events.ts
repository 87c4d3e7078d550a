import { defineCatalog } from '../../../../shared/events/catalog.js';

const tool = { tool: { name: 'edit_file', kind: 'filesystem.write', args: { path: 'src/app.py' } } };
const envelope = { session_id: 's-1', cwd: '/tmp/workspace', profile: 'Code' };

export const CHRYS_EVENTS = defineCatalog([
  { name: 'session_start', description: 'A session starts', sample: envelope },
  { name: 'session_restored', description: 'A saved session is restored', sample: envelope },
  { name: 'session_end', description: 'A session ends', sample: envelope },
  { name: 'before_turn', description: 'Before a turn', sample: envelope },
  { name: 'after_turn', description: 'After a turn', sample: envelope },
  {
    name: 'user_prompt_submit',
    description: 'A prompt is submitted',
    blockable: true,
    sample: { ...envelope, prompt: 'hello' },
  },
  {
    name: 'before_tool_call',
    description: 'Before a tool call',
    blockable: true,
    toolEvent: true,
    sample: { ...envelope, ...tool },
  },
  {
    name: 'after_tool_call',
    description: 'After a tool call',
    toolEvent: true,
    sample: { ...envelope, ...tool },
  },
  {
    name: 'tool_error',
    description: 'A tool call failed',
    toolEvent: true,
    sample: { ...envelope, ...tool, error: 'failed' },
  },
  {
    name: 'approval_requested',
    description: 'Approval is requested for a tool call',
    toolEvent: true,
    sample: { ...envelope, ...tool },
  },
  {
    name: 'approval_resolved',
    description: 'An approval request is resolved',
    toolEvent: true,
    sample: { ...envelope, ...tool, approved: true },
  },
  { name: 'sub_agent_start', description: 'A sub-agent starts', sample: envelope },
  { name: 'sub_agent_end', description: 'A sub-agent ends', sample: envelope },
  { name: 'pre_compact', description: 'Before compaction', sample: envelope },
  { name: 'user_interrupt', description: 'The user interrupts', sample: envelope },
  {
    name: 'workflow_run_start',
    description: 'A workflow run was admitted',
    sample: { ...envelope, session_kind: 'workflow', workflow_id: 'w-1', run_id: 'r-1', input_text: '' },
  },
  {
    name: 'workflow_run_end',
    description: 'A workflow run ended',
    sample: {
      ...envelope,
      session_kind: 'workflow',
      workflow_id: 'w-1',
      run_id: 'r-1',
      outcome: 'ok',
      reason: '',
    },
  },
]);

export const CHRYS_TOOL_KINDS = [
  'shell',
  'filesystem.read',
  'filesystem.write',
  'search',
  'ask_user',
  'sleep',
  'sub_agent',
  'mcp',
  'doc_converter',
];
