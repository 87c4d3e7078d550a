// Tier 2: the real Gemini CLI (pinned, installed into the agent cache) runs offline against a stub of
// the Gemini API, in a temporary HOME, and fires its own hooks: what it sends them, how it takes a
// refusal, its folder-trust gate and its master switch. The seed of the later
// `hookpanel connect gemini` tests.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { shellThenReportGemini, startGeminiStub, type GeminiStub } from '../helpers/gemini-stub.js';
import { agentForTests, AGENTS, describeInstall } from './agents.js';
import { geminiHome, runGemini, trustGeminiFolder, writeGeminiUserSettings } from './gemini-run.js';
import { firstPerEvent, payloadFixture, recordedPayloads, recorderCommand, shapeOf } from './payloads.js';

vi.setConfig({ testTimeout: 120_000 });
const gemini = await agentForTests('gemini');
let env: TestEnv;
let stub: GeminiStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
  await env?.cleanup();
});

/** Every event Gemini CLI 0.61 accepts (its HookEventName). */
const EVENTS = [
  'BeforeTool',
  'AfterTool',
  'BeforeAgent',
  'Notification',
  'AfterAgent',
  'SessionStart',
  'SessionEnd',
  'PreCompress',
  'BeforeModel',
  'AfterModel',
  'BeforeToolSelection',
];

describe.skipIf(!gemini.agent)(`Gemini CLI ${AGENTS.gemini!.version} (real client) ${gemini.why}`, () => {
  const agent = gemini.agent!;
  beforeAll(() => {
    process.stderr.write(`real-client tier: ${describeInstall(agent)}\n`);
  });

  test('a plain hook fires on every event one headless turn reaches, with the payloads in test/fixtures/gemini', async () => {
    env = makeEnv();
    const payloads = env.path('payloads');
    const record = { hooks: [{ type: 'command', command: recorderCommand(env, payloads) }] };
    writeGeminiUserSettings(env, { hooks: Object.fromEntries(EVENTS.map((e) => [e, [record]])) });
    trustGeminiFolder(env, { [env.workspace]: 'TRUST_FOLDER' });
    stub = await startGeminiStub(shellThenReportGemini('echo hi > out.txt'));

    const run = await runGemini(agent, env, stub.url, 'write hi to out.txt');
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(env.workspace, 'out.txt'))).toBe(true);
    expect(run.response).toContain('The shell call came back with');

    const seen = firstPerEvent(recordedPayloads(payloads));
    // Notification fires only for a permission prompt, which --yolo never shows.
    expect([...seen.keys()].sort()).toEqual(EVENTS.filter((e) => e !== 'Notification').sort());
    for (const [event, payload] of seen) {
      const { fixture } = payloadFixture('gemini', event, payload, env);
      expect(shapeOf(payload), `${event} payload`).toEqual(shapeOf(fixture));
    }
    expect(seen.get('BeforeTool')).toMatchObject({
      tool_name: 'run_shell_command',
      tool_input: { command: 'echo hi > out.txt' },
      cwd: env.workspace,
    });
    expect(seen.get('AfterAgent')).toMatchObject({ prompt: 'write hi to out.txt', stop_hook_active: false });
    expect(String(seen.get('AfterAgent')!.prompt_response)).toContain('The shell call came back with');
    expect(seen.get('SessionEnd')).toMatchObject({ reason: 'exit' });
  });

  const REASON = 'Hookpanel policy: no writing out.txt';
  test.each([
    ['exit 2 with the reason on stderr', `echo '${REASON}' >&2; exit 2`],
    ['decision deny with a reason', `printf '%s' '${JSON.stringify({ decision: 'deny', reason: REASON })}'`],
    [
      'decision block (deny\u2019s alias)',
      `printf '%s' '${JSON.stringify({ decision: 'block', reason: REASON })}'`,
    ],
    // Not in Gemini's docs ("other codes: warning"): text from any code but 0 and 1 is a deny.
    ['exit 3 with the reason on stderr', `echo '${REASON}' >&2; exit 3`],
  ])(
    'a BeforeTool hook answering %s stops the shell call, and Gemini reports the reason',
    async (_how, command) => {
      env = makeEnv();
      writeGeminiUserSettings(env, {
        hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command }] }] },
      });
      trustGeminiFolder(env, { [env.workspace]: 'TRUST_FOLDER' });
      stub = await startGeminiStub(shellThenReportGemini('echo hi > out.txt'));

      const run = await runGemini(agent, env, stub.url, 'write hi to out.txt');
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(env.workspace, 'out.txt'))).toBe(false);
      const results = stub.mainRequests().at(-1)!;
      expect(JSON.stringify(results.body.contents)).toContain(`Tool execution blocked: ${REASON}`);
      expect(run.response).toContain(REASON);
    },
  );

  test('exit 2 with nothing on stderr does not block (the hook only counts as failed)', async () => {
    env = makeEnv();
    writeGeminiUserSettings(env, {
      hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'exit 2' }] }] },
    });
    trustGeminiFolder(env, { [env.workspace]: 'TRUST_FOLDER' });
    stub = await startGeminiStub(shellThenReportGemini('echo hi > out.txt'));
    const run = await runGemini(agent, env, stub.url, 'write hi to out.txt');
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(env.workspace, 'out.txt'))).toBe(true);
  });

  test('folder trust: headless Gemini refuses an untrusted folder before any hook runs; trusted, project hooks run beside user hooks', async () => {
    env = makeEnv();
    const payloads = env.path('payloads');
    const record = (layer: string) => ({
      hooks: [
        { type: 'command', name: `${layer}-recorder`, command: `${recorderCommand(env, payloads)} ${layer}` },
      ],
    });
    writeGeminiUserSettings(env, { hooks: { BeforeAgent: [record('user')] } });
    env.write('ws/.gemini/settings.json', JSON.stringify({ hooks: { BeforeAgent: [record('project')] } }));
    stub = await startGeminiStub(() => ({ text: 'hello' }));

    const untrusted = await runGemini(agent, env, stub.url, 'say hello');
    expect(untrusted.code).toBe(55);
    expect(untrusted.stderr).toContain('Gemini CLI is not running in a trusted directory');
    expect(recordedPayloads(payloads)).toEqual([]);
    expect(stub.requests).toEqual([]);

    trustGeminiFolder(env, { [env.workspace]: 'TRUST_FOLDER' });
    const trusted = await runGemini(agent, env, stub.url, 'say hello');
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(recordedPayloads(payloads)).toHaveLength(2);
    // New project hooks are announced once and remembered by name and command; they run regardless.
    expect(trusted.stderr).toContain('project-level hooks have been detected');
    const remembered = JSON.parse(readFileSync(join(geminiHome(env), 'trusted_hooks.json'), 'utf8'));
    expect(remembered).toEqual({
      [env.workspace]: [`project-recorder:${record('project').hooks[0]!.command}`],
    });
  });

  test('hooksConfig.enabled false turns every hook off', async () => {
    env = makeEnv();
    const payloads = env.path('payloads');
    writeGeminiUserSettings(env, {
      hooksConfig: { enabled: false },
      hooks: { BeforeAgent: [{ hooks: [{ type: 'command', command: recorderCommand(env, payloads) }] }] },
    });
    trustGeminiFolder(env, { [env.workspace]: 'TRUST_FOLDER' });
    stub = await startGeminiStub(() => ({ text: 'hello' }));
    const run = await runGemini(agent, env, stub.url, 'say hello');
    expect(run.code, run.stderr).toBe(0);
    expect(recordedPayloads(payloads)).toEqual([]);
  });
});
