// Gemini CLI connected through `hookpanel connect gemini --yes`, run as a person would, then driven for
// real (offline, against the Gemini API stub) with no `hookpanel` on its PATH: its events reach the
// history, a hosted rule in hooks/gemini.json blocks its shell call and Gemini reports Hookpanel's reason,
// AfterAgent raises a turn-done notification, and disconnect gives back the settings byte for byte.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseBridgeCommand } from '../../electron/host/agents/bridge-command.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { shellThenReportGemini, startGeminiStub, type GeminiStub } from '../helpers/gemini-stub.js';
import { agentForTests, AGENTS } from './agents.js';
import { commandsIn, connectCli, serveHost, type ConnectedHost } from './connected.js';
import { runGemini, trustGeminiFolder } from './gemini-run.js';

vi.setConfig({ testTimeout: 180_000 });
const gemini = await agentForTests('gemini');
let env: TestEnv;
let stub: GeminiStub | null = null;
let served: ConnectedHost | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
  await served?.close();
  served = null;
  await env?.cleanup();
});

const REASON = 'Hookpanel policy: no writing out.txt';
// The user's own settings, as a person keeps them: comments, other keys, a hook of their own.
const ORIGINAL = `{
  // API-key auth, for the stub
  "security": { "auth": { "selectedType": "gemini-api-key" } },
  "ui": { "theme": "GitHub" },
  "hooks": {
    "BeforeTool": [
      { "matcher": "read_file", "hooks": [{ "type": "command", "command": "true" }] }
    ]
  }
}
`;

describe.skipIf(!gemini.agent)(`Gemini CLI ${AGENTS.gemini!.version} connected ${gemini.why}`, () => {
  const agent = gemini.agent!;

  test('connect --yes; a hosted rule blocks the shell call; events and turn done reach Hookpanel; disconnect restores the bytes', async () => {
    env = makeEnv();
    const settings = env.write('~/.gemini/settings.json', ORIGINAL);
    trustGeminiFolder(env, { [env.workspace]: 'TRUST_FOLDER' });
    env.write(
      'hp/hooks/gemini.json',
      JSON.stringify({
        hooks: {
          BeforeTool: [
            {
              matcher: 'run_shell_command',
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
    served = await serveHost(env);

    const connected = await connectCli(env, 'connect', 'gemini');
    expect(connected.code, connected.stderr).toBe(0);
    expect(connected.stdout).toContain('"command":');
    expect(connected.stdout).toContain(`Connected Gemini CLI: ${settings}`);
    expect(readFileSync(settings, 'utf8')).toContain('// API-key auth, for the stub');
    const bridges = commandsIn(settings).flatMap((c) => parseBridgeCommand(c) ?? []);
    expect(bridges.map((b) => `${b.event}${b.fast ? ' (fast)' : ''}`).sort()).toEqual(
      [
        'AfterAgent',
        'AfterTool (fast)',
        'BeforeAgent',
        'BeforeTool (fast)',
        'Notification',
        'SessionEnd',
        'SessionStart',
      ].sort(),
    );

    stub = await startGeminiStub(shellThenReportGemini('echo hi > out.txt'));
    // No `hookpanel` on Gemini's PATH: the bridge connect wrote is absolute.
    expect(env.processEnv.PATH).not.toContain(join(env.root, 'bin'));
    const run = await runGemini(agent, env, stub.url, 'write hi to out.txt');
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(env.workspace, 'out.txt'))).toBe(false);
    expect(JSON.stringify(stub.mainRequests().at(-1)!.body.contents)).toContain(
      `Tool execution blocked: ${REASON}`,
    );
    expect(run.response).toContain(REASON);

    const history = await served.history('gemini');
    for (const event of ['SessionStart', 'BeforeAgent', 'BeforeTool', 'AfterAgent', 'SessionEnd'])
      expect(history.events, `history lacks ${event}`).toContain(event);
    expect(history.blocked).toEqual([{ event: 'BeforeTool', reason: REASON }]);
    const done = served.session.notifications.list().find((n) => n.kind === 'turnDone');
    expect(done).toMatchObject({
      title: 'Gemini CLI finished a turn',
      body: `in ${env.workspace.split('/').pop()}`,
    });
    const listed = (await served.session.api['agents:list']({})).find((a) => a.id === 'gemini');
    expect(listed).toMatchObject({ connected: true, lastEventAt: expect.any(String) });

    const disconnected = await connectCli(env, 'disconnect', 'gemini');
    expect(disconnected.code, disconnected.stderr).toBe(0);
    expect(readFileSync(settings, 'utf8')).toBe(ORIGINAL);
  });
});
