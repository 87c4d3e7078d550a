// Tier 2: the real Claude Code CLI, connected through `hookpanel connect claude --yes` as a person
// connects it, fires its hooks offline against a stub Messages API, driving the bridge end to end with
// no `hookpanel` on its PATH.
import { describe, expect, test, vi } from 'vitest';
import { claudeBinary, runClaude } from '../helpers/claude-code.js';
import { startMessagesStub } from '../helpers/messages-stub.js';
import { bridgesIn, refuseWhenInputHas, setUpConnected } from './connected.js';

const claude = claudeBinary();
vi.setConfig({ testTimeout: 180_000 });
const REASON = 'Hookpanel policy: rm -rf is not allowed';
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
    // Claude Code's own user settings, as a person keeps them; no `hookpanel` on its PATH. Hookpanel's
    // hosted rule: no rm in Bash.
    const connected = await setUpConnected({
      dialect: 'claude',
      label: 'Claude Code',
      files: { '~/.claude/settings.json': ORIGINAL },
      rule: { event: 'PreToolUse', matcher: 'Bash', refuse: refuseWhenInputHas('rm -rf', REASON) },
    });
    const { env, served } = connected;
    const settings = env.path('~/.claude/settings.json');
    await connected.connect(settings);
    expect(
      bridgesIn(settings)
        .map((b) => b.event)
        .sort(),
    ).toEqual([...EVENTS].sort());

    const stub = await startMessagesStub((_body, turn) => {
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
    connected.keep(stub);
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
    expect(JSON.stringify(refused?.content)).toContain(REASON);
    const echoed = toolResults.find((c) => c.tool_use_id === 'toolu_echo');
    expect(JSON.stringify(echoed?.content)).toContain('hello-from-bash');

    await connected.expectTurn({
      events: ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd'],
      blocked: [{ event: 'PreToolUse', reason: REASON }],
    });
    expect((await served.session.api['agents:list']({})).find((a) => a.id === 'claude')).toMatchObject({
      connected: true,
      lastEventAt: expect.any(String),
    });

    await connected.disconnect({ [settings]: ORIGINAL });
  });
});
