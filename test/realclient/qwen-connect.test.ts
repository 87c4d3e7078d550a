// Qwen Code connected through `hookpanel connect qwen --yes`, run as a person would, then driven for
// real (offline, against the chat-completions stub) with no `hookpanel` on its PATH: its events reach
// the history, a hosted rule in hooks/qwen.json blocks its shell call and Qwen Code reports Hookpanel's
// reason, Stop raises a turn-done notification, and disconnect gives back the settings byte for byte.
import { describe, expect, test, vi } from 'vitest';
import { shellThenReportChat, startChatStub } from '../helpers/chat-completions-stub.js';
import { agentForTests, AGENTS } from './agents.js';
import { bridgedEvents, refuseWhenInputHas, setUpConnected } from './connected.js';
import { runQwen } from './qwen-run.js';

vi.setConfig({ testTimeout: 300_000 });
const qwen = await agentForTests('qwen');
const REASON = 'Hookpanel policy: no writing out.txt';
// The user's own settings, as a person keeps them: other keys, a hook of their own, and the
// `$version` Qwen Code itself adds to a settings file without one at its first run (it did so in this
// test's run, after connect), so what disconnect gives back is the person's file as Qwen Code keeps it.
const ORIGINAL = `{
  "$version": 4,
  "ui": { "theme": "GitHub" },
  "hooks": {
    "PreToolUse": [
      { "matcher": "read_file", "hooks": [{ "type": "command", "command": "true" }] }
    ]
  }
}
`;

describe.skipIf(!qwen.agent)(`Qwen Code ${AGENTS.qwen!.version} connected ${qwen.why}`, () => {
  const agent = qwen.agent!;

  test('connect --yes; a hosted rule blocks the shell call; events and turn done reach Hookpanel; disconnect restores the bytes', async () => {
    const connected = await setUpConnected({
      dialect: 'qwen',
      label: 'Qwen Code',
      files: { '~/.qwen/settings.json': ORIGINAL },
      rule: {
        event: 'PreToolUse',
        matcher: 'run_shell_command',
        refuse: refuseWhenInputHas('out.txt', REASON),
      },
    });
    const { env } = connected;
    const settings = env.path('~/.qwen/settings.json');

    await connected.connect(settings);
    expect(bridgedEvents(settings)).toEqual(
      [
        'Notification',
        'PostToolUse (fast)',
        'PreToolUse (fast)',
        'SessionEnd',
        'SessionStart',
        'Stop',
        'UserPromptSubmit',
      ].sort(),
    );

    const stub = connected.keep(await startChatStub(shellThenReportChat('echo hi > out.txt')));
    const run = await runQwen(agent, env, stub.url, 'write hi to out.txt');
    connected.expectShellCallRefused(run, stub, REASON);
    expect(run.response).toContain(REASON);

    await connected.expectTurn({
      events: ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'Stop'],
      blocked: [{ event: 'PreToolUse', reason: REASON }],
    });
    await connected.expectListedLive();

    await connected.disconnect({ [settings]: ORIGINAL });
  });
});
