// A generated hook file of n rules for one dialect: test/bench/samples/<dialect>.ts exports `sample`.
export interface Sample {
  text: string;
  format: 'json' | 'yaml' | 'toml';
}
export type SampleOf = (n: number) => Sample;

export const indexes = (n: number) => Array.from({ length: n }, (_, i) => i);

/** pw's settings schema, which Claude Code shares. */
export const settingsSample: SampleOf = (n) => ({
  format: 'json',
  text: JSON.stringify(
    {
      hooks: {
        PreToolUse: indexes(n).map((i) => ({
          matcher: `Tool${i % 10}`,
          hooks: [{ type: 'command', command: '/bin/true', args: [`${i}`], timeout: 5 }],
        })),
      },
    },
    null,
    2,
  ),
});
