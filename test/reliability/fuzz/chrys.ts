// Chrys hooks.yaml as the fuzzer writes it: version, settings and hooks of the seed's schema.
import fc from 'fast-check';
import { parseDocument as parseYaml } from 'yaml';
import { CHRYS_EVENTS } from '../../../electron/host/dialects/chrys/events.js';
import {
  deep,
  hugeNumber,
  maybe,
  names,
  oddString,
  shape,
  shellCommand,
  yamlText,
  type FuzzSpec,
} from '../fuzz-kit.js';

const chrysHook = shape({
  id: maybe(fc.constantFrom('a', 'b', 'c')),
  event: maybe(fc.constantFrom(...names(CHRYS_EVENTS), 'turn_done')),
  enabled: maybe(fc.boolean()),
  description: maybe(oddString),
  match: maybe(
    shape({
      profile: maybe(fc.constantFrom('Code', 'QA')),
      profiles: maybe(fc.array(fc.constantFrom('Code', 'QA'), { maxLength: 2 })),
      tool_kind: maybe(fc.constantFrom('shell', 'filesystem.write', 'other')),
      tool_name: maybe(fc.constantFrom('edit_file', 'write_file')),
      args: maybe(
        fc.dictionary(
          fc.constantFrom('path', 'command'),
          shape({
            equals: maybe(oddString),
            contains: maybe(oddString),
            regex: maybe(fc.constantFrom('\\.py$', '(', '(?P<n>x)(?P=n)', '[', '(?<a>x)', '\\')),
          }),
          { maxKeys: 2 },
        ),
      ),
    }),
  ),
  run: maybe(
    shape({
      type: maybe(fc.constantFrom('script', 'command', 'shell', 'exec')),
      path: maybe(fc.constantFrom('scripts/x.py', '/abs/x.sh', 'x.ts')),
      argv: maybe(fc.array(fc.constantFrom('/bin/true', 'x'), { maxLength: 2 })),
      shell: maybe(shellCommand),
      args: maybe(fc.array(oddString, { maxLength: 2 })),
      env: maybe(
        fc.dictionary(fc.constantFrom('A', 'B'), fc.constantFrom('${workspace_cwd}', '${nope}', 'x')),
      ),
      cwd: maybe(fc.constantFrom('', '${workspace_cwd}/sub', 'sub')),
    }),
  ),
  execution: maybe(
    shape({
      mode: maybe(fc.constantFrom('blocking', 'async', 'fire_and_forget', 'sync')),
      detach: maybe(fc.boolean()),
      delivery: maybe(fc.constantFrom('best_effort', 'durable')),
      timeout_seconds: maybe(fc.oneof(fc.double({ min: 0.1, max: 100, noNaN: true }), hugeNumber)),
      on_error: maybe(fc.constantFrom('block', 'warn', 'ignore', 'explode')),
    }),
  ),
});
const chrysFile = fc.oneof(
  shape({
    version: maybe(fc.constantFrom(1, 2)),
    settings: maybe(
      shape({
        shutdown_grace_seconds: maybe(hugeNumber),
        max_parallel_hooks: maybe(fc.integer({ min: -1, max: 8 })),
        outbox_retry_age_seconds: maybe(hugeNumber),
        outbox_max_retries: maybe(fc.integer({ min: -1, max: 5 })),
      }),
    ),
    hooks: maybe(fc.array(chrysHook, { maxLength: 4 })),
  }),
  deep,
);

export const spec: FuzzSpec = {
  target: '~/.chrys/hooks/hooks.yaml',
  text: yamlText(chrysFile),
  fixtures: ['chrys'],
  parse: (t) => parseYaml(t, { logLevel: 'error' }).toJS(),
};
