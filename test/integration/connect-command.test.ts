// `hookpanel connect|disconnect <agent>` run as a person would, and the bridge commands it writes run
// as an agent would: through a shell, with no `hookpanel` on PATH, no PATH at all, no host running or
// one serving, and still answering in the agent's protocol.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { parseBridgeCommand } from '../../electron/host/agents/bridge-command.js';
import { DIALECT_MANIFESTS } from '../../shared/dialects.js';
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

/** Runs a hook command as an agent does (`sh -c`), with exactly this environment and nothing more. */
function asAgent(
  command: string,
  environment: Record<string, string>,
  input: string,
  cwd: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], { env: environment, cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** The bridge command connect wrote for an event. */
function commandFor(path: string, event: string): string {
  const hooks = JSON.parse(readFileSync(path, 'utf8')).hooks[event] as { hooks: { command: string }[] }[];
  const found = hooks.flatMap((g) => g.hooks).find((h) => parseBridgeCommand(h.command)?.event === event);
  if (!found) throw new Error(`no bridge for ${event} in ${path}`);
  return found.command;
}

const BLOCK = (event: string, matcher: string) => ({
  hooks: {
    [event]: [
      {
        matcher,
        hooks: [
          {
            type: 'command',
            command: "grep -q 'rm -rf' && { echo 'Hookpanel policy: no rm -rf' >&2; exit 2; }; exit 0",
          },
        ],
      },
    ],
  },
});

/** Per agent: its settings file, its guard event on a shell call, and its turn-done event. */
const AGENTS = [
  { id: 'claude', file: '~/.claude/settings.json', guard: 'PreToolUse', tool: 'Bash', done: 'Stop' },
  { id: 'codex', file: '~/.codex/hooks.json', guard: 'PreToolUse', tool: 'Bash', done: 'Stop' },
  {
    id: 'gemini',
    file: '~/.gemini/settings.json',
    guard: 'BeforeTool',
    tool: 'run_shell_command',
    done: 'AfterAgent',
  },
];

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
      env.write(`hp/hooks/${agent.id}.json`, JSON.stringify(BLOCK(agent.guard, agent.tool)));
      const connected = await runCli(['connect', agent.id, '--yes'], {
        env: env.processEnv,
        cwd: env.workspace,
      });
      expect(connected.code, connected.stderr).toBe(0);
      const guard = commandFor(env.path(agent.file), agent.guard);
      const done = commandFor(env.path(agent.file), agent.done);
      expect(parseBridgeCommand(guard)!.fast).toBe(true);
      const call = (command: string) =>
        JSON.stringify({
          session_id: 's',
          cwd: env.workspace,
          tool_name: agent.tool,
          tool_input: { command },
        });
      // What an agent started from a service might have: a home, and no PATH (or a useless one).
      const bare: Record<string, string>[] = [{ HOME: env.home }, { HOME: env.home, PATH: '/nonexistent' }];
      const blocked = async () => {
        for (const environment of bare) {
          const r = await asAgent(guard, environment, call('rm -rf ./scratch'), env.workspace);
          expect(r, JSON.stringify(environment)).toMatchObject({
            code: 2,
            stdout: '',
            stderr: 'Hookpanel policy: no rm -rf\n',
          });
          expect(await asAgent(guard, environment, call('ls'), env.workspace)).toMatchObject({
            code: 0,
            stdout: '',
          });
          const turn = await asAgent(
            done,
            environment,
            JSON.stringify({ session_id: 's', cwd: env.workspace }),
            env.workspace,
          );
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
