import { indexes, type SampleOf } from './sample.js';

/** Gemini CLI's settings.json: one definition per rule, timeouts in milliseconds. */
export const sample: SampleOf = (n) => ({
  format: 'json',
  text: JSON.stringify(
    {
      hooks: {
        BeforeTool: indexes(n).map((i) => ({
          matcher: `tool_${i % 10}`,
          hooks: [{ type: 'command', command: `/bin/true ${i}`, name: `h${i}`, timeout: 5000 }],
        })),
      },
    },
    null,
    2,
  ),
});
