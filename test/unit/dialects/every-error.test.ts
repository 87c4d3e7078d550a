// One look at a file shows everything wrong with it: no check is skipped because another failed.
import { afterEach, describe, expect, test } from 'vitest';
import { makeEnv, type TestEnv } from '../../helpers/env.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

const codes = async (target: string) =>
  (await env.source(target)).diagnostics.filter((d) => d.severity !== 'info').map((d) => [d.code, d.line]);

describe('every error of a file at once', () => {
  test('chrys: a duplicate id beside other errors, an unsupported version, detach on a broken hook', async () => {
    env = makeEnv();
    env.write(
      '~/.chrys/hooks/hooks.yaml',
      [
        'version: 2',
        'hooks:',
        '  - id: same',
        '    event: no_such_event',
        '    run: { type: shell, shell: "true" }',
        '  - id: same',
        '    event: after_turn',
        '    run: { type: shell, shell: "true" }',
        '  - id: other',
        '    event: after_turn',
        '    colour: blue',
        '    run: { type: shell, shell: "true" }',
        '    execution: { mode: blocking, detach: true }',
      ].join('\n'),
    );
    expect(await codes('~/.chrys/hooks/hooks.yaml')).toEqual([
      ['unsupported_version', 1],
      ['invalid_value', 4],
      ['duplicate_id', 6],
      ['unknown_key', 11],
      ['detach_needs_fire_and_forget', 13],
      ['hooks_config_invalid', 1],
    ]);
  });

  test('chrys: a duplicate id is reported whichever of the two has errors', async () => {
    env = makeEnv();
    env.write(
      '~/.chrys/hooks/hooks.yaml',
      'hooks:\n  - { id: a, event: after_turn, run: { type: shell, shell: "true" } }\n  - { id: a, event: after_turn, run: { type: nope } }\n',
    );
    expect((await codes('~/.chrys/hooks/hooks.yaml')).map(([c]) => c)).toEqual([
      'duplicate_id',
      'invalid_value',
      'hooks_config_invalid',
    ]);
  });

  test("pw: an unknown event's hooks and a bad matcher's group are still checked", async () => {
    env = makeEnv();
    env.write(
      '~/.config/pw/code.json',
      JSON.stringify(
        {
          hooks: {
            PreToolUze: [{ matcher: 'Bash', hooks: [{ type: 'command', timeout: 'soon' }] }],
            Stop: [{ matcher: 7, hooks: [{ type: 'http', url: 'ftp://x' }] }],
            SessionEnd: [{ hooks: [{ type: 'command', command: 'true' }] }],
          },
        },
        null,
        2,
      ),
    );
    const s = await env.source('~/.config/pw/code.json');
    expect(s.diagnostics.map((d) => d.code)).toEqual([
      'unknown_event',
      'wrong_type', // timeout
      'missing_key', // command
      'wrong_type', // matcher
      'invalid_url',
    ]);
    expect(s.rules.map((r) => r.events[0])).toEqual(['SessionEnd']);
  });

  test('io: which keys a table sets is checked even when its values are wrong', async () => {
    env = makeEnv();
    env.write(
      '~/.config/io/io.toml',
      '[[hook]]\non = ["turn_end"]\nat = "before_tool"\ntimeout_ms = "fast"\n',
    );
    expect((await codes('~/.config/io/io.toml')).map(([c]) => c)).toEqual([
      'wrong_type',
      'on_and_at',
      'gate_without_run',
      'run_xor_append',
    ]);
  });

  test('arya: a clashing name is reported while the first rule has errors', async () => {
    env = makeEnv();
    env.write(
      '~/.arya/polish/hooks.json',
      JSON.stringify([
        { name: 'n', on: 'nope', action: { kind: 'exec', command: 'true' } },
        { name: 'n', on: 'turn/stopping', action: { kind: 'exec', command: 'true' } },
      ]),
    );
    expect((await codes('~/.arya/polish/hooks.json')).map(([c]) => c)).toEqual([
      'unknown_event',
      'duplicate_name',
    ]);
  });
});
