// Agents on other machines (docs/remote.md), tier 2: the real Claude Code on the "remote" side of a real
// sshd (test/helpers/sshd.ts), connected with `hookpanel connect claude --remote`, offline against the stub
// Messages API. Its events reach this computer's History with the machine's name, a hosted rule on this
// computer blocks its shell call, and `remote remove` gives its settings file back byte for byte.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { claudeBinary } from '../helpers/claude-code.js';
import { startMessagesStub } from '../helpers/messages-stub.js';
import { sshdMissing } from '../helpers/sshd.js';
import { startRemoteMachine } from './remote-machine.js';

vi.setConfig({ testTimeout: 240_000 });
const claude = claudeBinary();
const missing = claude.path ? sshdMissing() : claude.why;
const REASON = 'Hookpanel policy: rm -rf is not allowed';
const ORIGINAL = `{
  "env": { "DISABLE_AUTOUPDATER": "1" },
  "permissions": { "allow": ["Bash(npm test)"] }
}
`;

test('Claude Code and OpenSSH are there for this test', (ctx) => {
  if (!missing) return;
  if (process.env.CI) throw new Error(`the remote real-client test must run on CI: ${missing}`);
  ctx.skip(missing);
});

describe.skipIf(missing)('Claude Code on another machine, connected with connect claude --remote', () => {
  test("its events reach this computer's History with the machine's name; a hosted rule blocks its rm -rf; remote remove restores its settings", async () => {
    const machine = await startRemoteMachine({
      dialect: 'claude',
      refuse: { needle: 'rm -rf', reason: REASON },
    });
    const { sshd, cli } = machine;
    const target = sshd.target;
    // Claude Code's own settings there, as a person keeps them.
    const settings = join(sshd.remoteHome, '.claude', 'settings.json');
    mkdirSync(join(sshd.remoteHome, '.claude'), { recursive: true });
    writeFileSync(settings, ORIGINAL);
    const project = join(sshd.remoteHome, 'project');
    mkdirSync(join(project, 'scratch'), { recursive: true });

    expect((await cli('remote', 'add', target)).code).toBe(0);
    const connect = await cli('connect', 'claude', '--remote', target, '--yes');
    expect(connect.code, connect.stderr).toBe(0);
    await machine.serve();

    const stub = await startMessagesStub((_body, turn) => {
      if (turn === 0)
        return { toolUse: { id: 'toolu_echo', name: 'Bash', input: { command: 'echo hello-from-bash' } } };
      if (turn === 1)
        return { toolUse: { id: 'toolu_rm', name: 'Bash', input: { command: 'rm -rf ./scratch' } } };
      return { text: 'Done: the rm call was refused by a hook.' };
    });
    onTestFinished(() => stub.close());
    const vars = [
      `ANTHROPIC_BASE_URL=${stub.url}`,
      'ANTHROPIC_API_KEY=sk-ant-offline-test',
      'DISABLE_AUTOUPDATER=1',
      'DISABLE_TELEMETRY=1',
      'DISABLE_ERROR_REPORTING=1',
      'CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1',
      'CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY=1',
    ].join(' ');
    const run = await sshd.run(
      `cd '${project}' && env ${vars} '${claude.path}' -p 'say hello, then clean up' --output-format json --allowedTools Bash --model claude-sonnet-4-5`,
    );
    expect(run.code, `claude failed: ${run.stderr}\n${run.stdout}`).toBe(0);

    const results = stub.requests
      .flatMap((r) => (Array.isArray(r.body.messages) ? (r.body.messages as { content: unknown }[]) : []))
      .flatMap((m) =>
        Array.isArray(m.content)
          ? (m.content as { type: string; tool_use_id?: string; content?: unknown }[])
          : [],
      )
      .filter((c) => c.type === 'tool_result');
    expect(JSON.stringify(results.find((c) => c.tool_use_id === 'toolu_rm')?.content)).toContain(REASON);
    expect(JSON.stringify(results.find((c) => c.tool_use_id === 'toolu_echo')?.content)).toContain(
      'hello-from-bash',
    );

    const events = await machine.events('SessionEnd');
    expect(new Set(events.map((e) => e.event))).toEqual(
      new Set(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd']),
    );
    expect(events.every((e) => e.machine === target)).toBe(true);
    expect(events.filter((e) => e.decision === 'block')).toEqual([
      expect.objectContaining({ event: 'PreToolUse', reason: REASON }),
    ]);

    const removed = await cli('remote', 'remove', target);
    expect(removed.code, removed.stderr).toBe(0);
    expect(readFileSync(settings, 'utf8')).toBe(ORIGINAL);
  });
});
