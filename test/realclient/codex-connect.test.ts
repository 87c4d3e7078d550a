// Codex connected through `hookpanel connect codex --yes`, run as a person would, then driven for real
// (offline, against the Responses API stub) with no `hookpanel` on its PATH: connect records Codex's
// trust for exactly the hooks it added (through Codex), so `codex exec` runs them; its events reach the
// history, a hosted rule in hooks/codex.json blocks its shell call and Codex reports Hookpanel's reason,
// Stop raises a turn-done notification, and disconnect gives back hooks.json and config.toml byte for byte.
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { shellThenReport, startResponsesStub } from '../helpers/responses-stub.js';
import { agentForTests, AGENTS } from './agents.js';
import { PERSON_CONFIG as CONFIG, PERSON_HOOKS as HOOKS, runCodex } from './codex-run.js';
import { bridgedEvents, refuseWhenInputHas, setUpConnected } from './connected.js';

vi.setConfig({ testTimeout: 180_000 });
const codex = await agentForTests('codex');
const REASON = 'Hookpanel policy: no writing out.txt';

describe.skipIf(!codex.agent)(`Codex ${AGENTS.codex!.version} connected ${codex.why}`, () => {
  const agent = codex.agent!;

  test('connect --yes records Codex trust; a hosted rule blocks the shell call; events and turn done reach Hookpanel; disconnect restores the bytes', async () => {
    const connected = await setUpConnected({
      dialect: 'codex',
      label: 'Codex',
      files: { '~/.codex/hooks.json': HOOKS, '~/.codex/config.toml': CONFIG },
      rule: { event: 'PreToolUse', matcher: 'Bash', refuse: refuseWhenInputHas('out.txt', REASON) },
      // Codex installed as a person has it: on PATH (connect asks it to record its trust); hookpanel is not.
      prepare(env) {
        mkdirSync(env.path('codex-bin'));
        symlinkSync(agent.bin, env.path('codex-bin/codex'));
        env.processEnv.PATH = `${env.path('codex-bin')}:${env.processEnv.PATH}`;
      },
    });
    const { env } = connected;
    const hooksJson = env.path('~/.codex/hooks.json');
    const config = env.path('~/.codex/config.toml');

    const connectOut = await connected.connect(hooksJson);
    expect(connectOut).toMatch(
      /Codex now trusts the 7 hooks Hookpanel added \(recorded through Codex in .*config\.toml\)/,
    );
    expect(bridgedEvents(hooksJson)).toEqual(
      [
        'PermissionRequest (fast)',
        'PostToolUse (fast)',
        'PreToolUse (fast)',
        'SessionEnd',
        'SessionStart',
        'Stop',
        'UserPromptSubmit',
      ].sort(),
    );
    // The user's own hook is not trusted by connect: only what it added.
    expect(readFileSync(config, 'utf8')).not.toContain(`"${hooksJson}:post_tool_use:0:0"`);
    expect(readFileSync(config, 'utf8')).toContain(`"${hooksJson}:post_tool_use:1:0"`);

    const stub = connected.keep(await startResponsesStub(shellThenReport('echo hi > out.txt')));
    const run = await runCodex(agent, env, stub.url, 'write hi to out.txt');
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(env.workspace, 'out.txt'))).toBe(false);
    const output = stub.requests
      .flatMap((r) => (Array.isArray(r.body.input) ? (r.body.input as Record<string, unknown>[]) : []))
      .find((i) => i.type === 'function_call_output' && i.call_id === 'call_shell_1');
    expect(String(output?.output)).toContain(REASON);
    expect(run.stdout).toContain(REASON);

    await connected.expectTurn({
      events: ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'Stop', 'SessionEnd'],
      blocked: [{ event: 'PreToolUse', reason: REASON }],
    });

    const disconnectOut = await connected.disconnect({
      [hooksJson]: HOOKS,
      [config]: CONFIG,
    });
    expect(disconnectOut).toContain("Removed Codex's trust records for the 7 hooks Hookpanel had added");
  });
});
