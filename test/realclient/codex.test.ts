// Tier 2: the real Codex CLI (pinned, installed into the agent cache) runs offline against a stub of
// the Responses API, in a temporary HOME, and fires its own hooks: what it sends them, how it takes
// a refusal, and its trust gate. The seed of the later `hookpanel connect codex` tests.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { shellThenReport, startResponsesStub, type ResponsesStub } from '../helpers/responses-stub.js';
import { agentForTests, AGENTS, describeInstall, type InstalledAgent } from './agents.js';
import { codexEnv, runCodex, withInstalledCodex } from './codex-run.js';
import { firstPerEvent, payloadFixture, recordedPayloads, recorderCommand, shapeOf } from './payloads.js';

vi.setConfig({ testTimeout: 120_000 });
const codex = await agentForTests('codex');
let env: TestEnv;
let stub: ResponsesStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
  await env?.cleanup();
});

/** Every event Codex 0.171 accepts in hooks.json (its HookEventName). */
const EVENTS = [
  'PreModelRequest',
  'PostModelRequest',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PreCompact',
  'PostCompact',
  'SessionStart',
  'SessionEnd',
  'UserPromptSubmit',
  'SubagentStart',
  'SubagentStop',
  'Stop',
  'Interrupt',
];
/** What one `codex exec` turn with one shell call reaches (no compaction, subagent, approval or interrupt). */
const EXEC_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreModelRequest',
  'PostModelRequest',
  'PreToolUse',
  'PostToolUse',
  'Stop',
  'SessionEnd',
];

function writeHooks(e: TestEnv, hooks: Record<string, unknown[]>): string {
  return e.write('~/.codex/hooks.json', JSON.stringify({ hooks }, null, 2));
}

/** Records Codex's trust for every hook it lists, through its own app server; returns the statuses before. */
async function trustEverything(agent: InstalledAgent, e: TestEnv): Promise<string[]> {
  return withInstalledCodex({ program: agent.bin, env: codexEnv(e), cwd: e.workspace }, async (server) => {
    const [listed] = await server.listHooks([e.workspace]);
    await server.trustHooks(listed!.hooks, [e.workspace]);
    return listed!.hooks.map((h) => h.trustStatus);
  });
}

describe.skipIf(!codex.agent)(`Codex ${AGENTS.codex!.version} (real client) ${codex.why}`, () => {
  const agent = codex.agent!;
  beforeAll(() => {
    process.stderr.write(`real-client tier: ${describeInstall(agent)}\n`);
  });

  test('an untrusted hook is skipped without a word; trusted through Codex it runs; edited, it is skipped again', async () => {
    env = makeEnv();
    const payloads = env.path('payloads');
    writeHooks(env, {
      UserPromptSubmit: [{ hooks: [{ type: 'command', command: recorderCommand(env, payloads) }] }],
    });
    stub = await startResponsesStub(() => ({ text: 'hello' }));

    const untrusted = await runCodex(agent, env, stub.url, 'say hello');
    expect(untrusted.code, untrusted.stderr).toBe(0);
    expect(recordedPayloads(payloads)).toEqual([]);
    expect(untrusted.stderr).not.toMatch(/\bhooks?\b/i);

    expect(await trustEverything(agent, env)).toEqual(['untrusted']);
    const trusted = await runCodex(agent, env, stub.url, 'say hello again');
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(recordedPayloads(payloads).map((p) => p.prompt)).toEqual(['say hello again']);

    // Any change to the hook's definition (here its timeout) changes Codex's hash: trust is gone.
    writeHooks(env, {
      UserPromptSubmit: [
        { hooks: [{ type: 'command', command: recorderCommand(env, payloads), timeout: 30 }] },
      ],
    });
    const status = await withInstalledCodex({ program: agent.bin, env: codexEnv(env) }, async (s) =>
      (await s.listHooks([env.workspace]))[0]!.hooks.map((h) => h.trustStatus),
    );
    expect(status).toEqual(['modified']);
    const modified = await runCodex(agent, env, stub.url, 'and once more');
    expect(modified.code, modified.stderr).toBe(0);
    expect(recordedPayloads(payloads)).toHaveLength(1);
  });

  test('a plain hook fires on every event one exec turn reaches, with the payloads in test/fixtures/codex', async () => {
    env = makeEnv();
    const payloads = env.path('payloads');
    const record = { hooks: [{ type: 'command', command: recorderCommand(env, payloads) }] };
    writeHooks(env, Object.fromEntries(EVENTS.map((e) => [e, [record]])));
    expect(await trustEverything(agent, env)).toEqual(EVENTS.map(() => 'untrusted'));
    stub = await startResponsesStub(shellThenReport('echo hi > out.txt'));

    const run = await runCodex(agent, env, stub.url, 'write hi to out.txt');
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(env.workspace, 'out.txt'))).toBe(true);

    const seen = firstPerEvent(recordedPayloads(payloads));
    expect([...seen.keys()].sort()).toEqual([...EXEC_EVENTS].sort());
    for (const [event, payload] of seen) {
      const { fixture } = payloadFixture('codex', event, payload, env);
      expect(shapeOf(payload), `${event} payload`).toEqual(shapeOf(fixture));
    }
    // The shell call as hooks see it: Claude Code's names, whatever Codex's own tool is called.
    expect(seen.get('PreToolUse')).toMatchObject({
      tool_name: 'Bash',
      tool_input: { command: 'echo hi > out.txt' },
      tool_use_id: 'call_shell_1',
      cwd: env.workspace,
    });
    expect(seen.get('Stop')).toMatchObject({ stop_hook_active: false });
    expect(String(seen.get('Stop')!.last_assistant_message)).toContain('The shell call came back with');
    expect(seen.get('SessionEnd')).toMatchObject({ reason: 'other' });
  });

  test('compaction fires PreCompact, PostCompact and SessionStart (source compact), with the payloads in test/fixtures/codex', async () => {
    env = makeEnv();
    const payloads = env.path('payloads');
    const record = { hooks: [{ type: 'command', command: recorderCommand(env, payloads) }] };
    writeHooks(env, { PreCompact: [record], PostCompact: [record], SessionStart: [record] });
    await trustEverything(agent, env);
    // The first answer reports more tokens than the limit, so Codex compacts before going on.
    stub = await startResponsesStub(({ turn }) =>
      turn === 0 ? { shell: { callId: 'call_1', command: 'true' }, tokens: 5_000 } : { text: 'done' },
    );
    const run = await runCodex(agent, env, stub.url, 'work until compaction', [
      '-c',
      'model_auto_compact_token_limit=1000',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const all = recordedPayloads(payloads);
    expect(all.map((p) => `${p.hook_event_name} ${p.trigger ?? p.source}`).sort()).toEqual([
      'PostCompact auto',
      'PreCompact auto',
      'SessionStart compact',
      'SessionStart startup',
    ]);
    for (const [event, payload] of firstPerEvent(all)) {
      if (event === 'SessionStart') continue;
      const { fixture } = payloadFixture('codex', event, payload, env);
      expect(shapeOf(payload), `${event} payload`).toEqual(shapeOf(fixture));
    }
  });

  const REASON = 'Hookpanel policy: no writing out.txt';
  test.each([
    ['exit 2 with the reason on stderr', `echo '${REASON}' >&2; exit 2`],
    [
      'hookSpecificOutput.permissionDecision deny',
      `printf '%s' '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: REASON } })}'`,
    ],
    [
      'decision block with a reason',
      `printf '%s' '${JSON.stringify({ decision: 'block', reason: REASON })}'`,
    ],
  ])(
    'a PreToolUse hook answering %s stops the shell call, and Codex reports the reason',
    async (_how, command) => {
      env = makeEnv();
      writeHooks(env, { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] });
      await trustEverything(agent, env);
      stub = await startResponsesStub(shellThenReport('echo hi > out.txt'));

      const run = await runCodex(agent, env, stub.url, 'write hi to out.txt');
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(env.workspace, 'out.txt'))).toBe(false);
      // The refusal goes back to the model as the tool's output, and so into Codex's final answer.
      const output = stub.requests
        .flatMap((r) => (Array.isArray(r.body.input) ? (r.body.input as Record<string, unknown>[]) : []))
        .find((i) => i.type === 'function_call_output' && i.call_id === 'call_shell_1');
      expect(String(output?.output)).toContain(REASON);
      expect(run.stdout).toContain(REASON);
    },
  );
});
