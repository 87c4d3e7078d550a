// Gemini CLI connected through `hookpanel connect gemini --yes`, run as a person would, then driven for
// real (offline, against the Gemini API stub) with no `hookpanel` on its PATH: its events reach the
// history, a hosted rule in hooks/gemini.json blocks its shell call and Gemini reports Hookpanel's reason,
// AfterAgent raises a turn-done notification, and disconnect gives back the settings byte for byte.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { shellThenReportGemini, startGeminiStub } from '../helpers/gemini-stub.js';
import { agentForTests, AGENTS } from './agents.js';
import { bridgedEvents, refuseWhenInputHas, setUpConnected } from './connected.js';
import { runGemini, trustGeminiFolder } from './gemini-run.js';

vi.setConfig({ testTimeout: 180_000 });
const gemini = await agentForTests('gemini');
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
    const connected = await setUpConnected({
      dialect: 'gemini',
      label: 'Gemini CLI',
      files: { '~/.gemini/settings.json': ORIGINAL },
      rule: {
        event: 'BeforeTool',
        matcher: 'run_shell_command',
        refuse: refuseWhenInputHas('out.txt', REASON),
      },
      prepare: (env) => trustGeminiFolder(env, { [env.workspace]: 'TRUST_FOLDER' }),
    });
    const { env, served } = connected;
    const settings = env.path('~/.gemini/settings.json');

    const connectOut = await connected.connect(settings);
    expect(connectOut).toContain('"command":');
    expect(readFileSync(settings, 'utf8')).toContain('// API-key auth, for the stub');
    expect(bridgedEvents(settings)).toEqual(
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

    const stub = connected.keep(await startGeminiStub(shellThenReportGemini('echo hi > out.txt')));
    // No `hookpanel` on Gemini's PATH: the bridge connect wrote is absolute.
    expect(env.processEnv.PATH).not.toContain(join(env.root, 'bin'));
    const run = await runGemini(agent, env, stub.url, 'write hi to out.txt');
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(env.workspace, 'out.txt'))).toBe(false);
    expect(JSON.stringify(stub.mainRequests().at(-1)!.body.contents)).toContain(
      `Tool execution blocked: ${REASON}`,
    );
    expect(run.response).toContain(REASON);

    await connected.expectTurn({
      events: ['SessionStart', 'BeforeAgent', 'BeforeTool', 'AfterAgent', 'SessionEnd'],
      blocked: [{ event: 'BeforeTool', reason: REASON }],
    });
    const listed = (await served.session.api['agents:list']({})).find((a) => a.id === 'gemini');
    expect(listed).toMatchObject({ connected: true, lastEventAt: expect.any(String) });

    await connected.disconnect({ [settings]: ORIGINAL });
  });
});
