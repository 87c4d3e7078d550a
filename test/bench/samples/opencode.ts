import { indexes, type SampleOf } from './sample.js';

/** Hookpanel's hosted hooks/opencode.json: Claude Code's schema, opencode's event names. */
export const sample: SampleOf = (n) => ({
  format: 'json',
  text: JSON.stringify(
    {
      hooks: {
        'tool.execute.before': indexes(n).map((i) => ({
          matcher: `tool_${i % 10}`,
          hooks: [{ type: 'command', command: `/bin/true ${i}`, timeout: 5 }],
        })),
      },
    },
    null,
    2,
  ),
});
