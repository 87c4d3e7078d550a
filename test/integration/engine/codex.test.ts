// Hookpanel's hosted hooks/codex.json run by the engine with Codex's semantics, on real processes: what
// blocks, what fails (and so never blocks), what Codex's JSON answers mean, and the answer in Codex's
// own protocol (docs/agents/codex.md, "How a hook answers").
import { afterEach, describe, expect, test } from 'vitest';
import { makeEnv, type TestEnv } from '../../helpers/env.js';
import { openHost } from '../../helpers/host.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

const HOSTED = 'hp/hooks/codex.json';
const cmd = (command: string, more: Record<string, unknown> = {}) => ({ type: 'command', command, ...more });
const json = (o: unknown) => `printf '%s' '${JSON.stringify(o)}'`;
const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command }, tool_use_id: 'call_1' });

async function hosted(hooks: Record<string, unknown>) {
  env = makeEnv();
  env.write(HOSTED, JSON.stringify({ hooks }));
  return openHost(env);
}

describe('codex hosted rules, with real processes', () => {
  test('exit 2 with a reason on stderr blocks a shell call; Codex is answered with exit 2 and the reason', async () => {
    const h = await hosted({
      PreToolUse: [
        { matcher: 'Bash', hooks: [cmd("grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; }; exit 0")] },
      ],
    });
    const blocked = await h.fire('codex', 'PreToolUse', bash('rm -rf ./x'));
    expect(blocked.answer).toMatchObject({ decision: 'block', reason: 'no rm -rf' });
    expect(blocked.answer.protocol).toEqual({ exitCode: 2, stdout: '', stderr: 'no rm -rf\n' });
    const allowed = await h.fire('codex', 'PreToolUse', bash('ls'));
    expect(allowed.answer.protocol).toEqual({ exitCode: 0, stdout: '', stderr: '' });
  });

  test('exit 2 without a reason, another exit, a timeout or bad JSON fail the hook and block nothing', async () => {
    const h = await hosted({
      PreToolUse: [
        {
          hooks: [
            cmd('exit 2'),
            cmd('echo oops >&2; exit 1'),
            cmd('sleep 5', { timeout: 1 }),
            cmd("printf '{not json'"),
            cmd(json({ continue: false })),
            cmd(json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } })),
          ],
        },
      ],
    });
    const { answer } = await h.fire('codex', 'PreToolUse', bash('ls'));
    expect(answer.decision).toBe('allow');
    expect(answer.protocol.exitCode).toBe(0);
    await h.flush();
    const dispatches = h.records.filter((r) => r.type === 'dispatch');
    expect(dispatches.map((d) => [d.outcome, d.reason])).toEqual([
      ['failed', expect.stringContaining('exited with code 2 but wrote no reason')],
      ['failed', 'exit 1: oops'],
      ['timeout', expect.stringContaining('timed out')],
      ['failed', expect.stringContaining('invalid PreToolUse JSON output')],
      ['failed', 'PreToolUse hook returned unsupported continue:false'],
      ['failed', 'PreToolUse hook returned permissionDecision:allow without updatedInput'],
    ]);
  });

  test("Codex's JSON answers: permissionDecision deny, decision block, allow with updatedInput, added context", async () => {
    const h = await hosted({
      PreToolUse: [
        {
          matcher: '^Ba',
          hooks: [
            cmd(
              json({
                hookSpecificOutput: {
                  hookEventName: 'PreToolUse',
                  permissionDecision: 'allow',
                  updatedInput: { command: 'ls -la' },
                  additionalContext: 'rewritten',
                },
              }),
            ),
          ],
        },
      ],
      PostToolUse: [
        { matcher: 'Bash', hooks: [cmd(json({ decision: 'block', reason: 'the output is secret' }))] },
      ],
      UserPromptSubmit: [
        {
          hooks: [
            cmd(
              json({
                hookSpecificOutput: {
                  hookEventName: 'UserPromptSubmit',
                  permissionDecision: 'deny',
                  permissionDecisionReason: 'x',
                },
              }),
            ),
            cmd('echo "remember the tests"'),
          ],
        },
      ],
    });
    const pre = await h.fire('codex', 'PreToolUse', bash('ls'));
    expect(pre.answer).toMatchObject({ decision: 'allow', updatedInput: { command: 'ls -la' } });
    expect(JSON.parse(pre.answer.protocol.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        updatedInput: { command: 'ls -la' },
        additionalContext: 'rewritten',
      },
    });
    const post = await h.fire('codex', 'PostToolUse', { ...bash('cat .env'), tool_response: 'A=1' });
    expect(post.answer.protocol).toEqual({ exitCode: 2, stdout: '', stderr: 'the output is secret\n' });
    // Plain stdout on UserPromptSubmit is context, as Codex reads it; permissionDecision means nothing there.
    const prompt = await h.fire('codex', 'UserPromptSubmit', { prompt: 'hi' });
    expect(prompt.answer.decision).toBe('allow');
    expect(JSON.parse(prompt.answer.protocol.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'remember the tests' },
    });
  });

  test('PermissionRequest: a deny wins and is spoken as exit 2; an allow becomes decision.behavior allow', async () => {
    const h = await hosted({
      PermissionRequest: [
        {
          matcher: 'Bash',
          hooks: [
            cmd(
              json({
                hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
              }),
            ),
          ],
        },
        {
          matcher: 'apply_patch',
          hooks: [
            cmd(
              json({
                hookSpecificOutput: {
                  hookEventName: 'PermissionRequest',
                  decision: { behavior: 'deny', message: 'no patches today' },
                },
              }),
            ),
          ],
        },
      ],
    });
    const allowed = await h.fire('codex', 'PermissionRequest', bash('make'));
    expect(JSON.parse(allowed.answer.protocol.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
    });
    const denied = await h.fire('codex', 'PermissionRequest', { tool_name: 'apply_patch', tool_input: {} });
    expect(denied.answer.protocol).toEqual({ exitCode: 2, stdout: '', stderr: 'no patches today\n' });
  });

  test('matchers as Codex reads them: exact names with |, a regex searched anywhere; Stop is turn done', async () => {
    const h = await hosted({
      PreToolUse: [
        { matcher: 'Edit|Write', hooks: [cmd('echo edit-or-write >&2; exit 2')] },
        { matcher: 'mcp__.*__delete', hooks: [cmd('echo mcp-delete >&2; exit 2')] },
      ],
      Stop: [{ hooks: [cmd('true')] }],
    });
    expect((await h.fire('codex', 'PreToolUse', { tool_name: 'Write' })).answer.reason).toBe('edit-or-write');
    expect((await h.fire('codex', 'PreToolUse', { tool_name: 'WriteFile' })).answer.decision).toBe('allow');
    expect((await h.fire('codex', 'PreToolUse', { tool_name: 'mcp__fs__delete_file' })).answer.reason).toBe(
      'mcp-delete',
    );
    await h.fire('codex', 'Stop', { stop_hook_active: false, last_assistant_message: 'Done.' });
    expect(h.signals.find((s) => s.kind === 'turnDone')).toMatchObject({ agent: 'Codex', dialect: 'codex' });
  });

  test("Codex's own files are inspected: shown and checked, never run by Hookpanel", async () => {
    env = makeEnv();
    env.write(
      '~/.codex/hooks.json',
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [cmd('touch ran; exit 2')] }] } }),
    );
    const h = await openHost(env);
    const { answer } = await h.fire('codex', 'PreToolUse', bash('ls'));
    expect(answer).toMatchObject({ decision: 'allow', dispatches: [] });
    const user = (await h.host.sources(env.workspace)).find(
      (s) => s.path === env.path('~/.codex/hooks.json'),
    )!;
    expect(user).toMatchObject({ dialect: 'codex', role: 'inspected', state: 'active' });
    expect(user.rules.map((r) => r.name)).toEqual(['PreToolUse[0].hooks[0]']);
  });
});
