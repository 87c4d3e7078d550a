// GitHub Copilot CLI connected through `hookpanel connect copilot --yes`, run as a person would, then
// driven for real (offline, against the chat-completions stub) with no `hookpanel` on its PATH: its
// events reach the history, a hosted rule in hooks/copilot.json (Copilot's own schema) blocks its shell
// call and Copilot reports Hookpanel's reason, agentStop raises a turn-done notification, and disconnect
// removes Hookpanel's hook file, leaving the person's own files byte for byte.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { shellThenReportChat, startChatStub } from '../helpers/chat-completions-stub.js';
import { agentForTests, AGENTS } from './agents.js';
import { parseBridgeCommand } from '../../electron/host/agents/bridge-command.js';
import { refuseWhenInputHas, setUpConnected } from './connected.js';
import { runCopilot } from './copilot-run.js';

vi.setConfig({ testTimeout: 300_000 });
const copilot = await agentForTests('copilot');
const REASON = 'Hookpanel policy: no writing out.txt';
// The person's own hook file and settings, as they keep them.
const MINE = `{
  "version": 1,
  "hooks": {
    "sessionEnd": [{ "type": "command", "bash": "true" }]
  }
}
`;
const SETTINGS = `{
  "theme": "dark",
  "hooks": { "notification": [{ "type": "command", "bash": "true" }] }
}
`;

describe.skipIf(!copilot.agent)(
  `GitHub Copilot CLI ${AGENTS.copilot!.version} connected ${copilot.why}`,
  () => {
    const agent = copilot.agent!;

    test('connect --yes; a hosted rule blocks the shell call; events and turn done reach Hookpanel; disconnect restores the bytes', async () => {
      const connected = await setUpConnected({
        dialect: 'copilot',
        label: 'GitHub Copilot CLI',
        files: { '~/.copilot/hooks/mine.json': MINE, '~/.copilot/settings.json': SETTINGS },
        rule: { event: 'preToolUse', matcher: 'bash', refuse: refuseWhenInputHas('out.txt', REASON) },
        // Hosted rules for Copilot are in Copilot's own hook schema.
        prepare: (e) =>
          e.write(
            'hp/hooks/copilot.json',
            JSON.stringify({
              version: 1,
              hooks: {
                preToolUse: [
                  { type: 'command', matcher: 'bash', bash: refuseWhenInputHas('out.txt', REASON) },
                ],
              },
            }),
          ),
      });
      const { env, served } = connected;
      const bridgeFile = env.path('~/.copilot/hooks/hookpanel.json');

      await connected.connect(bridgeFile);
      const written = JSON.parse(readFileSync(bridgeFile, 'utf8')) as {
        version: number;
        hooks: Record<string, { type: string; bash: string; timeoutSec: number }[]>;
      };
      expect(written.version).toBe(1);
      // One command hook per event, each the bridge for that event (the fast path on tool calls).
      expect(
        Object.entries(written.hooks).map(([event, [hook]]) => {
          const call = parseBridgeCommand(hook!.bash);
          return [event, hook!.type, call?.dialect, call?.event, call?.fast];
        }),
      ).toEqual(
        [
          'sessionStart',
          'userPromptSubmitted',
          'preToolUse',
          'permissionRequest',
          'postToolUse',
          'postToolUseFailure',
          'agentStop',
          'errorOccurred',
          'sessionEnd',
        ].map((e) => [
          e,
          'command',
          'copilot',
          e,
          ['preToolUse', 'permissionRequest', 'postToolUse'].includes(e),
        ]),
      );
      expect(written.hooks.permissionRequest![0]!.timeoutSec).toBe(600);

      const stub = connected.keep(await startChatStub(shellThenReportChat('echo hi > out.txt')));
      // No `hookpanel` on Copilot's PATH: the bridge connect wrote is absolute.
      expect(env.processEnv.PATH).not.toContain(join(env.root, 'bin'));
      const run = await runCopilot(agent, env, stub.url, 'write hi to out.txt');
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(env.workspace, 'out.txt'))).toBe(false);
      const messages = (stub.mainRequests().at(-1)!.body.messages ?? []) as {
        role: string;
        content: unknown;
      }[];
      expect(JSON.stringify(messages.filter((m) => m.role === 'tool'))).toContain(REASON);
      expect(run.stdout).toContain(`Denied by preToolUse hook: ${REASON}`);

      await connected.expectTurn({
        events: ['sessionStart', 'userPromptSubmitted', 'preToolUse', 'agentStop'],
        blocked: [{ event: 'preToolUse', reason: REASON }],
      });
      const listed = (await served.session.api['agents:list']({})).find((a) => a.id === 'copilot');
      expect(listed).toMatchObject({ connected: true, lastEventAt: expect.any(String) });

      await connected.disconnect({
        [env.path('~/.copilot/hooks/mine.json')]: MINE,
        [env.path('~/.copilot/settings.json')]: SETTINGS,
      });
      expect(existsSync(bridgeFile)).toBe(false);
    });
  },
);
