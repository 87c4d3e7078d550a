// What Hookpanel says of Codex hooks where no Codex is installed: that Codex is not installed, and for
// a project Codex does not trust, the exact line for the file Codex reads, never "use Trust review".
import { afterEach, describe, expect, test } from 'vitest';
import { agentTrustReports } from '../../electron/host/agents/agent-trust.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
afterEach(async () => {
  await env?.cleanup();
});

async function codexReport(e: TestEnv) {
  return (await agentTrustReports(await e.load(), e.ctx())).find((r) => r.dialect === 'codex')!;
}

describe('Codex not installed', () => {
  test('a project Codex does not know: said not installed, and the two lines to add, with the file', async () => {
    env = makeEnv();
    env.processEnv.PATH = '/usr/bin:/bin';
    const hooksJson = env.write(
      'ws/.codex/hooks.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] } }),
    );
    const report = await codexReport(env);
    expect(report.installed).toBe(false);
    expect(report.hooks).toEqual([
      expect.objectContaining({
        path: hooksJson,
        status: 'skips',
        state: 'project-untrusted',
        fix: {
          kind: 'words',
          scope: 'file',
          text: expect.stringContaining('trust the project in Codex'),
          file: env.path('~/.codex/config.toml'),
          code: `[projects.${JSON.stringify(env.workspace)}]\ntrust_level = "trusted"`,
        },
      }),
    ]);
    expect(report.fix).not.toContain('Trust review');
    expect(report.fix).toContain(env.path('~/.codex/config.toml'));
  });

  test('a project Codex was told not to trust: the line to change, not a second table', async () => {
    env = makeEnv();
    env.processEnv.PATH = '/usr/bin:/bin';
    env.write(
      'ws/.codex/hooks.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x' }] }] } }),
    );
    env.write(
      '~/.codex/config.toml',
      `[projects.${JSON.stringify(env.workspace)}]\ntrust_level = "untrusted"\n`,
    );
    const [hook] = (await codexReport(env)).hooks;
    expect(hook!.fix).toMatchObject({ kind: 'words', code: 'trust_level = "trusted"' });
    expect(hook!.fix).toMatchObject({ text: expect.stringContaining('trust_level = "untrusted"') });
  });

  test('every hook switched off: the line under [features], in the file that switches them off', async () => {
    env = makeEnv();
    env.processEnv.PATH = '/usr/bin:/bin';
    const config = env.write('~/.codex/config.toml', '[features]\nhooks = false\n');
    env.write(
      '~/.codex/hooks.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x' }] }] } }),
    );
    const [hook] = (await codexReport(env)).hooks;
    expect(hook).toMatchObject({
      status: 'skips',
      fix: { kind: 'words', scope: 'file', file: config, code: 'hooks = true' },
    });
  });
});
