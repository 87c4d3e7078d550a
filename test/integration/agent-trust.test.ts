// The agents' own trust gates as Hookpanel reports them without Codex installed: Gemini CLI's folder
// trust and switches (its own rules, reproduced), and Codex's verdict said to be unknown rather than
// guessed. With the real Codex: test/realclient/codex-trust.test.ts.
import { afterEach, describe, expect, test } from 'vitest';
import {
  addAgentTrustNotes,
  agentTrustReports,
  recordAgentTrust,
} from '../../electron/host/agents/agent-trust.js';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

const geminiHooks = (commands: string[], extra: Record<string, unknown> = {}) =>
  JSON.stringify(
    {
      hooks: { BeforeTool: [{ hooks: commands.map((command) => ({ type: 'command', command })) }] },
      ...extra,
    },
    null,
    2,
  );

function report(reports: Awaited<ReturnType<typeof agentTrustReports>>, dialect: string) {
  const found = reports.find((r) => r.dialect === dialect);
  if (!found) throw new Error(`no report for ${dialect}`);
  return found;
}

describe('Gemini CLI: folder trust and switches', () => {
  test('in a folder Gemini does not trust, every settings hook is skipped, and the fix names trustedFolders.json', async () => {
    env = makeEnv();
    const user = env.write('~/.gemini/settings.json', geminiHooks(['./a.sh', './b.sh']));
    const gemini = report(await agentTrustReports(await env.load(), env.ctx()), 'gemini');
    expect(gemini.hooks.map((h) => [h.path, h.ruleIndex, h.command, h.status, h.state])).toEqual([
      [user, 0, './a.sh', 'skips', 'folder-untrusted'],
      [user, 1, './b.sh', 'skips', 'folder-untrusted'],
    ]);
    expect(gemini.hooks[0]!.message).toBe(
      `Gemini CLI will skip this: the folder is not trusted (no rule for ${env.workspace} (${env.path('~/.gemini/trustedFolders.json')} does not exist))`,
    );
    expect(gemini.hooks.every((h) => h.trustable === null)).toBe(true);
    expect(gemini.fix).toBe(
      `Trust ${env.workspace} in Gemini CLI: its trust dialog when it starts there, or a TRUST_FOLDER rule in ${env.path('~/.gemini')}/trustedFolders.json.`,
    );
  });

  test('trusted there, the hooks run, except one in hooksConfig.disabled', async () => {
    env = makeEnv();
    env.write('~/.gemini/trustedFolders.json', JSON.stringify({ [env.workspace]: 'TRUST_FOLDER' }));
    env.write(
      '~/.gemini/settings.json',
      geminiHooks(['./a.sh', './b.sh'], { hooksConfig: { disabled: ['./b.sh'] } }),
    );
    const gemini = report(await agentTrustReports(await env.load(), env.ctx()), 'gemini');
    expect(gemini.hooks.map((h) => [h.command, h.status, h.message])).toEqual([
      ['./a.sh', 'runs', 'Gemini CLI will run this here'],
      ['./b.sh', 'skips', 'Gemini CLI will skip this: it is in hooksConfig.disabled'],
    ]);
    expect(gemini.fix).toBe(
      'Switch them on in Gemini CLI: hooksConfig.enabled, and hooksConfig.disabled, in its settings.',
    );
  });

  test('Gemini trust is its own to give: Hookpanel refuses to record it', async () => {
    env = makeEnv();
    expect(await recordAgentTrust('gemini', [{ key: 'k', hash: 'h' }], env.ctx())).toEqual({
      ok: false,
      message: "gemini's own trust is not something Hookpanel records",
    });
  });
});

describe('Codex not installed', () => {
  test('its verdict is unknown, said as such, never guessed; recording trust says why it cannot', async () => {
    env = makeEnv();
    env.processEnv.PATH = env.path('empty-bin');
    const hooksJson = env.write(
      '~/.codex/hooks.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] } }),
    );
    const codex = report(await agentTrustReports(await env.load(), env.ctx()), 'codex');
    expect(codex.hooks).toEqual([
      expect.objectContaining({
        path: hooksJson,
        event: 'Stop',
        command: 'echo done',
        status: 'unknown',
        message: 'unknown: Codex is not installed',
        trustable: null,
      }),
    ]);
    expect(codex.fix).toBeNull();
    expect(
      await recordAgentTrust('codex', [{ key: `${hooksJson}:stop:0:0`, hash: 'sha256:x' }], env.ctx()),
    ).toEqual({
      ok: false,
      message: 'Codex is not installed here (no codex on PATH), so its trust cannot be recorded',
    });
  });

  test('switched off in Codex: skipped, whatever Codex would say of its trust', async () => {
    env = makeEnv();
    env.processEnv.PATH = env.path('empty-bin');
    env.write(
      '~/.codex/config.toml',
      '[features]\nhooks = false\n\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo done"\n',
    );
    const sources = await env.load();
    const codex = report(await agentTrustReports(sources, env.ctx()), 'codex');
    expect(codex.hooks.map((h) => [h.status, h.state])).toEqual([['skips', 'off']]);
    await addAgentTrustNotes(sources, env.ctx());
    const config = sources.find((s) => s.path === env.path('~/.codex/config.toml'))!;
    const notes = config.diagnostics.filter((d) => d.code.startsWith('agent_'));
    expect(notes.map((d) => [d.severity, d.code, d.line])).toEqual([
      ['warning', 'agent_will_skip', 5],
      ['info', 'agent_trust', null],
    ]);
    expect(notes[1]!.message).toMatch(
      /^Codex will skip a hook here\. Review them in Hookpanel's Trust review/,
    );
  });
});

describe('hookpanel check', () => {
  test('shows where Gemini CLI will skip hooks, at the hook, with the fix, in text and --json', async () => {
    env = makeEnv();
    const user = env.write('~/.gemini/settings.json', geminiHooks(['./a.sh']));
    const text = await runCli(['check', '--project', env.workspace], { env: env.processEnv });
    expect(text.stdout).toContain('Gemini CLI will skip this: the folder is not trusted');
    expect(text.stdout).toContain(`Gemini CLI will skip a hook here. Trust ${env.workspace} in Gemini CLI`);
    const json = await runCli(['check', '--json', '--project', env.workspace], { env: env.processEnv });
    const out = JSON.parse(json.stdout) as {
      sources: {
        path: string;
        diagnostics: { code: string; line: number | null; ruleIndex: number | null }[];
      }[];
    };
    const source = out.sources.find((s) => s.path === user)!;
    expect(source.diagnostics.filter((d) => d.code === 'agent_will_skip')).toEqual([
      expect.objectContaining({ line: 6, column: 11, ruleIndex: 0 }),
    ]);
  });
});
