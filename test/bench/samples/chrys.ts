import { indexes, type SampleOf } from './sample.js';

export const sample: SampleOf = (n) => ({
  format: 'yaml',
  text: `version: 1\nhooks:\n${indexes(n)
    .map(
      (i) =>
        `  - id: h${i}\n    event: after_tool_call\n    match:\n      tool_name: edit_file\n      args:\n        path:\n          regex: "\\\\.py$"\n    run:\n      type: command\n      argv: ["/bin/true", "${i}"]\n    execution:\n      mode: async\n`,
    )
    .join('')}`,
});
