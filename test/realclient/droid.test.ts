// Tier 2: the real Factory Droid (pinned, installed into the agent cache) runs offline against a stub of
// the chat-completions API, in a temporary HOME, and fires its own hooks: what it sends them, how it
// takes a refusal, which of its files it reads hooks from, a file it ignores whole, and its master
// switch. What docs/agents/droid.md and the droid dialect state rests on these runs.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { shellThenReportChat, startChatStub, type ChatStub } from '../helpers/chat-completions-stub.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { DROID_EVENTS } from '../../electron/host/dialects/droid/events.js';
import { agentForTests, AGENTS, describeInstall } from './agents.js';
import { droidSettingsText, runDroid } from './droid-run.js';
import { firstPerEvent, payloadFixture, recordedPayloads, recorderCommand, shapeOf } from './payloads.js';

vi.setConfig({ testTimeout: 240_000 });
const droid = await agentForTests('droid');
let env: TestEnv;
let stub: ChatStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
  await env?.cleanup();
});

/**
 * A fresh world whose model is the stub asking for one shell call; `settings` (made once the world's
 * folders exist, so recorders write into them) beside its customModels.
 */
async function world(settings: () => Record<string, unknown>): Promise<void> {
  env = makeEnv();
  stub = await startChatStub(shellThenReportChat('echo hi > out.txt'));
  env.write('~/.factory/settings.json', droidSettingsText(stub.url, settings()));
}

/** A matcher group whose hook records its payloads into `payloads-<name>`. */
function recording(name: string): Record<string, unknown>[] {
  return [{ hooks: [{ type: 'command', command: recorderCommand(env, env.path(`payloads-${name}`)) }] }];
}
const recorded = (name: string) => recordedPayloads(env.path(`payloads-${name}`)).length;

async function runOnce(): Promise<Awaited<ReturnType<typeof runDroid>>> {
  const run = await runDroid(droid.agent!, env, 'write hi to out.txt');
  expect(run.code, run.stderr).toBe(0);
  return run;
}

describe.skipIf(!droid.agent)(`Factory Droid ${AGENTS.droid!.version} (real client) ${droid.why}`, () => {
  beforeAll(() => {
    process.stderr.write(`real-client tier: ${describeInstall(droid.agent!)}\n`);
  });

  test('a hook on each of its 9 events fires on those one headless turn reaches, with the payloads in test/fixtures/droid', async () => {
    env = makeEnv();
    const payloads = env.path('payloads');
    const record = { hooks: [{ type: 'command', command: recorderCommand(env, payloads) }] };
    stub = await startChatStub(shellThenReportChat('echo hi > out.txt'));
    env.write(
      '~/.factory/settings.json',
      droidSettingsText(stub.url, { hooks: Object.fromEntries(DROID_EVENTS.map((e) => [e.name, [record]])) }),
    );

    const run = await runOnce();
    expect(existsSync(join(env.workspace, 'out.txt'))).toBe(true);
    expect(run.response).toContain('The shell call came back with');

    const seen = firstPerEvent(recordedPayloads(payloads));
    expect([...seen.keys()].sort()).toEqual([
      'PostToolUse',
      'PreToolUse',
      'SessionEnd',
      'SessionStart',
      'Stop',
    ]);
    for (const [event, payload] of seen) {
      const { fixture } = payloadFixture('droid', event, payload, env);
      expect(shapeOf(payload), `${event} payload`).toMatchObject(shapeOf(fixture) as object);
    }
    expect(seen.get('PreToolUse')).toMatchObject({
      tool_name: 'Execute',
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
    'a PreToolUse hook answering %s stops the shell call, and Droid reports the reason',
    async (_how, command) => {
      await world(() => ({
        hooks: { PreToolUse: [{ matcher: 'Execute', hooks: [{ type: 'command', command }] }] },
      }));
      const run = await runOnce();
      expect(existsSync(join(env.workspace, 'out.txt'))).toBe(false);
      const messages = (stub!.mainRequests().at(-1)!.body.messages ?? []) as {
        role: string;
        content: unknown;
      }[];
      expect(JSON.stringify(messages.filter((m) => m.role === 'tool'))).toContain(REASON);
      expect(run.response).toContain(REASON);
    },
  );

  test("one hook it cannot read makes Droid skip its whole file; a project's settings.json runs without asking, settings.local.json never", async () => {
    env = makeEnv();
    stub = await startChatStub(shellThenReportChat('echo hi > out.txt'));
    env.write(
      '~/.factory/settings.json',
      droidSettingsText(stub.url, {
        hooks: {
          PreToolUse: recording('user-good'),
          PostToolUse: [{ hooks: [{ type: 'command', command: 'true', timeout: 'soon' }] }],
        },
      }),
    );
    env.write('ws/.factory/settings.json', JSON.stringify({ hooks: { PreToolUse: recording('project') } }));
    env.write(
      'ws/.factory/settings.local.json',
      JSON.stringify({ hooks: { PreToolUse: recording('local') } }),
    );
    await runOnce();
    expect([recorded('user-good'), recorded('project'), recorded('local')]).toEqual([0, 1, 0]);
  });

  test("an event in hooks.json replaces that event's hooks of settings.json; the other events stay", async () => {
    await world(() => ({
      hooks: { PreToolUse: recording('settings-pre'), PostToolUse: recording('settings-post') },
    }));
    env.write('~/.factory/hooks.json', JSON.stringify({ PreToolUse: recording('hooksjson-pre') }));
    await runOnce();
    expect([recorded('settings-pre'), recorded('settings-post'), recorded('hooksjson-pre')]).toEqual([
      0, 1, 1,
    ]);
  });

  test('matchers are regular expressions searched anywhere, and commandRegex filters the shell command', async () => {
    await world(() => ({
      hooks: {
        PreToolUse: [
          { matcher: 'Exec', hooks: recording('exec')[0]!.hooks },
          { matcher: '^Exec$', hooks: recording('anchored')[0]!.hooks },
          { matcher: 'execute', hooks: recording('lower')[0]!.hooks },
          { matcher: 'Execute', commandRegex: 'out\\.txt', hooks: recording('command')[0]!.hooks },
          { matcher: 'Execute', commandRegex: '^nomatch', hooks: recording('other-command')[0]!.hooks },
        ],
      },
    }));
    await runOnce();
    expect(['exec', 'anchored', 'lower', 'command', 'other-command'].map(recorded)).toEqual([1, 0, 0, 1, 0]);
  });

  test('hooksDisabled in the hooks object turns every hook off', async () => {
    await world(() => ({ hooks: { hooksDisabled: true, PreToolUse: recording('off') } }));
    env.write('ws/.factory/settings.json', JSON.stringify({ hooks: { PreToolUse: recording('project') } }));
    await runOnce();
    expect(existsSync(join(env.workspace, 'out.txt'))).toBe(true);
    expect([recorded('off'), recorded('project')]).toEqual([0, 0]);
  });
});
