// The fix Hookpanel gives for each Codex hook it will skip, tried on the real Codex: where only the
// person can act (the project not trusted in Codex), doing exactly what the words say makes Codex list
// the hook; where Hookpanel can (the hook not trusted), the fix is the trust it records through Codex.
import { appendFileSync, chmodSync } from 'node:fs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { agentTrustReports, recordAgentTrust } from '../../electron/host/agents/agent-trust.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { agentForTests, AGENTS } from './agents.js';

vi.setConfig({ testTimeout: 120_000 });
const codex = await agentForTests('codex');
let env: TestEnv;
afterEach(async () => {
  await env?.cleanup();
});

describe.skipIf(!codex.agent)(
  `Codex ${AGENTS.codex!.version}: the fix for a hook it skips ${codex.why}`,
  () => {
    test('the project not trusted: the lines the words give, added to the file they name, make Codex load it; then one click trusts it', async () => {
      env = makeEnv();
      const wrapper = env.write('bin/codex', `#!/bin/sh\nexec '${codex.agent!.bin}' "$@"\n`);
      chmodSync(wrapper, 0o755);
      env.processEnv.PATH = `${env.path('bin')}:${process.env.PATH}`;
      const hooksJson = env.write(
        'ws/.codex/hooks.json',
        JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] } }),
      );
      env.write('~/.codex/config.toml', 'model = "gpt-test"\n');
      const report = async () =>
        (await agentTrustReports(await env.load(), env.ctx())).find((r) => r.dialect === 'codex')!;

      const before = await report();
      expect(before.installed).toBe(true);
      const hook = before.hooks.find((h) => h.path === hooksJson)!;
      expect(hook).toMatchObject({ status: 'skips', state: 'project-untrusted', trustable: null });
      expect(hook.fix).toEqual({
        kind: 'words',
        scope: 'file',
        text: expect.stringContaining('add these two lines at the end of this file'),
        file: env.path('~/.codex/config.toml'),
        code: `[projects.${JSON.stringify(env.workspace)}]\ntrust_level = "trusted"`,
      });
      expect(before.fix).not.toContain('Trust review');

      // Done as the words say: the same lines, at the end of the same file.
      if (hook.fix?.kind !== 'words') throw new Error('a fix in words was expected');
      appendFileSync(hook.fix.file!, `\n${hook.fix.code}\n`);
      const loaded = (await report()).hooks.find((h) => h.path === hooksJson)!;
      expect(loaded).toMatchObject({ status: 'skips', state: 'untrusted', fix: { kind: 'trust' } });

      const r = await recordAgentTrust('codex', [loaded.trustable!], env.ctx());
      expect(r.kind, r.message).toBe('recorded');
      expect((await report()).hooks.find((h) => h.path === hooksJson)).toMatchObject({
        status: 'runs',
        fix: null,
      });
    });
  },
);
