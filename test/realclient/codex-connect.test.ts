// Codex connected through `hookpanel connect codex --yes`, run as a person would, then driven for real
// (offline, against the Responses API stub) with no `hookpanel` on its PATH: connect records Codex's
// trust for exactly the hooks it added (through Codex), so `codex exec` runs them; its events reach the
// history, a hosted rule in hooks/codex.json blocks its shell call and Codex reports Hookpanel's reason,
// Stop raises a turn-done notification, and disconnect gives back hooks.json and config.toml byte for byte.
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseBridgeCommand } from '../../electron/host/agents/bridge-command.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { shellThenReport, startResponsesStub, type ResponsesStub } from '../helpers/responses-stub.js';
import { agentForTests, AGENTS } from './agents.js';
import { runCodex } from './codex-run.js';
import { commandsIn, connectCli, serveHost, type ConnectedHost } from './connected.js';

vi.setConfig({ testTimeout: 180_000 });
const codex = await agentForTests('codex');
let env: TestEnv;
let stub: ResponsesStub | null = null;
let served: ConnectedHost | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
  await served?.close();
  served = null;
  await env?.cleanup();
});

const REASON = 'Hookpanel policy: no writing out.txt';
// The user's own files, as a person keeps them.
const HOOKS = `{
  "hooks": {
    "PostToolUse": [
      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "true", "timeout": 5 }] }
    ]
  }
}
`;
const CONFIG = `# my Codex settings
approval_policy = "never"

[tui]
notifications = false
`;

describe.skipIf(!codex.agent)(`Codex ${AGENTS.codex!.version} connected ${codex.why}`, () => {
  const agent = codex.agent!;

  test('connect --yes records Codex trust; a hosted rule blocks the shell call; events and turn done reach Hookpanel; disconnect restores the bytes', async () => {
    env = makeEnv();
    const hooksJson = env.write('~/.codex/hooks.json', HOOKS);
    const config = env.write('~/.codex/config.toml', CONFIG);
    env.write(
      'hp/hooks/codex.json',
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [
                {
                  type: 'command',
                  command: `grep -q 'out.txt' && { echo '${REASON}' >&2; exit 2; }; exit 0`,
                },
              ],
            },
          ],
        },
      }),
    );
    // Codex installed as a person has it: on PATH (connect asks it to record its trust); hookpanel is not.
    mkdirSync(env.path('codex-bin'));
    symlinkSync(agent.bin, env.path('codex-bin/codex'));
    env.processEnv.PATH = `${env.path('codex-bin')}:${env.processEnv.PATH}`;
    served = await serveHost(env);

    const connected = await connectCli(env, 'connect', 'codex');
    expect(connected.code, connected.stderr).toBe(0);
    expect(connected.stdout).toContain(`Connected Codex: ${hooksJson}`);
    expect(connected.stdout).toMatch(
      /Codex now trusts the 7 hooks Hookpanel added \(recorded through Codex in .*config\.toml\)/,
    );
    const bridges = commandsIn(hooksJson).flatMap((c) => parseBridgeCommand(c) ?? []);
    expect(bridges.map((b) => `${b.event}${b.fast ? ' (fast)' : ''}`).sort()).toEqual(
      [
        'PermissionRequest (fast)',
        'PostToolUse (fast)',
        'PreToolUse (fast)',
        'SessionEnd',
        'SessionStart',
        'Stop',
        'UserPromptSubmit',
      ].sort(),
    );
    // The user's own hook is not trusted by connect: only what it added.
    expect(readFileSync(config, 'utf8')).not.toContain(`"${hooksJson}:post_tool_use:0:0"`);
    expect(readFileSync(config, 'utf8')).toContain(`"${hooksJson}:post_tool_use:1:0"`);

    stub = await startResponsesStub(shellThenReport('echo hi > out.txt'));
    const run = await runCodex(agent, env, stub.url, 'write hi to out.txt');
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(env.workspace, 'out.txt'))).toBe(false);
    const output = stub.requests
      .flatMap((r) => (Array.isArray(r.body.input) ? (r.body.input as Record<string, unknown>[]) : []))
      .find((i) => i.type === 'function_call_output' && i.call_id === 'call_shell_1');
    expect(String(output?.output)).toContain(REASON);
    expect(run.stdout).toContain(REASON);

    const history = await served.history('codex');
    for (const event of ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'Stop', 'SessionEnd'])
      expect(history.events, `history lacks ${event}`).toContain(event);
    expect(history.blocked).toEqual([{ event: 'PreToolUse', reason: REASON }]);
    const done = served.session.notifications.list().find((n) => n.kind === 'turnDone');
    expect(done).toMatchObject({
      title: 'Codex finished a turn',
      body: `in ${env.workspace.split('/').pop()}`,
    });

    const disconnected = await connectCli(env, 'disconnect', 'codex');
    expect(disconnected.code, disconnected.stderr).toBe(0);
    expect(disconnected.stdout).toContain(
      "Removed Codex's trust records for the 7 hooks Hookpanel had added",
    );
    expect(readFileSync(hooksJson, 'utf8')).toBe(HOOKS);
    expect(readFileSync(config, 'utf8')).toBe(CONFIG);
  });
});
