// Tier 2, groundwork for issue 15: how Claude Code and Codex ask for permission and take a
// PermissionRequest hook's answer, proven on the real agents with a plain hook script (not
// Hookpanel). docs/agents/permission-requests.md is written from these tests.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { claudeBinary } from '../helpers/claude-code.js';
import { driveClaudePermission } from '../helpers/claude-permission.js';
import { driveCodexPermission } from '../helpers/codex-permission.js';
import { FIXTURES, makeEnv, type TestEnv } from '../helpers/env.js';
import { agentForTests, agentSpec } from './agents.js';
import { normalizePayload, recordedPayloads, shapeOf } from './payloads.js';

vi.setConfig({ testTimeout: 120_000 });
const claude = claudeBinary();
const codex = await agentForTests('codex');
let env: TestEnv;
afterEach(async () => {
  await env?.cleanup();
});

const REASON = 'Hookpanel probe: the person said no';
const PROMPT_REFUSAL = 'the agent’s own prompt said no';
const answer = (decision: Record<string, unknown>) =>
  JSON.stringify({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision } });

/**
 * A plain POSIX sh hook: stores its stdin (the payload) under `payloads/`, its pid in `hook.pid`,
 * then runs `body` (which prints the answer, or sleeps).
 */
function hookScript(e: TestEnv, body: string): string {
  const script = e.write(
    'bin/permission-hook.sh',
    `#!/bin/sh\nmkdir -p '${e.path('payloads')}'\ncat > "$(mktemp '${e.path('payloads')}/p.XXXXXX')"\n` +
      `echo $$ > '${e.path('hook.pid')}'\n${body}\n`,
  );
  return `sh '${script}'`;
}

const printAnswer = (decision: Record<string, unknown>) => `printf '%s' '${answer(decision)}'`;

/** The hook's process, gone (killed by the agent) or still running once the agent has exited. */
async function hookKilled(e: TestEnv): Promise<boolean> {
  const pid = Number(readFileSync(e.path('hook.pid'), 'utf8'));
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  // The agent has exited; a hook it killed may take a moment to be reaped by init.
  try {
    await vi.waitFor(() => expect(alive()).toBe(false), { timeout: 5_000, interval: 100 });
    return true;
  } catch {
    process.kill(pid, 'SIGKILL');
    return false;
  }
}

/** test/fixtures/<agent>/payloads/<name>.json, rewritten from the live run with HOOKPANEL_UPDATE_FIXTURES=1. */
function fixture(agent: string, name: string, live: Record<string, unknown>, e: TestEnv) {
  const path = join(FIXTURES, agent, 'payloads', `${name}.json`);
  if (process.env.HOOKPANEL_UPDATE_FIXTURES === '1') {
    mkdirSync(join(FIXTURES, agent, 'payloads'), { recursive: true });
    // Claude Code's transcript folder is the workspace path with `/` as `-`.
    const text = JSON.stringify(normalizePayload(live, e), null, 2).replace(
      e.root.replaceAll('/', '-'),
      '-$TMP',
    );
    writeFileSync(path, `${text}\n`);
  }
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

describe.runIf(claude.path)(
  'Claude Code: PermissionRequest in print mode with --permission-prompt-tool stdio',
  () => {
    const bin = claude.path!;
    const touch = (e: TestEnv, name = 'ran.txt') => ({
      name: 'Bash',
      input: { command: `touch ${join(e.workspace, name)}`, description: 'create a file' },
    });
    const denyPrompt = { behavior: 'deny', message: PROMPT_REFUSAL } as const;
    function withHook(e: TestEnv, body: string, timeout?: number): void {
      const hook = { type: 'command', command: hookScript(e, body), ...(timeout ? { timeout } : {}) };
      e.write(
        '~/.claude/settings.json',
        JSON.stringify({ hooks: { PermissionRequest: [{ hooks: [hook] }] } }),
      );
    }

    test('allow: the command runs; Claude Code withdraws its own prompt; the payload is the fixture', async () => {
      env = makeEnv();
      withHook(env, printAnswer({ behavior: 'allow' }));
      const run = await driveClaudePermission({ bin, env, tool: touch(env), prompt: denyPrompt });
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(true);
      expect(run.toolResult).toMatchObject({ isError: false });
      // Claude Code asked its prompt and ran the hook at once; the hook's answer withdrew the prompt.
      expect(run.asked).toHaveLength(1);
      expect(run).toMatchObject({ withdrawn: true, promptAnswered: false });

      const [payload] = recordedPayloads(env.path('payloads'));
      expect(payload).toMatchObject({
        hook_event_name: 'PermissionRequest',
        permission_mode: 'default',
        cwd: env.workspace,
        tool_name: 'Bash',
        tool_input: touch(env).input,
        permission_suggestions: [
          {
            type: 'addRules',
            rules: [{ toolName: 'Bash', ruleContent: `touch ${join(env.workspace, 'ran.txt')}` }],
            behavior: 'allow',
            destination: 'localSettings',
          },
          { type: 'addDirectories', directories: [env.workspace], destination: 'session' },
          { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
        ],
      });
      expect(payload).not.toHaveProperty('tool_use_id');
      expect(shapeOf(payload!)).toEqual(shapeOf(fixture('claude', 'PermissionRequest', payload!, env)));
      // The SDK side's prompt carries the same suggestions, and the tool call's id.
      expect(run.asked[0]).toMatchObject({
        tool_name: 'Bash',
        permission_suggestions: payload!.permission_suggestions,
        tool_use_id: expect.any(String),
      });
    });

    test('a Write asks too, with other suggestions (payload: PermissionRequest-Write.json)', async () => {
      env = makeEnv();
      withHook(env, printAnswer({ behavior: 'allow' }));
      const file = join(env.workspace, 'notes.txt');
      const run = await driveClaudePermission({
        bin,
        env,
        tool: { name: 'Write', input: { file_path: file, content: 'hello' } },
        prompt: denyPrompt,
      });
      expect(run.code, run.stderr).toBe(0);
      expect(readFileSync(file, 'utf8')).toBe('hello');
      const [payload] = recordedPayloads(env.path('payloads'));
      expect(payload).toMatchObject({
        tool_name: 'Write',
        tool_input: { file_path: file, content: 'hello' },
        permission_suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
      });
      expect(shapeOf(payload!)).toEqual(shapeOf(fixture('claude', 'PermissionRequest-Write', payload!, env)));
    });

    test('deny with a message: the command does not run and the message is the tool result', async () => {
      env = makeEnv();
      withHook(env, printAnswer({ behavior: 'deny', message: REASON }));
      const run = await driveClaudePermission({ bin, env, tool: touch(env), prompt: { behavior: 'allow' } });
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(false);
      expect(run.toolResult).toEqual({ content: REASON, isError: true });
      expect(run).toMatchObject({ withdrawn: true, promptAnswered: false });
    });

    test.each([
      ['prints nothing', 'exit 0'],
      ['exits 2 with a reason on stderr', `echo '${REASON}' >&2; exit 2`],
      ['prints something that is not JSON', 'echo "allow{"'],
      ['answers behavior "ask"', printAnswer({ behavior: 'ask' })],
    ])('a hook that %s decides nothing: Claude Code’s own prompt does', async (_how, body) => {
      env = makeEnv();
      withHook(env, body);
      const run = await driveClaudePermission({ bin, env, tool: touch(env), prompt: denyPrompt });
      expect(run.code, run.stderr).toBe(0);
      expect(run.hooks).toHaveLength(1);
      expect(run).toMatchObject({ withdrawn: false, promptAnswered: true });
      expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(false);
      // The prompt's refusal reached the model, and nothing of the hook's.
      expect(run.toolResult).toEqual({ content: PROMPT_REFUSAL, isError: true });
    });

    test('a hook that runs past its timeout is killed, and Claude Code’s own prompt decides', async () => {
      env = makeEnv();
      withHook(env, 'exec sleep 60', 1);
      const run = await driveClaudePermission({ bin, env, tool: touch(env), prompt: { behavior: 'allow' } });
      expect(run.code, run.stderr).toBe(0);
      expect(run.hooks).toEqual([expect.objectContaining({ outcome: 'cancelled' })]);
      expect(run).toMatchObject({ withdrawn: false, promptAnswered: true });
      expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(true);
      expect(await hookKilled(env)).toBe(true);
    });

    test('a prompt answered before the hook decides: the hook is ignored and left running', async () => {
      env = makeEnv();
      withHook(env, 'exec sleep 60');
      const run = await driveClaudePermission({
        bin,
        env,
        tool: touch(env),
        prompt: { behavior: 'allow' },
        answer: 'atOnce',
      });
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(true);
      expect(run).toMatchObject({ withdrawn: false, promptAnswered: true, hooks: [] });
      // Claude Code has exited and never stopped the hook: it is still waiting, orphaned.
      await vi.waitFor(() => expect(existsSync(env.path('hook.pid'))).toBe(true));
      const pid = Number(readFileSync(env.path('hook.pid'), 'utf8'));
      expect(() => process.kill(pid, 0)).not.toThrow();
      // The hook and the shell Claude Code started it in (`sh -c '<command>'`) are both left behind.
      const shell = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      process.kill(pid, 'SIGKILL');
      if (readFileSync(`/proc/${shell}/cmdline`, 'utf8').includes('permission-hook.sh'))
        process.kill(shell, 'SIGKILL');
    });

    test('allow with updatedInput runs the rewritten input instead', async () => {
      env = makeEnv();
      const rewritten = { command: `touch ${join(env.workspace, 'rewritten.txt')}`, description: 'changed' };
      withHook(env, printAnswer({ behavior: 'allow', updatedInput: rewritten }));
      const run = await driveClaudePermission({ bin, env, tool: touch(env), prompt: denyPrompt });
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(env.workspace, 'rewritten.txt'))).toBe(true);
      expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(false);
    });

    test('"always allow": allow with a permission suggestion as updatedPermissions writes the rule', async () => {
      env = makeEnv();
      // The hook hands back the first suggestion Claude Code offered, as a person's "always allow" would.
      const echoSuggestion =
        `node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const p=JSON.parse(s);` +
        `process.stdout.write(JSON.stringify({hookSpecificOutput:{hookEventName:"PermissionRequest",` +
        `decision:{behavior:"allow",updatedPermissions:[p.permission_suggestions[0]]}}}))})' < "$(ls -t '${env.path('payloads')}'/* | head -1)"`;
      withHook(env, echoSuggestion);
      const run = await driveClaudePermission({ bin, env, tool: touch(env), prompt: denyPrompt });
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(true);
      // destination localSettings = <workspace>/.claude/settings.local.json; the rule is Tool(content).
      const local = JSON.parse(readFileSync(env.path('ws/.claude/settings.local.json'), 'utf8'));
      expect(local).toEqual({
        permissions: { allow: [`Bash(touch ${join(env.workspace, 'ran.txt')})`] },
      });
    });

    test.each([
      ['acceptEdits mode lets a Write through', 'Write', ['--permission-mode', 'acceptEdits'], null, true],
      ['a permissions.allow rule lets the Bash call through', 'Bash', [], { allow: ['Bash(touch:*)'] }, true],
      ['dontAsk mode refuses instead of asking', 'Bash', ['--permission-mode', 'dontAsk'], null, false],
    ] as const)('nothing asks when %s', async (_how, toolName, args, permissions, runs) => {
      env = makeEnv();
      const hook = { type: 'command', command: hookScript(env, 'exit 0') };
      env.write(
        '~/.claude/settings.json',
        JSON.stringify({
          hooks: { PermissionRequest: [{ hooks: [hook] }] },
          ...(permissions && { permissions }),
        }),
      );
      const file = join(env.workspace, 'ran.txt');
      const tool =
        toolName === 'Write' ? { name: 'Write', input: { file_path: file, content: 'x' } } : touch(env);
      const run = await driveClaudePermission({ bin, env, tool, prompt: denyPrompt, args: [...args] });
      expect(run.code, run.stderr).toBe(0);
      expect(run.asked).toEqual([]);
      expect(recordedPayloads(env.path('payloads'))).toEqual([]);
      expect(existsSync(file)).toBe(runs);
    });

    test('plan mode asks for a Bash call, with permission_mode "plan"', async () => {
      env = makeEnv();
      withHook(env, 'exit 0');
      const run = await driveClaudePermission({
        bin,
        env,
        tool: touch(env),
        prompt: denyPrompt,
        args: ['--permission-mode', 'plan'],
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run).toMatchObject({ promptAnswered: true });
      expect(recordedPayloads(env.path('payloads'))).toEqual([
        expect.objectContaining({ permission_mode: 'plan', tool_name: 'Bash' }),
      ]);
    });
  },
);

describe.skipIf(!codex.agent)(
  `Codex ${agentSpec('codex').version}: PermissionRequest in exec --approve-for-me ${codex.why}`,
  () => {
    const agent = codex.agent!;
    const REVIEWER_REFUSAL = 'the automatic reviewer said no';
    function withHook(e: TestEnv, body: string, timeout?: number): void {
      const hook = { type: 'command', command: hookScript(e, body), ...(timeout ? { timeout } : {}) };
      e.write('~/.codex/hooks.json', JSON.stringify({ hooks: { PermissionRequest: [{ hooks: [hook] }] } }));
    }
    const touch = (e: TestEnv) => `touch ${join(e.workspace, 'ran.txt')}`;

    test('allow: the command runs and the reviewer is not asked; the payload is the fixture', async () => {
      env = makeEnv();
      withHook(env, printAnswer({ behavior: 'allow' }));
      const run = await driveCodexPermission({
        agent,
        env,
        command: touch(env),
        reviewer: { outcome: 'deny', rationale: REVIEWER_REFUSAL },
      });
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(true);
      expect(run).toMatchObject({ reviewerAsked: 0, hookStatuses: ['Completed'] });
      expect(run.toolOutput).toContain('Process exited with code 0');

      const [payload] = recordedPayloads(env.path('payloads'));
      expect(payload).toMatchObject({
        hook_event_name: 'PermissionRequest',
        permission_mode: 'default',
        cwd: env.workspace,
        model: 'stub-model',
        tool_name: 'Bash',
        // The model's justification for escalating is the description.
        tool_input: { command: touch(env), description: 'the task needs this command' },
      });
      expect(payload).not.toHaveProperty('permission_suggestions');
      expect(shapeOf(payload!)).toEqual(shapeOf(fixture('codex', 'PermissionRequest', payload!, env)));
    });

    test.each([
      ['deny with a message', printAnswer({ behavior: 'deny', message: REASON })],
      ['exit 2 with the reason on stderr', `echo '${REASON}' >&2; exit 2`],
    ])('%s: the command does not run and the reason is the tool output', async (_how, body) => {
      env = makeEnv();
      withHook(env, body);
      const run = await driveCodexPermission({
        agent,
        env,
        command: touch(env),
        reviewer: { outcome: 'allow' },
      });
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(false);
      expect(run).toMatchObject({ reviewerAsked: 0, hookStatuses: ['Blocked'] });
      expect(run.toolOutput).toContain(`Rejected(\\"${REASON}\\")`);
    });

    test.each([
      ['prints nothing', 'exit 0', 'Completed'],
      ['prints something that is not JSON', 'echo "allow{"', 'Completed'],
      [
        'answers with updatedPermissions (unsupported)',
        printAnswer({ behavior: 'allow', updatedPermissions: [] }),
        'Failed',
      ],
    ])('a hook that %s decides nothing: Codex’s own reviewer does', async (_how, body, status) => {
      env = makeEnv();
      withHook(env, body);
      const run = await driveCodexPermission({
        agent,
        env,
        command: touch(env),
        reviewer: { outcome: 'deny', rationale: REVIEWER_REFUSAL },
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run).toMatchObject({ reviewerAsked: 1, hookStatuses: [status] });
      expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(false);
      expect(run.toolOutput).toContain(REVIEWER_REFUSAL);
    });

    test('silence with a reviewer that allows: the command runs (the fallback decides both ways)', async () => {
      env = makeEnv();
      withHook(env, 'exit 0');
      const run = await driveCodexPermission({
        agent,
        env,
        command: touch(env),
        reviewer: { outcome: 'allow' },
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run).toMatchObject({ reviewerAsked: 1, hookStatuses: ['Completed'] });
      expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(true);
    });

    test('a hook that runs past its timeout is killed, and Codex’s own reviewer decides', async () => {
      env = makeEnv();
      withHook(env, 'exec sleep 60', 1);
      const run = await driveCodexPermission({
        agent,
        env,
        command: touch(env),
        reviewer: { outcome: 'allow' },
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run).toMatchObject({ reviewerAsked: 1, hookStatuses: ['Failed'] });
      expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(true);
      expect(await hookKilled(env)).toBe(true);
    });

    test('"always allow": a prefix_rule in ~/.codex/rules/default.rules runs the command without asking', async () => {
      env = makeEnv();
      withHook(env, printAnswer({ behavior: 'deny', message: REASON }));
      env.write('~/.codex/rules/default.rules', 'prefix_rule(pattern=["touch"], decision="allow")\n');
      const run = await driveCodexPermission({
        agent,
        env,
        command: touch(env),
        reviewer: { outcome: 'deny', rationale: REVIEWER_REFUSAL },
      });
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(true);
      // No PermissionRequest at all: neither the hook (it would have denied) nor the reviewer.
      expect(run).toMatchObject({ reviewerAsked: 0, hookStatuses: [] });
      expect(recordedPayloads(env.path('payloads'))).toEqual([]);
    });

    test('a command that stays in the sandbox is not asked about', async () => {
      env = makeEnv();
      withHook(env, printAnswer({ behavior: 'deny', message: REASON }));
      const run = await driveCodexPermission({
        agent,
        env,
        command: 'touch ran.txt',
        escalate: false,
        reviewer: { outcome: 'deny', rationale: REVIEWER_REFUSAL },
      });
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(true);
      expect(run).toMatchObject({ reviewerAsked: 0, hookStatuses: [] });
      expect(recordedPayloads(env.path('payloads'))).toEqual([]);
    });

    test('exec without --approve-for-me never asks: approval policy never, the call is refused', async () => {
      env = makeEnv();
      withHook(env, printAnswer({ behavior: 'allow' }));
      const run = await driveCodexPermission({
        agent,
        env,
        command: touch(env),
        approveForMe: false,
        reviewer: { outcome: 'allow' },
      });
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(false);
      expect(run).toMatchObject({ reviewerAsked: 0, hookStatuses: [] });
      expect(recordedPayloads(env.path('payloads'))).toEqual([]);
      expect(run.toolOutput).toContain('approval policy is Never');
    });
  },
);
