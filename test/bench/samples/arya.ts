import { indexes, type SampleOf } from './sample.js';

export const sample: SampleOf = (n) => ({
  format: 'json',
  text: JSON.stringify(
    {
      hooks: indexes(n).map((i) => ({
        name: `r${i}`,
        on: 'turn/stopping',
        action: { kind: 'exec', command: '/bin/true', args: [`${i}`] },
      })),
    },
    null,
    2,
  ),
});
