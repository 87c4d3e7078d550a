// opencode connected through `hookpanel connect opencode --yes`, run as a person would, then driven for
// real (offline, against the chat-completions stub) with no `hookpanel` on its PATH: Hookpanel's bridge
// plugin forwards its events to the history, a hosted rule in hooks/opencode.json blocks its shell call
// and opencode reports Hookpanel's reason, session.idle raises a turn-done notification, and disconnect
// removes the plugin, giving back the person's files byte for byte.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { shellThenReportChat, startChatStub } from '../helpers/chat-completions-stub.js';
import { FIXTURES } from '../helpers/env.js';
import { agentForTests, AGENTS } from './agents.js';
import { refuseWhenInputHas, setUpConnected } from './connected.js';
import { opencodeConfig, runOpencode } from './opencode-run.js';

// opencode's start-up (a plugin package install into its config folder, a database) takes tens of seconds.
vi.setConfig({ testTimeout: 420_000 });
const opencode = await agentForTests('opencode');
const REASON = 'Hookpanel policy: no writing out.txt';

describe.skipIf(!opencode.agent)(`opencode ${AGENTS.opencode!.version} connected ${opencode.why}`, () => {
  const agent = opencode.agent!;

  test('connect --yes; a hosted rule blocks the shell call; events and turn done reach Hookpanel; disconnect restores the bytes', async () => {
    const stub = await startChatStub(shellThenReportChat('echo hi > out.txt'));
    onTestFinished(() => stub.close());
    const config = opencodeConfig(stub.url);
    const notify = readFileSync(join(FIXTURES, 'opencode', 'notify.js'), 'utf8');
    const connected = await setUpConnected({
      dialect: 'opencode',
      label: 'opencode',
      files: {
        '~/.config/opencode/opencode.json': config,
        '~/.config/opencode/plugins/notify.js': notify,
      },
      rule: {
        event: 'tool.execute.before',
        matcher: 'bash',
        refuse: refuseWhenInputHas('out.txt', REASON),
      },
    });
    const { env, served } = connected;
    const plugin = env.path('~/.config/opencode/plugins/hookpanel-bridge.js');

    const connectOut = await connected.connect(plugin);
    expect(connectOut).toContain('adds 6 hooks that send events to Hookpanel');
    // The bridge is started as argv: the fast path for tool calls, this installation's emit otherwise.
    const bridge = JSON.parse(
      /const BRIDGE = (\{[\s\S]*?\n\});/.exec(readFileSync(plugin, 'utf8'))![1]!,
    ) as Record<string, { argv: string[] }>;
    expect(
      Object.entries(bridge).map(([event, b]) => [event, basename(b.argv[0]!), ...b.argv.slice(-2)]),
    ).toEqual([
      ['session.created', basename(process.execPath), 'opencode', 'session.created'],
      ['chat.message', basename(process.execPath), 'opencode', 'chat.message'],
      ['tool.execute.before', 'hookpanel-hook.sh', 'opencode', 'tool.execute.before'],
      ['tool.execute.after', 'hookpanel-hook.sh', 'opencode', 'tool.execute.after'],
      ['session.idle', basename(process.execPath), 'opencode', 'session.idle'],
      ['session.error', basename(process.execPath), 'opencode', 'session.error'],
    ]);

    // No `hookpanel` on opencode's PATH: the bridge connect wrote is absolute.
    expect(env.processEnv.PATH).not.toContain(join(env.root, 'bin'));
    const run = await runOpencode(agent, env, 'write hi to out.txt');
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(env.workspace, 'out.txt'))).toBe(false);
    expect(run.tools).toEqual([{ tool: 'bash', status: 'error', error: REASON }]);
    // opencode gave the model Hookpanel's reason as the tool's result, and the model said it back.
    expect(JSON.stringify(stub.requests.at(-1)!.body.messages)).toContain(REASON);
    expect(run.text).toContain(REASON);

    await connected.expectTurn({
      events: ['session.created', 'chat.message', 'tool.execute.before', 'session.idle'],
      blocked: [{ event: 'tool.execute.before', reason: REASON }],
    });
    const listed = (await served.session.api['agents:list']({})).find((a) => a.id === 'opencode');
    expect(listed).toMatchObject({ connected: true, lastEventAt: expect.any(String) });

    const disconnectOut = await connected.disconnect({
      [env.path('~/.config/opencode/opencode.json')]: config,
      [env.path('~/.config/opencode/plugins/notify.js')]: notify,
    });
    expect(disconnectOut).toContain(`removed ${plugin}`);
    expect(existsSync(plugin)).toBe(false);
  });
});
