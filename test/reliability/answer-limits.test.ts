// A hook's answer larger than Hookpanel reads (1 MiB on stdout, or in a chrys result file): on a guard
// event the action is blocked, saying why; elsewhere the hook failed, saying why. Real processes
// through the compiled `hookpanel emit`, with no host.
import { describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeEnv } from '../helpers/env.js';
import { blockAnswer, oversizedAnswerTrials } from './answer-trials.js';

describe('answers past the limit', () => {
  test('a guard whose block is over 1 MiB blocks, saying why (pw, claude, chrys)', async () => {
    expect(await oversizedAnswerTrials(1)).toEqual({ trials: 3, survivors: 0, lost: 0, crashes: 0 });
  }, 120_000);

  test('a block of 1 KiB written 1 KiB at a time still blocks with its own reason', async () => {
    const env = makeEnv();
    try {
      env.write(
        '~/.config/pw/code.json',
        JSON.stringify({
          hooks: {
            PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: blockAnswer(1, 'no') }] }],
          },
        }),
      );
      const r = await runCli(['emit', 'pw', 'PreToolUse'], {
        env: env.processEnv,
        cwd: env.workspace,
        input: JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' } }),
      });
      expect(r).toMatchObject({ code: 2, stderr: 'no\n' });
    } finally {
      await env.cleanup();
    }
  }, 60_000);

  test('on an event that cannot block, an answer over 1 MiB is a failed dispatch, saying why', async () => {
    const env = makeEnv();
    try {
      env.write(
        '~/.config/pw/code.json',
        JSON.stringify({
          hooks: {
            PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: blockAnswer(1100) }] }],
          },
        }),
      );
      const r = await runCli(['emit', 'pw', 'PostToolUse', '--json'], {
        env: env.processEnv,
        cwd: env.workspace,
        input: JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' } }),
      });
      const answer = JSON.parse(r.stdout) as { decision: string; dispatches: { outcome: string }[] };
      expect(answer.decision).toBe('allow');
      expect(answer.dispatches.map((d) => d.outcome)).toEqual(['failed']);
      const history = await runCli(['history', '--json', '--limit', '1'], { env: env.processEnv });
      const [recorded] = (JSON.parse(history.stdout) as { dispatches: { outcome: string; reason: string }[] })
        .dispatches;
      expect(recorded).toMatchObject({ outcome: 'failed' });
      expect(recorded!.reason).toMatch(/its answer on stdout \(1\.1 MiB\) is larger than the 1 MiB limit/);
    } finally {
      await env.cleanup();
    }
  }, 60_000);
});
