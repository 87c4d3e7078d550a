// Codex's own trust of each hook, as Hookpanel reports it: asked of the real Codex (its app server),
// kept while nothing it depends on changed, and recorded through Codex for exactly the hooks shown.
import { readFileSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { agentTrustReports, recordAgentTrust } from '../../electron/host/agents/agent-trust.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { agentForTests, AGENTS } from './agents.js';

vi.setConfig({ testTimeout: 120_000 });
const codex = await agentForTests('codex');
let env: TestEnv;
afterEach(() => env?.cleanup());

describe.skipIf(!codex.agent)(`Codex ${AGENTS.codex!.version}'s trust, per hook ${codex.why}`, () => {
  const agent = codex.agent!;

  /** `codex` on PATH as the real one, counting its starts. */
  async function codexOnPath(e: TestEnv): Promise<() => number> {
    const log = e.path('codex-starts.log');
    const wrapper = e.write('bin/codex', `#!/bin/sh\necho start >> '${log}'\nexec '${agent.bin}' "$@"\n`);
    await chmod(wrapper, 0o755);
    e.processEnv.PATH = `${e.path('bin')}:${process.env.PATH}`;
    return () => {
      try {
        return readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).length;
      } catch {
        return 0;
      }
    };
  }

  const codexOf = async (e: TestEnv) => {
    const found = (await agentTrustReports(await e.load(), e.ctx())).find((r) => r.dialect === 'codex');
    return found!;
  };

  test('untrusted until recorded through Codex; asked once while nothing changed; modified after an edit', async () => {
    env = makeEnv();
    const starts = await codexOnPath(env);
    const write = (command: string) =>
      env.write(
        '~/.codex/hooks.json',
        JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command }] }] } }, null, 2),
      );
    const hooksJson = write('echo one');

    const before = await codexOf(env);
    expect(before.hooks).toEqual([
      expect.objectContaining({
        path: hooksJson,
        command: 'echo one',
        status: 'skips',
        state: 'untrusted',
        message: 'Codex will skip this: not trusted in Codex',
        trustable: { key: `${hooksJson}:stop:0:0`, hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) },
      }),
    ]);
    expect(before.fix).toContain("Trust review (it records Codex's trust through Codex itself)");
    expect(starts()).toBe(1);
    await codexOf(env);
    expect(starts(), 'nothing changed: the answer is kept').toBe(1);

    const recorded = await recordAgentTrust('codex', [before.hooks[0]!.trustable!], env.ctx());
    expect(recorded.ok, recorded.message).toBe(true);
    expect(recorded.message).toBe(
      `Codex now trusts this hook (recorded through Codex in ${env.path('~/.codex/config.toml')})`,
    );
    const after = await codexOf(env);
    expect(after.hooks.map((h) => [h.status, h.state, h.message, h.trustable])).toEqual([
      ['runs', 'trusted', 'Codex will run this', null],
    ]);
    expect(after.fix).toBeNull();

    write('echo two');
    const edited = await codexOf(env);
    expect(edited.hooks.map((h) => [h.status, h.state, h.message])).toEqual([
      ['skips', 'modified', 'Codex will skip this: it changed since it was trusted in Codex'],
    ]);
  });

  test('a hash that moved since it was shown is refused, and nothing is recorded', async () => {
    env = makeEnv();
    await codexOnPath(env);
    const write = (command: string) =>
      env.write(
        '~/.codex/hooks.json',
        JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command }] }] } }),
      );
    const hooksJson = write('echo shown');
    const shown = (await codexOf(env)).hooks[0]!.trustable!;
    write('echo swapped');
    const r = await recordAgentTrust('codex', [shown], env.ctx());
    expect(r).toEqual({
      ok: false,
      message: `${hooksJson}:pre_tool_use:0:0 changed since it was shown (or is gone); review it again`,
    });
    expect((await codexOf(env)).hooks.map((h) => h.state)).toEqual(['untrusted']);
  });
});
