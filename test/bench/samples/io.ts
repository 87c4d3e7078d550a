import { indexes, type SampleOf } from './sample.js';

export const sample: SampleOf = (n) => ({
  format: 'toml',
  text: indexes(n)
    .map((i) => `[[hook]]\non = ["turn_end"]\nrun = ["/bin/true", "${i}"]\ntimeout_ms = 1000\n`)
    .join('\n'),
});
