// The agents' own trust gates as Hookpanel reports them without Codex installed: Gemini CLI's folder
// trust and switches (its own rules, reproduced), and Codex's verdict said to be unknown rather than
// guessed; `hookpanel trust` / `untrust` and the panel's Trust this version on an agent's own file say
// what they changed in the agent, and fail where they could not. With the real Codex:
// test/realclient/codex-trust.test.ts.
import { afterEach, describe, expect, test } from 'vitest';
import {
  addAgentTrustNotes,
  agentTrustReports,
  recordAgentTrust,
} from '../../electron/host/agents/agent-trust.js';
import { startPanelSession } from '../../electron/host/panel/session.js';
import { HookHost } from '../../electron/host/service.js';
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
      kind: 'refused',
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
      kind: 'refused',
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
    // Trust review cannot switch hooks back on: the fix is the line to change, in the file that has it.
    expect(notes[1]!.message).toBe(
      `Codex will skip a hook here. Codex runs no hooks at all while hooks = false under [features]; in this file, make that line (${config.path}): hooks = true`,
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

describe("hookpanel trust and untrust on an agent's own file: what changed in the agent, in words", () => {
  const codexProject = (e: TestEnv) => {
    e.processEnv.PATH = e.path('empty-bin');
    const hooksJson = e.write(
      'ws/.codex/hooks.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] } }),
    );
    return hooksJson;
  };
  // A deadline for a hang: the review beside the browser tier on two loaded cores took over 20 s.
  const cli = (args: string[]) =>
    runCli(args, { env: env.processEnv, cwd: env.workspace, timeoutMs: 90_000 });
  const trustedPaths = async () =>
    (
      JSON.parse((await cli(['trust', '--list', '--json'])).stdout) as { trusted: { path: string }[] }
    ).trusted.map((t) => t.path);

  test('Codex not installed: says so, trusts nothing (not in Hookpanel either) and exits 1', async () => {
    env = makeEnv();
    const hooksJson = codexProject(env);
    env.write('~/.codex/config.toml', `[projects."${env.workspace}"]\ntrust_level = "trusted"\n`);
    const r = await cli(['trust', '.codex/hooks.json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`Review of ${hooksJson} (codex, project):`);
    expect(r.stdout).toContain(
      "\n\nCodex's trust was not recorded: Codex is not installed here (no codex on PATH). Codex skips these hooks until it trusts them.\n" +
        'Not trusted: nothing was recorded, in Hookpanel or in Codex; trust it again once Codex can record it.\n',
    );
    expect(r.stdout).not.toMatch(/^Trusted /m);
    expect(await trustedPaths()).toEqual([]);

    const u = await cli(['untrust', '.codex/hooks.json']);
    expect(u).toMatchObject({
      code: 1,
      stdout:
        `${hooksJson} was not trusted in Hookpanel.\n` +
        `Codex's own trust was not taken back: Codex is not installed here (no codex on PATH); whatever Codex trusted of ${hooksJson} it still runs.\n`,
    });
  });

  test('a project Codex does not trust: Codex would not load the file, so nothing is trusted; exit 1', async () => {
    env = makeEnv();
    codexProject(env);
    const r = await cli(['trust', '.codex/hooks.json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      "Codex's trust was not recorded: Codex does not load this file: the project is not trusted in Codex",
    );
    expect(r.stdout).toContain(
      'Trust the project in Codex first (Codex asks when it starts there), then trust this file again.',
    );
    expect(await trustedPaths()).toEqual([]);
  });

  test('a user-level Codex file needs Codex trust too: not "always active"', async () => {
    env = makeEnv();
    env.processEnv.PATH = env.path('empty-bin');
    env.write(
      '~/.codex/hooks.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] } }),
    );
    const user = env.path('~/.codex/hooks.json');
    const r = await cli(['trust', user]);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain('need no trust');
    expect(r.stdout).toContain('Codex is not installed here (no codex on PATH)');
    // Hookpanel keeps no record of a user-level file: untrust speaks of Codex alone.
    expect(await cli(['untrust', user])).toMatchObject({
      code: 1,
      stdout: `Codex's own trust was not taken back: Codex is not installed here (no codex on PATH); whatever Codex trusted of ${user} it still runs.\n`,
    });
  });

  test('the panel says and does the same: Trust this version records nothing without Codex', async () => {
    env = makeEnv();
    const hooksJson = codexProject(env);
    env.write('~/.codex/config.toml', `[projects."${env.workspace}"]\ntrust_level = "trusted"\n`);
    const host = await HookHost.open(env.host);
    const session = startPanelSession(host, { mode: 'browser', workspace: env.workspace, push: () => {} });
    try {
      const item = (await session.api['review:list']({ workspace: env.workspace })).find(
        (i) => i.source.path === hooksJson,
      )!;
      expect(
        await session.api['review:trust']({
          path: hooksJson,
          sha256: item.source.sha256!,
          workspace: env.workspace,
        }),
      ).toEqual({
        ok: false,
        message:
          "Codex's trust was not recorded: Codex is not installed here (no codex on PATH). Codex skips these hooks until it trusts them. " +
          'Not trusted: nothing was recorded, in Hookpanel or in Codex; trust it again once Codex can record it.',
      });
      expect(host.trust.list()).toEqual([]);
    } finally {
      await session.close();
    }
  });

  test('Claude Code without guarded mode: records nothing, says Claude Code runs the file itself, exit 1', async () => {
    env = makeEnv();
    const path = env.write(
      'ws/.claude/settings.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] } }),
    );
    const r = await cli(['trust', '.claude/settings.json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      "\n\nClaude Code runs this file's hooks itself once the folder is trusted in Claude Code (claude -p runs them without asking): nothing was changed in Claude Code.\nNot trusted. To have Hookpanel decide what runs, turn on guarded mode",
    );
    const u = await cli(['untrust', '.claude/settings.json']);
    expect(u.code).toBe(1);
    expect(u.stdout).toContain(`${path} was not trusted in Hookpanel.\n`);
    expect(u.stdout).toContain('untrusting here changed nothing');
  });

  test('Gemini CLI not installed: trust says so, records nothing and exits 1; untrust has nothing to take back', async () => {
    env = makeEnv();
    env.processEnv.PATH = env.path('empty-bin');
    const path = env.write('ws/.gemini/settings.json', geminiHooks(['./a.sh']));
    const r = await cli(['trust', '.gemini/settings.json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      "\n\nGemini CLI's trust was not recorded: Gemini CLI is not installed here (no gemini on PATH).\n" +
        'Not trusted: nothing was recorded, in Hookpanel or in Gemini CLI; trust it again once Gemini CLI can record it.\n',
    );
    env.write('~/.gemini/trustedFolders.json', JSON.stringify({ [env.workspace]: 'TRUST_FOLDER' }));
    const u = await cli(['untrust', '.gemini/settings.json']);
    expect(u.code, u.stdout + u.stderr).toBe(0);
    // The person's own trust of the folder stays; the file's hooks are switched off in Gemini instead.
    expect(u.stdout).toBe(
      `${path} was not trusted in Hookpanel.\n` +
        `Gemini CLI still trusts ${env.workspace} (${env.path('~/.gemini/trustedFolders.json')} marks ${env.workspace} TRUST_FOLDER), which is yours to change; so Hookpanel switched this file's hooks off in Gemini: \`./a.sh\` added to hooksConfig.disabled in ${env.path('~/.gemini/settings.json')}. Gemini skips it until you trust the file again.\n`,
    );
  });
});
