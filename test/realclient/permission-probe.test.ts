// Tier 2, groundwork for Ask me: how Claude Code and Codex ask for permission and take a
// PermissionRequest hook's answer, proven on the real agents with a plain hook script (not
// Hookpanel). docs/agents/permission-requests.md is written from these tests.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { claudeBinary } from '../helpers/claude-code.js';
import {
  driveClaudePermission,
  type ClaudePermissionOptions,
  type ClaudePermissionRun,
} from '../helpers/claude-permission.js';
import {
  driveCodexPermission,
  type CodexPermissionOptions,
  type CodexPermissionRun,
} from '../helpers/codex-permission.js';
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

/**
 * One probe of an agent: a fresh environment whose agent settings run `hook` (the body of
 * hookScript) on PermissionRequest, the agent driven once, then what the case says of the run.
 */
interface ProbeCase<Drive, Run> {
  /** The test's name; docs/agents/permission-requests.md cites it in quotes. */
  name: string;
  hook: string | ((e: TestEnv) => string);
  /** The hook's timeout in seconds, when the case needs one. */
  timeout?: number;
  /** More of the agent's settings beside the hook. */
  settings?: Record<string, unknown>;
  /** Files the case needs before the run. */
  setup?: (e: TestEnv) => void;
  /** How the agent is driven, beyond its binary and the environment. */
  drive: (e: TestEnv) => Drive;
  /** Whether <workspace>/ran.txt exists after the run; unchecked where absent. */
  ran?: boolean;
  /** What the run reports, matched with toMatchObject. */
  reports?: Record<string, unknown>;
  /** What else the case proves. */
  then?: (run: Run, e: TestEnv) => unknown;
}

/** Each case a test: the agent's settings file, how to drive it, and the cases in order. */
function probe<Drive, Run extends { code: number | null; stderr: string }>(
  settingsFile: string,
  drive: (e: TestEnv, how: Drive) => Promise<Run>,
  cases: ProbeCase<Drive, Run>[],
): void {
  for (const c of cases)
    test(c.name, async () => {
      env = makeEnv();
      c.setup?.(env);
      const body = typeof c.hook === 'function' ? c.hook(env) : c.hook;
      const hook = {
        type: 'command',
        command: hookScript(env, body),
        ...(c.timeout ? { timeout: c.timeout } : {}),
      };
      env.write(
        settingsFile,
        JSON.stringify({ hooks: { PermissionRequest: [{ hooks: [hook] }] }, ...c.settings }),
      );
      const run = await drive(env, c.drive(env));
      expect(run.code, run.stderr).toBe(0);
      if (c.ran !== undefined) expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(c.ran);
      if (c.reports) expect(run).toMatchObject(c.reports);
      await c.then?.(run, env);
    });
}

const ran = (e: TestEnv, name = 'ran.txt') => join(e.workspace, name);

describe.runIf(claude.path)(
  'Claude Code: PermissionRequest in print mode with --permission-prompt-tool stdio',
  () => {
    const bin = claude.path!;
    type Drive = Omit<ClaudePermissionOptions, 'bin' | 'env'>;
    const touch = (e: TestEnv) => ({
      name: 'Bash',
      input: { command: `touch ${ran(e)}`, description: 'create a file' },
    });
    const denyPrompt = { behavior: 'deny', message: PROMPT_REFUSAL } as const;
    const allowPrompt = { behavior: 'allow' } as const;
    const touchWith =
      (prompt: Drive['prompt'], more: Partial<Drive> = {}) =>
      (e: TestEnv) => ({
        tool: touch(e),
        prompt,
        ...more,
      });
    const driveClaude = (env: TestEnv, how: Drive) => driveClaudePermission({ bin, env, ...how });

    probe<Drive, ClaudePermissionRun>('~/.claude/settings.json', driveClaude, [
      {
        name: 'allow: the command runs; Claude Code withdraws its own prompt; the payload is the fixture',
        hook: printAnswer({ behavior: 'allow' }),
        drive: touchWith(denyPrompt),
        ran: true,
        // Claude Code asked its prompt and ran the hook at once; the hook's answer withdrew the prompt.
        reports: {
          toolResult: { isError: false },
          asked: [expect.anything()],
          withdrawn: true,
          promptAnswered: false,
        },
        then(run, e) {
          const [payload] = recordedPayloads(e.path('payloads'));
          expect(payload).toMatchObject({
            hook_event_name: 'PermissionRequest',
            permission_mode: 'default',
            cwd: e.workspace,
            tool_name: 'Bash',
            tool_input: touch(e).input,
            permission_suggestions: [
              {
                type: 'addRules',
                rules: [{ toolName: 'Bash', ruleContent: `touch ${ran(e)}` }],
                behavior: 'allow',
                destination: 'localSettings',
              },
              { type: 'addDirectories', directories: [e.workspace], destination: 'session' },
              { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
            ],
          });
          expect(payload).not.toHaveProperty('tool_use_id');
          expect(shapeOf(payload!)).toEqual(shapeOf(fixture('claude', 'PermissionRequest', payload!, e)));
          // The SDK side's prompt carries the same suggestions, and the tool call's id.
          expect(run.asked[0]).toMatchObject({
            tool_name: 'Bash',
            permission_suggestions: payload!.permission_suggestions,
            tool_use_id: expect.any(String),
          });
        },
      },
      {
        name: 'a Write asks too, with other suggestions (payload: PermissionRequest-Write.json)',
        hook: printAnswer({ behavior: 'allow' }),
        drive: (e) => ({
          tool: { name: 'Write', input: { file_path: ran(e, 'notes.txt'), content: 'hello' } },
          prompt: denyPrompt,
        }),
        then(_run, e) {
          const file = ran(e, 'notes.txt');
          expect(readFileSync(file, 'utf8')).toBe('hello');
          const [payload] = recordedPayloads(e.path('payloads'));
          expect(payload).toMatchObject({
            tool_name: 'Write',
            tool_input: { file_path: file, content: 'hello' },
            permission_suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
          });
          expect(shapeOf(payload!)).toEqual(
            shapeOf(fixture('claude', 'PermissionRequest-Write', payload!, e)),
          );
        },
      },
      {
        name: 'deny with a message: the command does not run and the message is the tool result',
        hook: printAnswer({ behavior: 'deny', message: REASON }),
        drive: touchWith(allowPrompt),
        ran: false,
        reports: { withdrawn: true, promptAnswered: false },
        then: (run) => expect(run.toolResult).toEqual({ content: REASON, isError: true }),
      },
      ...[
        ['prints nothing', 'exit 0'],
        ['exits 2 with a reason on stderr', `echo '${REASON}' >&2; exit 2`],
        ['prints something that is not JSON', 'echo "allow{"'],
        ['answers behavior "ask"', printAnswer({ behavior: 'ask' })],
      ].map(([how, hook]) => ({
        name: `a hook that ${how} decides nothing: Claude Code’s own prompt does`,
        hook: hook!,
        drive: touchWith(denyPrompt),
        ran: false,
        reports: { hooks: [expect.anything()], withdrawn: false, promptAnswered: true },
        // The prompt's refusal reached the model, and nothing of the hook's.
        then: (run: ClaudePermissionRun) =>
          expect(run.toolResult).toEqual({ content: PROMPT_REFUSAL, isError: true }),
      })),
      {
        name: 'a hook that runs past its timeout is killed, and Claude Code’s own prompt decides',
        hook: 'exec sleep 60',
        timeout: 1,
        drive: touchWith(allowPrompt),
        ran: true,
        reports: {
          hooks: [expect.objectContaining({ outcome: 'cancelled' })],
          withdrawn: false,
          promptAnswered: true,
        },
        then: async (_run, e) => expect(await hookKilled(e)).toBe(true),
      },
      {
        name: 'a prompt answered before the hook decides: the hook is ignored and left running',
        hook: 'exec sleep 60',
        drive: touchWith(allowPrompt, { answer: 'atOnce' }),
        ran: true,
        reports: { withdrawn: false, promptAnswered: true, hooks: [] },
        async then(_run, e) {
          // Claude Code has exited and never stopped the hook: it is still waiting, orphaned.
          // Its pid once written: the shell creates hook.pid before `echo` writes to it.
          const pid = await vi.waitFor(() => {
            const written = Number(readFileSync(e.path('hook.pid'), 'utf8'));
            expect(written).toBeGreaterThan(0);
            return written;
          });
          expect(() => process.kill(pid, 0)).not.toThrow();
          // The hook and the shell Claude Code started it in (`sh -c '<command>'`) are both left behind.
          const shell = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
          process.kill(pid, 'SIGKILL');
          if (readFileSync(`/proc/${shell}/cmdline`, 'utf8').includes('permission-hook.sh'))
            process.kill(shell, 'SIGKILL');
        },
      },
      {
        name: 'allow with updatedInput runs the rewritten input instead',
        hook: (e) =>
          printAnswer({
            behavior: 'allow',
            updatedInput: { command: `touch ${ran(e, 'rewritten.txt')}`, description: 'changed' },
          }),
        drive: touchWith(denyPrompt),
        ran: false,
        then: (_run, e) => expect(existsSync(ran(e, 'rewritten.txt'))).toBe(true),
      },
      {
        name: '"always allow": allow with a permission suggestion as updatedPermissions writes the rule',
        // The hook hands back the first suggestion Claude Code offered, as a person's "always allow" would.
        hook: (e) =>
          `node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const p=JSON.parse(s);` +
          `process.stdout.write(JSON.stringify({hookSpecificOutput:{hookEventName:"PermissionRequest",` +
          `decision:{behavior:"allow",updatedPermissions:[p.permission_suggestions[0]]}}}))})' < "$(ls -t '${e.path('payloads')}'/* | head -1)"`,
        drive: touchWith(denyPrompt),
        ran: true,
        then(_run, e) {
          // destination localSettings = <workspace>/.claude/settings.local.json; the rule is Tool(content).
          const local = JSON.parse(readFileSync(e.path('ws/.claude/settings.local.json'), 'utf8'));
          expect(local).toEqual({ permissions: { allow: [`Bash(touch ${ran(e)})`] } });
        },
      },
      ...(
        [
          [
            'acceptEdits mode lets a Write through',
            'Write',
            ['--permission-mode', 'acceptEdits'],
            null,
            true,
          ],
          [
            'a permissions.allow rule lets the Bash call through',
            'Bash',
            [],
            { allow: ['Bash(touch:*)'] },
            true,
          ],
          ['dontAsk mode refuses instead of asking', 'Bash', ['--permission-mode', 'dontAsk'], null, false],
        ] as const
      ).map(([how, toolName, args, permissions, runs]) => ({
        name: `nothing asks when ${how}`,
        hook: 'exit 0',
        settings: permissions ? { permissions } : {},
        drive: (e: TestEnv): Drive => ({
          tool:
            toolName === 'Write' ? { name: 'Write', input: { file_path: ran(e), content: 'x' } } : touch(e),
          prompt: denyPrompt,
          args: [...args],
        }),
        ran: runs,
        reports: { asked: [] },
        then: (_run: ClaudePermissionRun, e: TestEnv) =>
          expect(recordedPayloads(e.path('payloads'))).toEqual([]),
      })),
      {
        name: 'plan mode asks for a Bash call, with permission_mode "plan"',
        hook: 'exit 0',
        drive: touchWith(denyPrompt, { args: ['--permission-mode', 'plan'] }),
        reports: { promptAnswered: true },
        then: (_run, e) =>
          expect(recordedPayloads(e.path('payloads'))).toEqual([
            expect.objectContaining({ permission_mode: 'plan', tool_name: 'Bash' }),
          ]),
      },
    ]);
  },
);

describe.skipIf(!codex.agent)(
  `Codex ${agentSpec('codex').version}: PermissionRequest in exec --approve-for-me ${codex.why}`,
  () => {
    const agent = codex.agent!;
    type Drive = Omit<CodexPermissionOptions, 'agent' | 'env'>;
    const REVIEWER_REFUSAL = 'the automatic reviewer said no';
    const reviewerDenies = { outcome: 'deny', rationale: REVIEWER_REFUSAL } as const;
    const reviewerAllows = { outcome: 'allow' } as const;
    const touch = (e: TestEnv) => `touch ${ran(e)}`;
    const touchWith =
      (reviewer: Drive['reviewer'], more: Partial<Drive> = {}) =>
      (e: TestEnv) => ({
        command: touch(e),
        reviewer,
        ...more,
      });
    const driveCodex = (env: TestEnv, how: Drive) => driveCodexPermission({ agent, env, ...how });
    const nothingAsked = (_run: CodexPermissionRun, e: TestEnv) =>
      expect(recordedPayloads(e.path('payloads'))).toEqual([]);

    probe<Drive, CodexPermissionRun>('~/.codex/hooks.json', driveCodex, [
      {
        name: 'allow: the command runs and the reviewer is not asked; the payload is the fixture',
        hook: printAnswer({ behavior: 'allow' }),
        drive: touchWith(reviewerDenies),
        ran: true,
        reports: { reviewerAsked: 0, hookStatuses: ['Completed'] },
        then(run, e) {
          expect(run.toolOutput).toContain('Process exited with code 0');
          const [payload] = recordedPayloads(e.path('payloads'));
          expect(payload).toMatchObject({
            hook_event_name: 'PermissionRequest',
            permission_mode: 'default',
            cwd: e.workspace,
            model: 'stub-model',
            tool_name: 'Bash',
            // The model's justification for escalating is the description.
            tool_input: { command: touch(e), description: 'the task needs this command' },
          });
          expect(payload).not.toHaveProperty('permission_suggestions');
          expect(shapeOf(payload!)).toEqual(shapeOf(fixture('codex', 'PermissionRequest', payload!, e)));
        },
      },
      ...[
        ['deny with a message', printAnswer({ behavior: 'deny', message: REASON })],
        ['exit 2 with the reason on stderr', `echo '${REASON}' >&2; exit 2`],
      ].map(([how, hook]) => ({
        name: `${how}: the command does not run and the reason is the tool output`,
        hook: hook!,
        drive: touchWith(reviewerAllows),
        ran: false,
        reports: { reviewerAsked: 0, hookStatuses: ['Blocked'] },
        then: (run: CodexPermissionRun) => expect(run.toolOutput).toContain(`Rejected(\\"${REASON}\\")`),
      })),
      ...[
        ['prints nothing', 'exit 0', 'Completed'],
        ['prints something that is not JSON', 'echo "allow{"', 'Completed'],
        [
          'answers with updatedPermissions (unsupported)',
          printAnswer({ behavior: 'allow', updatedPermissions: [] }),
          'Failed',
        ],
      ].map(([how, hook, status]) => ({
        name: `a hook that ${how} decides nothing: Codex’s own reviewer does`,
        hook: hook!,
        drive: touchWith(reviewerDenies),
        ran: false,
        reports: { reviewerAsked: 1, hookStatuses: [status] },
        then: (run: CodexPermissionRun) => expect(run.toolOutput).toContain(REVIEWER_REFUSAL),
      })),
      {
        name: 'silence with a reviewer that allows: the command runs (the fallback decides both ways)',
        hook: 'exit 0',
        drive: touchWith(reviewerAllows),
        ran: true,
        reports: { reviewerAsked: 1, hookStatuses: ['Completed'] },
      },
      {
        name: 'a hook that runs past its timeout is killed, and Codex’s own reviewer decides',
        hook: 'exec sleep 60',
        timeout: 1,
        drive: touchWith(reviewerAllows),
        ran: true,
        reports: { reviewerAsked: 1, hookStatuses: ['Failed'] },
        then: async (_run, e) => expect(await hookKilled(e)).toBe(true),
      },
      {
        name: '"always allow": a prefix_rule in ~/.codex/rules/default.rules runs the command without asking',
        hook: printAnswer({ behavior: 'deny', message: REASON }),
        setup: (e) =>
          e.write('~/.codex/rules/default.rules', 'prefix_rule(pattern=["touch"], decision="allow")\n'),
        drive: touchWith(reviewerDenies),
        ran: true,
        // No PermissionRequest at all: neither the hook (it would have denied) nor the reviewer.
        reports: { reviewerAsked: 0, hookStatuses: [] },
        then: nothingAsked,
      },
      {
        name: 'a command that stays in the sandbox is not asked about',
        hook: printAnswer({ behavior: 'deny', message: REASON }),
        drive: () => ({ command: 'touch ran.txt', escalate: false, reviewer: reviewerDenies }),
        ran: true,
        reports: { reviewerAsked: 0, hookStatuses: [] },
        then: nothingAsked,
      },
      {
        name: 'exec without --approve-for-me never asks: approval policy never, the call is refused',
        hook: printAnswer({ behavior: 'allow' }),
        drive: touchWith(reviewerAllows, { approveForMe: false }),
        ran: false,
        reports: { reviewerAsked: 0, hookStatuses: [] },
        then(run, e) {
          nothingAsked(run, e);
          expect(run.toolOutput).toContain('approval policy is Never');
        },
      },
    ]);
  },
);
