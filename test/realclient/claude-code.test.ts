// Tier 2: the real Claude Code CLI fires its hooks offline against a stub Messages API, with
// `hookpanel emit claude <Event>` as its hooks, driving the bridge end to end.
import { afterEach, describe, expect, test } from 'vitest';
import { runCli, withHookpanelOnPath } from '../helpers/cli.js';
import { claudeBinary, runClaude } from '../helpers/claude-code.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { startMessagesStub, type MessagesStub } from '../helpers/messages-stub.js';

const claude = claudeBinary();
let env: TestEnv;
let stub: MessagesStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
  env?.cleanup();
});

const EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd'];

// The CLI is a devDependency, so a missing binary is a broken install: CI fails on it; elsewhere the tier
// skips with the reason printed, not only in a title.
test('the Claude Code CLI is installed for this tier', (ctx) => {
  if (claude.path) return;
  if (process.env.CI) throw new Error(`the real-client tier must run on CI: ${claude.why}`);
  console.warn(`Real-client tier skipped: ${claude.why}`);
  ctx.skip(claude.why);
});

describe.runIf(claude.path)('Claude Code', () => {
  test('a hosted PreToolUse rule blocks a Bash call and Claude Code reports it refused; lifecycle events reach the history', async () => {
    env = makeEnv();
    withHookpanelOnPath(env);
    // Claude Code's own user settings: every event goes to Hookpanel.
    env.write(
      '~/.claude/settings.json',
      JSON.stringify({
        hooks: Object.fromEntries(
          EVENTS.map((e) => [e, [{ hooks: [{ type: 'command', command: `hookpanel emit claude ${e}` }] }]]),
        ),
      }),
    );
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

    const history = JSON.parse(
      (await runCli(['history', '--json', '--dialect', 'claude', '--limit', '100'], { env: env.processEnv }))
        .stdout,
    );
    const listed = JSON.parse(
      (
        await runCli(['history', '--json', '--events', '--dialect', 'claude', '--limit', '100'], {
          env: env.processEnv,
        })
      ).stdout,
    );
    const events = new Set((listed.events as { event: string }[]).map((e) => e.event));
    for (const e of EVENTS) expect(events, `history lacks ${e}`).toContain(e);
    const blocked = (history.dispatches as { event: string; outcome: string; reason: string }[]).filter(
      (d) => d.outcome === 'blocked',
    );
    expect(blocked).toEqual([
      expect.objectContaining({ event: 'PreToolUse', reason: 'Hookpanel policy: rm -rf is not allowed' }),
    ]);
  });
});

describe.runIf(claude.path)('Claude Code connected through Hookpanel', () => {
  test('connect through the host API, run one turn: a turn-done notification is raised for it', async () => {
    env = makeEnv();
    withHookpanelOnPath(env);
    const { HookHost } = await import('../../electron/host/service.js');
    const { listenIntake } = await import('../../electron/host/intake/server.js');
    const { startPanelSession } = await import('../../electron/host/panel/session.js');
    const host = await HookHost.open(env.host);
    const server = await listenIntake(host);
    const session = startPanelSession(host, { mode: 'browser', workspace: env.workspace, push: () => {} });
    try {
      const preview = await session.api['agents:preview']({ agent: 'claude', connect: true });
      expect(await session.api['agents:connect']({ agent: 'claude', diff: preview.diff })).toMatchObject({
        ok: true,
      });
      stub = await startMessagesStub(() => ({ text: 'All done.' }));
      const run = await runClaude(claude.path!, env, stub.url, 'say something');
      expect(run.code, `claude failed: ${run.stderr}\n${run.stdout}`).toBe(0);
      await host.idle();
      const done = session.notifications.list().find((n) => n.kind === 'turnDone');
      expect(done).toMatchObject({
        title: 'Claude Code finished a turn',
        body: `in ${env.workspace.split('/').pop()}`,
      });
      const agents = await session.api['agents:list']({});
      expect(agents.find((a) => a.id === 'claude')).toMatchObject({
        connected: true,
        lastEventAt: expect.any(String),
      });
    } finally {
      server.close();
      await session.close();
      await host.close();
    }
  });
});
