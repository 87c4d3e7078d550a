import { indexes, type SampleOf } from './sample.js';

/** Codex's hooks.json: one matcher group per rule, timeouts in seconds. */
export const sample: SampleOf = (n) => ({
  format: 'json',
  text: JSON.stringify(
    {
      hooks: {
        PreToolUse: indexes(n).map((i) => ({
          matcher: `Tool${i % 10}`,
          hooks: [{ type: 'command', command: `/bin/true ${i}`, timeout: 5 }],
        })),
      },
    },
    null,
    2,
  ),
});
