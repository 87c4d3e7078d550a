// Factory Droid connected through `hookpanel connect droid --yes`, run as a person would, then driven
// for real (offline, against the chat-completions stub) with no `hookpanel` on its PATH: its events
// reach the history, a hosted rule in hooks/droid.json blocks its shell call and Droid reports
// Hookpanel's reason, Stop raises a turn-done notification, and disconnect gives back the settings
// (customModels and all) byte for byte.
import { describe, expect, test, vi } from 'vitest';
import { shellThenReportChat, startChatStub } from '../helpers/chat-completions-stub.js';
import { agentForTests, AGENTS } from './agents.js';
import { bridgedEvents, refuseWhenInputHas, setUpConnected } from './connected.js';
import { droidCustomModels, runDroid } from './droid-run.js';

vi.setConfig({ testTimeout: 300_000 });
const droid = await agentForTests('droid');
const REASON = 'Hookpanel policy: no writing out.txt';

/** The user's own settings, as a person keeps them: models, other keys, a hook of their own, tabs. */
function original(baseUrl: string): string {
  return `{
\t// Droid reads comments too.
\t"customModels": ${JSON.stringify(droidCustomModels(baseUrl))},
\t"cloudSessionSync": false,
\t"hooks": {
\t\t"PreToolUse": [{ "matcher": "Read", "hooks": [{ "type": "command", "command": "true" }] }]
\t}
}
`;
}

describe.skipIf(!droid.agent)(`Factory Droid ${AGENTS.droid!.version} connected ${droid.why}`, () => {
  const agent = droid.agent!;

  test('connect --yes; a hosted rule blocks the shell call; events and turn done reach Hookpanel; disconnect restores the bytes', async () => {
    const stub = await startChatStub(shellThenReportChat('echo hi > out.txt'));
    const ORIGINAL = original(stub.url);
    const connected = await setUpConnected({
      dialect: 'droid',
      label: 'Factory Droid',
      files: { '~/.factory/settings.json': ORIGINAL },
      rule: { event: 'PreToolUse', matcher: 'Execute', refuse: refuseWhenInputHas('out.txt', REASON) },
    });
    connected.keep(stub);
    const { env } = connected;
    const settings = env.path('~/.factory/settings.json');

    await connected.connect(settings);
    expect(bridgedEvents(settings)).toEqual(
      [
        'Notification',
        'PostToolUse (fast)',
        'PreToolUse (fast)',
        'SessionEnd',
        'SessionStart',
        'Stop',
        'SubagentStop',
        'UserPromptSubmit',
      ].sort(),
    );

    const run = await runDroid(agent, env, 'write hi to out.txt');
    connected.expectShellCallRefused(run, stub, REASON);
    expect(run.response).toContain(REASON);

    await connected.expectTurn({
      // UserPromptSubmit and Notification do not fire in `droid exec` (docs/agents/droid.md).
      events: ['SessionStart', 'PreToolUse', 'Stop', 'SessionEnd'],
      blocked: [{ event: 'PreToolUse', reason: REASON }],
    });
    await connected.expectListedLive();

    await connected.disconnect({ [settings]: ORIGINAL });
  });
});
