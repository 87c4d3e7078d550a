// Hookpanel's hosted hooks/gemini.json run by the engine with Gemini CLI's semantics, on real processes:
// stdout (else stderr) read as JSON or as text judged by the exit code, millisecond timeouts, Gemini's
// matchers, and the answer in Gemini's own protocol (docs/agents/gemini.md, "How a hook answers").
import { afterEach, describe, expect, test } from 'vitest';
import { makeEnv, type TestEnv } from '../../helpers/env.js';
import { openHost } from '../../helpers/host.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

const cmd = (command: string, more: Record<string, unknown> = {}) => ({ type: 'command', command, ...more });
const json = (o: unknown) => `printf '%s' '${JSON.stringify(o)}'`;
const shell = (command: string) => ({ tool_name: 'run_shell_command', tool_input: { command } });

async function hosted(hooks: Record<string, unknown>, comment = '') {
  env = makeEnv();
  // JSON with comments, as Gemini reads its settings.
  env.write('hp/hooks/gemini.json', `${comment}${JSON.stringify({ hooks }, null, 2)}`);
  return openHost(env);
}

describe('gemini hosted rules, with real processes', () => {
  test('exit 2 with a reason blocks a shell call; Gemini is answered with exit 2, the reason on stderr, nothing on stdout', async () => {
    const h = await hosted(
      {
        BeforeTool: [
          {
            matcher: 'shell',
            hooks: [cmd("grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; }; exit 0", { timeout: 5000 })],
          },
        ],
      },
      '// Hookpanel policy\n',
    );
    const blocked = await h.fire('gemini', 'BeforeTool', shell('rm -rf ./x'));
    expect(blocked.answer).toMatchObject({ decision: 'block', reason: 'no rm -rf' });
    expect(blocked.answer.protocol).toEqual({ exitCode: 2, stdout: '', stderr: 'no rm -rf\n' });
    const allowed = await h.fire('gemini', 'BeforeTool', shell('ls'));
    expect(allowed.answer.protocol).toEqual({ exitCode: 0, stdout: '', stderr: '' });
  });

  test('text answers by exit code: 0 allows, 1 warns (failed), 3 denies; silent exit 2 and timeouts fail open', async () => {
    const h = await hosted({
      BeforeTool: [
        {
          hooks: [
            cmd('echo fine'),
            cmd('echo careful; exit 1'),
            cmd('exit 2'),
            cmd('sleep 5', { timeout: 300 }),
            cmd('echo "not on my watch"; exit 3'),
          ],
        },
      ],
    });
    const { answer } = await h.fire('gemini', 'BeforeTool', shell('ls'));
    await h.flush();
    const dispatches = h.records.filter((r) => r.type === 'dispatch');
    expect(dispatches.map((d) => [d.outcome, d.reason])).toEqual([
      ['ok', null],
      ['failed', 'exit 1: careful'],
      ['failed', 'exit 2'],
      ['timeout', expect.stringContaining('timed out')],
      ['blocked', 'not on my watch'],
    ]);
    expect(answer).toMatchObject({ decision: 'block', reason: 'not on my watch' });
  });

  test('JSON answers: decision deny, tool_input merged in order, contexts joined; stderr is read when stdout is blank', async () => {
    const h = await hosted({
      BeforeTool: [
        {
          matcher: 'write_file',
          hooks: [
            cmd(json({ hookSpecificOutput: { tool_input: { content: 'x' }, additionalContext: 'first' } })),
            cmd(
              `${json({ hookSpecificOutput: { tool_input: { mode: 'append' }, additionalContext: 'second' } })} >&2`,
            ),
          ],
        },
      ],
      AfterTool: [{ hooks: [cmd(json({ decision: 'deny', reason: 'the result is secret' }))] }],
    });
    const before = await h.fire('gemini', 'BeforeTool', {
      tool_name: 'write_file',
      tool_input: { file_path: 'a' },
    });
    expect(JSON.parse(before.answer.protocol.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'BeforeTool',
        additionalContext: 'first\nsecond',
        tool_input: { content: 'x', mode: 'append' },
      },
    });
    const after = await h.fire('gemini', 'AfterTool', { ...shell('cat .env'), tool_response: {} });
    expect(after.answer.protocol).toEqual({ exitCode: 2, stdout: '', stderr: 'the result is secret\n' });
  });

  test('hooks get GEMINI_PROJECT_DIR and the payload; SessionStart matchers are exact; AfterAgent is turn done', async () => {
    const h = await hosted({
      SessionStart: [
        { matcher: 'resume', hooks: [cmd('echo resumed >&2; exit 2')] },
        { matcher: 'startup', hooks: [cmd(`printf '%s|' "$GEMINI_PROJECT_DIR" > seen; cat >> seen`)] },
      ],
      AfterAgent: [{ hooks: [cmd('true')] }],
    });
    const { answer } = await h.fire('gemini', 'SessionStart', { source: 'startup', cwd: env.workspace });
    expect(answer.dispatches.map((d) => d.rule)).toEqual(['SessionStart[1].hooks[0]']);
    const { readFileSync } = await import('node:fs');
    const [dir, payload] = readFileSync(env.path('ws/seen'), 'utf8').split('|');
    expect(dir).toBe(env.workspace);
    expect(JSON.parse(payload!)).toMatchObject({ hook_event_name: 'SessionStart', source: 'startup' });
    await h.fire('gemini', 'AfterAgent', { prompt: 'hi', prompt_response: 'Done.', stop_hook_active: false });
    expect(h.signals.find((s) => s.kind === 'turnDone')).toMatchObject({
      agent: 'Gemini CLI',
      dialect: 'gemini',
    });
  });
});
