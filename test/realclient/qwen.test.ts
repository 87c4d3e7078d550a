// Tier 2: the real Qwen Code (pinned, installed into the agent cache) runs offline against a stub of
// the chat-completions API, in a temporary HOME, and fires its own hooks: what it sends them, how it
// takes a refusal, its folder-trust gate for project hooks and its master switch. What
// docs/agents/qwen.md and the qwen dialect state rests on these runs.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { shellThenReportChat, startChatStub, type ChatStub } from '../helpers/chat-completions-stub.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { QWEN_EVENTS } from '../../electron/host/dialects/qwen/events.js';
import { agentForTests, AGENTS, describeInstall } from './agents.js';
import { firstPerEvent, payloadFixture, recordedPayloads, recorderCommand, shapeOf } from './payloads.js';
import { runQwen, writeQwenUserSettings } from './qwen-run.js';

vi.setConfig({ testTimeout: 180_000 });
const qwen = await agentForTests('qwen');
let env: TestEnv;
let stub: ChatStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
  await env?.cleanup();
});

/** The last text Qwen Code sent back to the model for the shell call: its output, or a hook's refusal. */
function shellResult(s: ChatStub): string {
  const messages = (s.mainRequests().at(-1)!.body.messages ?? []) as { role: string; content: unknown }[];
  return JSON.stringify(messages.filter((m) => m.role === 'tool').map((m) => m.content));
}

describe.skipIf(!qwen.agent)(`Qwen Code ${AGENTS.qwen!.version} (real client) ${qwen.why}`, () => {
  const agent = qwen.agent!;
  beforeAll(() => {
    process.stderr.write(`real-client tier: ${describeInstall(agent)}\n`);
  });

  test('a hook on each of its 22 events fires on those one headless turn reaches, with the payloads in test/fixtures/qwen', async () => {
    env = makeEnv();
    const payloads = env.path('payloads');
    const record = { hooks: [{ type: 'command', command: recorderCommand(env, payloads) }] };
    writeQwenUserSettings(env, { hooks: Object.fromEntries(QWEN_EVENTS.map((e) => [e.name, [record]])) });
    stub = await startChatStub(shellThenReportChat('echo hi > out.txt'));

    const run = await runQwen(agent, env, stub.url, 'write hi to out.txt');
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(env.workspace, 'out.txt'))).toBe(true);
    expect(run.response).toContain('The shell call came back with');

    const seen = firstPerEvent(recordedPayloads(payloads));
    expect([...seen.keys()].sort()).toEqual(
      [
        'InstructionsLoaded',
        'MessageDisplay',
        'Notification',
        'PostToolBatch',
        'PostToolUse',
        'PreToolUse',
        'SessionStart',
        'Stop',
        'UserPromptSubmit',
      ].sort(),
    );
    // Every field of the recorded payload comes, with its type; Qwen Code adds some only on some turns
    // (UserPromptSubmit's submitted_prompt came on one CI run and not on the next).
    for (const [event, payload] of seen) {
      const { fixture } = payloadFixture('qwen', event, payload, env);
      expect(shapeOf(payload), `${event} payload`).toMatchObject(shapeOf(fixture) as object);
    }
    expect(seen.get('PreToolUse')).toMatchObject({
      tool_name: 'run_shell_command',
      tool_input: { command: 'echo hi > out.txt' },
      cwd: env.workspace,
    });
    expect(seen.get('SessionStart')).toMatchObject({ source: 'startup' });
  });

  const REASON = 'Hookpanel policy: no writing out.txt';
  test.each([
    ['exit 2 with the reason on stderr', `echo '${REASON}' >&2; exit 2`],
    [
      'hookSpecificOutput.permissionDecision deny',
      `printf '%s' '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: REASON } })}'`,
    ],
  ])(
    'a PreToolUse hook answering %s stops the shell call, and Qwen Code reports the reason',
    async (_how, command) => {
      env = makeEnv();
      writeQwenUserSettings(env, {
        hooks: { PreToolUse: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command }] }] },
      });
      stub = await startChatStub(shellThenReportChat('echo hi > out.txt'));
      const run = await runQwen(agent, env, stub.url, 'write hi to out.txt');
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(env.workspace, 'out.txt'))).toBe(false);
      expect(shellResult(stub)).toContain(REASON);
      expect(run.response).toContain(REASON);
    },
  );

  test('project hooks run while folder trust is off (the default); with it on, only in a folder trustedFolders.json trusts', async () => {
    env = makeEnv();
    const dir = (layer: string) => env.path(`payloads-${layer}`);
    const record = (layer: string) => ({
      hooks: [{ type: 'command', command: recorderCommand(env, dir(layer)) }],
    });
    env.write('ws/.qwen/settings.json', JSON.stringify({ hooks: { UserPromptSubmit: [record('project')] } }));
    stub = await startChatStub(() => ({ text: 'hello' }));
    const countIn = (layer: string) => recordedPayloads(dir(layer)).length;
    const run = async () => {
      const r = await runQwen(agent, env, stub!.url, 'say hello');
      expect(r.code, r.stderr).toBe(0);
    };

    writeQwenUserSettings(env, { hooks: { UserPromptSubmit: [record('user')] } });
    await run();
    expect([countIn('user'), countIn('project')]).toEqual([1, 1]);

    writeQwenUserSettings(env, {
      security: { folderTrust: { enabled: true } },
      hooks: { UserPromptSubmit: [record('user')] },
    });
    await run();
    expect([countIn('user'), countIn('project')]).toEqual([2, 1]);

    env.write('~/.qwen/trustedFolders.json', JSON.stringify({ [env.workspace]: 'TRUST_FOLDER' }));
    await run();
    expect([countIn('user'), countIn('project')]).toEqual([3, 2]);
  });

  test('disableAllHooks turns every hook off', async () => {
    env = makeEnv();
    const payloads = env.path('payloads');
    writeQwenUserSettings(env, {
      disableAllHooks: true,
      hooks: {
        UserPromptSubmit: [{ hooks: [{ type: 'command', command: recorderCommand(env, payloads) }] }],
      },
    });
    stub = await startChatStub(() => ({ text: 'hello' }));
    const run = await runQwen(agent, env, stub.url, 'say hello');
    expect(run.code, run.stderr).toBe(0);
    expect(run.response).toContain('hello');
    expect(recordedPayloads(payloads)).toEqual([]);
  });
});
