import { defineCatalog } from '../../../../shared/events/catalog.js';

// io names no closed list of observer events (`on = []` means every one); these are the ones
// Hookpanel offers in Test fire. `before_tool` is the only gate.
export const IO_EVENTS = defineCatalog([
  {
    name: 'before_tool',
    description: 'Gate in front of one tool call (`at = "before_tool"`)',
    blockable: true,
    toolEvent: true,
    matcherField: 'tool',
    sample: { tool: 'shell', args: { command: 'ls -la' } },
  },
  { name: 'session_start', description: 'A session starts', sample: { session: 's-1' } },
  { name: 'turn_start', description: 'A turn starts', sample: { session: 's-1', turn: 1 } },
  {
    name: 'tool_call',
    description: 'A tool was called',
    toolEvent: true,
    sample: { tool: 'shell', args: { command: 'ls' } },
  },
  {
    name: 'tool_result',
    description: 'A tool returned',
    toolEvent: true,
    sample: { tool: 'shell', ok: true },
  },
  { name: 'turn_end', description: 'A turn ends', sample: { session: 's-1', turn: 1 } },
  { name: 'session_end', description: 'A session ends', sample: { session: 's-1' } },
]);

export const IO_GATE = 'before_tool';
