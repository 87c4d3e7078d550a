// Tier 2: the real Claude Code CLI, connected through `hookpanel connect claude --yes` as a person
// connects it, fires its hooks offline against a stub Messages API, driving the bridge end to end with
// no `hookpanel` on its PATH.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseBridgeCommand } from '../../electron/host/agents/bridge-command.js';
import { claudeBinary, runClaude } from '../helpers/claude-code.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { startMessagesStub, type MessagesStub } from '../helpers/messages-stub.js';
import { commandsIn, connectCli, serveHost, type ConnectedHost } from './connected.js';

const claude = claudeBinary();
let env: TestEnv;
let stub: MessagesStub | null = null;
let served: ConnectedHost | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
  await served?.close();
  served = null;
  await env?.cleanup();
});

vi.setConfig({ testTimeout: 180_000 });
/** What connect routes to Hookpanel (electron/host/dialects/claude/connect.ts). */
const EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'Notification',
  'Stop',
  'SubagentStop',
  'SessionEnd',
];
// No "model": Claude Code migrates a model alias by rewriting the whole file itself.
const ORIGINAL = `{
  "env": { "DISABLE_AUTOUPDATER": "1" },
  "permissions": { "allow": ["Bash(npm test)"] },
  "hooks": {
    "PostToolUse": [{ "matcher": "Edit", "hooks": [{ "type": "command", "command": "true" }] }]
  }
}
`;

// The CLI is a devDependency, so a missing binary is a broken install: CI fails on it; elsewhere the tier
// skips with the reason printed, not only in a title.
test('the Claude Code CLI is installed for this tier', (ctx) => {
  if (claude.path) return;
  if (process.env.CI) throw new Error(`the real-client tier must run on CI: ${claude.why}`);
  console.warn(`Real-client tier skipped: ${claude.why}`);
  ctx.skip(claude.why);
});

describe.runIf(claude.path)('Claude Code connected through hookpanel connect claude --yes', () => {
  test('a hosted PreToolUse rule blocks a Bash call and Claude Code reports it refused; events and turn done reach Hookpanel; disconnect restores the bytes', async () => {
    env = makeEnv();
    // Claude Code's own user settings, as a person keeps them; no `hookpanel` on its PATH.
    const settings = env.write('~/.claude/settings.json', ORIGINAL);
    // Hookpanel's hosted rule: no rm in Bash.
    env.write(
      'hp/hooks/claude.json',
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [
                {
                  type: 'command',
                  command:
                    'grep -q "rm -rf" && { echo "Hookpanel policy: rm -rf is not allowed" >&2; exit 2; }; exit 0',
                },
              ],
            },
          ],
        },
      }),
    );
    served = await serveHost(env);
    const connected = await connectCli(env, 'connect', 'claude');
    expect(connected.code, connected.stderr).toBe(0);
    expect(connected.stdout).toContain(`Connected Claude Code: ${settings}`);
    expect(
      commandsIn(settings)
        .flatMap((c) => parseBridgeCommand(c) ?? [])
        .map((b) => b.event)
        .sort(),
    ).toEqual([...EVENTS].sort());

    stub = await startMessagesStub((_body, turn) => {
      if (turn === 0)
        return {
          toolUse: {
            id: 'toolu_echo',
            name: 'Bash',
            input: { command: 'echo hello-from-bash', description: 'say hello' },
          },
        };
      if (turn === 1)
        return {
          toolUse: {
            id: 'toolu_rm',
            name: 'Bash',
            input: { command: 'rm -rf ./scratch', description: 'clean up' },
          },
        };
      return { text: 'Done: the rm call was refused by a hook.' };
    });
    const run = await runClaude(claude.path!, env, stub.url, 'say hello, then clean up');
    expect(run.code, `claude failed: ${run.stderr}\n${run.stdout}`).toBe(0);

    // Claude Code sent the block reason back to the model as the refused tool's result.
    const toolResults = stub.requests
      .flatMap((r) => (Array.isArray(r.body.messages) ? (r.body.messages as { content: unknown }[]) : []))
      .flatMap((m) =>
        Array.isArray(m.content)
          ? (m.content as { type: string; tool_use_id?: string; content?: unknown; is_error?: boolean }[])
          : [],
      )
      .filter((c) => c.type === 'tool_result');
    const refused = toolResults.find((c) => c.tool_use_id === 'toolu_rm');
    expect(JSON.stringify(refused?.content)).toContain('Hookpanel policy: rm -rf is not allowed');
    const echoed = toolResults.find((c) => c.tool_use_id === 'toolu_echo');
    expect(JSON.stringify(echoed?.content)).toContain('hello-from-bash');

    const history = await served.history('claude');
    for (const e of ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd'])
      expect(history.events, `history lacks ${e}`).toContain(e);
    expect(history.blocked).toEqual([
      { event: 'PreToolUse', reason: 'Hookpanel policy: rm -rf is not allowed' },
    ]);
    const done = served.session.notifications.list().find((n) => n.kind === 'turnDone');
    expect(done).toMatchObject({
      title: 'Claude Code finished a turn',
      body: `in ${env.workspace.split('/').pop()}`,
    });
    expect((await served.session.api['agents:list']({})).find((a) => a.id === 'claude')).toMatchObject({
      connected: true,
      lastEventAt: expect.any(String),
    });

    const disconnected = await connectCli(env, 'disconnect', 'claude');
    expect(disconnected.code, disconnected.stderr).toBe(0);
    expect(readFileSync(settings, 'utf8')).toBe(ORIGINAL);
  });
});
