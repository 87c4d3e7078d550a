// `hookpanel connect|disconnect <agent>` run as a person would, and the bridges it writes started as the
// agent starts them (a hook command through its shell; opencode's plugin's argv, no shell), with no
// `hookpanel` on PATH, no PATH at all, no host running or one serving, still answering in the agent's
// protocol: for agents whose settings file connect edits and for those it writes a file of its own for.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { parseBridgeCommand, shellQuote } from '../../electron/host/agents/bridge-command.js';
import { DIALECT_MANIFESTS, type DialectManifest } from '../../shared/dialects.js';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { waitFor } from '../helpers/host.js';
import { startServe, type RunningHost } from '../helpers/serve.js';

let env: TestEnv;
let serve: RunningHost | null = null;
afterEach(async () => {
  await serve?.stop();
  serve = null;
  await env?.cleanup();
});

type Answer = { code: number | null; stdout: string; stderr: string };

/** Starts a bridge as an agent does, with exactly this environment and nothing more. */
function asAgent(
  argv: string[],
  environment: Record<string, string>,
  input: string,
  cwd: string,
): Promise<Answer> {
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), { env: environment, cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** How an agent starts the bridge connect wrote for one event, and whether it is the fast path. */
interface WrittenBridge {
  fast: boolean;
  run(environment: Record<string, string>, payload: Record<string, unknown>, cwd: string): Promise<Answer>;
}

/** A bridge written as a hook command, which the agent runs with its shell (`sh -c`, Copilot `bash -c`). */
function shellBridge(command: string, shell: string): WrittenBridge {
  return {
    fast: parseBridgeCommand(command)!.fast,
    run: (environment, payload, cwd) =>
      asAgent([shell, '-c', command], environment, JSON.stringify(payload), cwd),
  };
}

/** The bridge in a Claude Code–style settings file: `hooks.<event>[].hooks[].command`. */
function settingsBridge(path: string, event: string): WrittenBridge {
  const hooks = JSON.parse(readFileSync(path, 'utf8')).hooks[event] as { hooks: { command: string }[] }[];
  const found = hooks.flatMap((g) => g.hooks).find((h) => parseBridgeCommand(h.command)?.event === event);
  if (!found) throw new Error(`no bridge for ${event} in ${path}`);
  return shellBridge(found.command, '/bin/sh');
}

/** The bridge in Copilot CLI's hook file of Hookpanel's own: `hooks.<event>[].bash`, run with bash. */
function copilotBridge(path: string, event: string): WrittenBridge {
  const hooks = JSON.parse(readFileSync(path, 'utf8')).hooks[event] as { bash: string }[];
  const found = hooks.find((h) => parseBridgeCommand(h.bash)?.event === event);
  if (!found) throw new Error(`no bridge for ${event} in ${path}`);
  return shellBridge(found.bash, '/bin/bash');
}

/**
 * The bridge in opencode's plugin of Hookpanel's: a program and its arguments, started with no shell,
 * with the plugin's variables added to opencode's environment and the event name added to the payload.
 */
function opencodeBridge(path: string, event: string): WrittenBridge {
  const calls = JSON.parse(
    /const BRIDGE = (\{[\s\S]*?\n\});/.exec(readFileSync(path, 'utf8'))![1]!,
  ) as Record<string, { argv: string[]; env: Record<string, string> }>;
  const call = calls[event];
  if (!call) throw new Error(`no bridge for ${event} in ${path}`);
  return {
    fast: parseBridgeCommand(call.argv.map(shellQuote).join(' '))!.fast,
    run: (environment, payload, cwd) =>
      asAgent(
        call.argv,
        { ...environment, ...call.env },
        JSON.stringify({ ...payload, hook_event_name: event }),
        cwd,
      ),
  };
}

/** A hosted rule, in the settings form, that refuses `rm -rf` on `event` for tools matching `matcher`. */
const BLOCK = (event: string, matcher: string) => ({
  hooks: { [event]: [{ matcher, hooks: [{ type: 'command', command: REFUSE_RM }] }] },
});
const REFUSE_RM = "grep -q 'rm -rf' && { echo 'Hookpanel policy: no rm -rf' >&2; exit 2; }; exit 0";
const REFUSED = 'Hookpanel policy: no rm -rf';

/** Claude Code's payload of a shell call, which most agents copy. */
const claudeCall = (tool: string) => (cwd: string, command: string) => ({
  session_id: 's',
  cwd,
  tool_name: tool,
  tool_input: { command },
});

/**
 * Per agent: the file connect writes (its settings, or a file of Hookpanel's own), how the agent starts
 * the bridge in it, the hosted rule in the agent's schema, its guard event with a shell call's payload,
 * and its turn-done event with that event's payload.
 */
const AGENTS = [
  ...(
    [
      ['claude', '~/.claude/settings.json', 'PreToolUse', 'Bash', 'Stop'],
      ['codex', '~/.codex/hooks.json', 'PreToolUse', 'Bash', 'Stop'],
      ['gemini', '~/.gemini/settings.json', 'BeforeTool', 'run_shell_command', 'AfterAgent'],
      ['qwen', '~/.qwen/settings.json', 'PreToolUse', 'run_shell_command', 'Stop'],
      ['droid', '~/.factory/settings.json', 'PreToolUse', 'Execute', 'Stop'],
    ] as const
  ).map(([id, file, guard, tool, done]) => ({
    id,
    file,
    bridge: settingsBridge,
    rule: BLOCK(guard, tool),
    guard,
    call: claudeCall(tool),
    done,
    turn: (cwd: string): Record<string, unknown> => ({ session_id: 's', cwd }),
  })),
  {
    id: 'copilot',
    file: '~/.copilot/hooks/hookpanel.json',
    bridge: copilotBridge,
    rule: { version: 1, hooks: { preToolUse: [{ type: 'command', matcher: 'bash', bash: REFUSE_RM }] } },
    guard: 'preToolUse',
    call: (cwd: string, command: string) => ({
      sessionId: 's',
      cwd,
      toolName: 'bash',
      toolArgs: { command },
    }),
    done: 'agentStop',
    turn: (cwd: string): Record<string, unknown> => ({ sessionId: 's', cwd }),
  },
  {
    id: 'opencode',
    file: '~/.config/opencode/plugins/hookpanel-bridge.js',
    bridge: opencodeBridge,
    rule: BLOCK('tool.execute.before', 'bash'),
    guard: 'tool.execute.before',
    call: claudeCall('bash'),
    done: 'session.idle',
    turn: (cwd: string): Record<string, unknown> => ({ session_id: 's', cwd }),
  },
];

/** How the agent reads a refusal on its guard event: a deny in JSON (its manifest says so), or exit 2. */
function refusal(id: string, event: string): Partial<Answer> {
  const manifest = DIALECT_MANIFESTS.find((m) => m.id === id)! as DialectManifest;
  switch (manifest.conventions.denyInJson?.[event]) {
    case 'permissionDecision':
      return {
        code: 0,
        stdout: `${JSON.stringify({ permissionDecision: 'deny', permissionDecisionReason: REFUSED })}\n`,
      };
    case undefined:
      return { code: 2, stdout: '', stderr: `${REFUSED}\n` };
    default:
      throw new Error(`${id} ${event}: a deny this test does not know`);
  }
}

describe('hookpanel connect and disconnect', () => {
  test('the diff first; --dry-run writes nothing; without --yes and no terminal nothing is written; --yes applies; twice is a no-op', async () => {
    env = makeEnv();
    const original = '{\n  // mine\n  "ui": { "theme": "GitHub" }\n}\n';
    const path = env.write('~/.gemini/settings.json', original);
    const run = (args: string[]) => runCli(args, { env: env.processEnv, cwd: env.workspace });

    const dry = await run(['connect', 'gemini', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^\+\s+"BeforeTool": \[/m);
    expect(dry.stdout).toContain('Not written (--dry-run)');
    expect(readFileSync(path, 'utf8')).toBe(original);

    const asked = await run(['connect', 'gemini']);
    expect(asked.code).toBe(1);
    expect(asked.stdout).toContain('Nothing was written. No terminal to ask on: pass --yes to apply it.');
    expect(readFileSync(path, 'utf8')).toBe(original);

    const yes = await run(['connect', 'gemini', '--yes']);
    expect(yes.code, yes.stderr).toBe(0);
    expect(yes.stdout).toContain(
      `Connected Gemini CLI: ${path} (backup: ${env.hookpanelHome}/backups/gemini-settings.json.`,
    );
    const connected = readFileSync(path, 'utf8');
    expect(connected).toContain('// mine');

    const again = await run(['connect', 'gemini', '--yes']);
    expect(again).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('already connected; nothing changed'),
    });
    expect(readFileSync(path, 'utf8')).toBe(connected);

    const undo = await run(['disconnect', 'gemini', '--yes']);
    expect(undo.code, undo.stderr).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(original);
    expect(await run(['disconnect', 'gemini', '--yes'])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('not connected: nothing to change'),
    });
  });

  test('a change Hookpanel will not make exits 1, says why after the command name, and writes nothing', async () => {
    env = makeEnv();
    const broken = '{\n  "ui": { "theme": \n}\n';
    const settings = env.write('~/.gemini/settings.json', broken);
    const mine = 'export const Mine = async () => ({});\n';
    const plugin = env.write('~/.config/opencode/plugins/hookpanel-bridge.js', mine);
    const run = (args: string[]) => runCli(args, { env: env.processEnv, cwd: env.workspace });

    const connect = await run(['connect', 'gemini', '--yes']);
    expect(connect).toMatchObject({ code: 1, stdout: '' });
    expect(connect.stderr).toMatch(
      new RegExp(`^hookpanel connect: ${settings}:\\d+:\\d+: invalid JSON: .*, nothing was written\\n$`),
    );
    expect(readFileSync(settings, 'utf8')).toBe(broken);

    const disconnect = await run(['disconnect', 'opencode', '--yes']);
    expect(disconnect).toMatchObject({ code: 1, stdout: '' });
    expect(disconnect.stderr).toMatch(
      new RegExp(`^hookpanel disconnect: ${plugin} is not Hookpanel's file .*nothing was written\\n$`),
    );
    expect(readFileSync(plugin, 'utf8')).toBe(mine);

    // Refused before any ssh: the machine was never added.
    expect(await run(['connect', 'claude', '--remote', 'me@machine.invalid', '--yes'])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'hookpanel connect: me@machine.invalid is not added: run hookpanel remote add me@machine.invalid first\n',
    });
  });

  test('usage errors exit 2: an unknown agent, a harness, --dry-run with --yes', async () => {
    env = makeEnv();
    for (const args of [
      ['connect', 'nosuch'],
      ['connect', 'pw'],
      ['disconnect', 'codex', '--dry-run', '--yes'],
      ['connect'],
    ]) {
      const r = await runCli(args, { env: env.processEnv });
      expect(r.code, args.join(' ')).toBe(2);
    }
    const r = await runCli(['connect', 'nosuch'], { env: env.processEnv });
    const agents = DIALECT_MANIFESTS.filter((m) => m.kind === 'agent').map((m) => m.id);
    expect(r.stderr).toContain(
      `'nosuch' is invalid for argument 'agent'. Allowed choices are ${agents.join(', ')}`,
    );
  });

  test.each(AGENTS)(
    '$id: the bridge connect wrote answers with no hookpanel on PATH, or no PATH at all, with and without a host',
    async (agent) => {
      env = makeEnv();
      env.write(`hp/hooks/${agent.id}.json`, JSON.stringify(agent.rule));
      const connected = await runCli(['connect', agent.id, '--yes'], {
        env: env.processEnv,
        cwd: env.workspace,
      });
      expect(connected.code, connected.stderr).toBe(0);
      const guard = agent.bridge(env.path(agent.file), agent.guard);
      const done = agent.bridge(env.path(agent.file), agent.done);
      expect(guard.fast).toBe(true);
      // What an agent started from a service might have: a home, and no PATH (or a useless one).
      const bare: Record<string, string>[] = [{ HOME: env.home }, { HOME: env.home, PATH: '/nonexistent' }];
      const blocked = async () => {
        for (const environment of bare) {
          const r = await guard.run(
            environment,
            agent.call(env.workspace, 'rm -rf ./scratch'),
            env.workspace,
          );
          expect(r, JSON.stringify(environment)).toMatchObject(refusal(agent.id, agent.guard));
          expect(await guard.run(environment, agent.call(env.workspace, 'ls'), env.workspace)).toMatchObject({
            code: 0,
            stdout: '',
          });
          const turn = await done.run(environment, agent.turn(env.workspace), env.workspace);
          expect(turn, turn.stderr).toMatchObject({ code: 0, stdout: '' });
        }
      };
      await blocked(); // no host: the fast path falls back to this installation's emit
      serve = await startServe(env);
      await blocked(); // through the host: curl over its socket
      const events = await waitFor(
        async () =>
          JSON.parse(
            (
              await runCli(['history', '--json', '--events', '--dialect', agent.id, '--limit', '100'], {
                env: env.processEnv,
              })
            ).stdout,
          ).events as { event: string }[],
        (e) => e.length >= 12,
      );
      expect(events.filter((e) => e.event === agent.guard)).toHaveLength(8);
      expect(events.filter((e) => e.event === agent.done)).toHaveLength(4);
    },
  );
});
