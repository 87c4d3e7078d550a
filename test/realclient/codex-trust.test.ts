// Codex's own trust of each hook, as Hookpanel reports it: asked of the real Codex (its app server),
// kept while nothing it depends on changed, and recorded through Codex for exactly the hooks shown;
// `hookpanel trust` / `untrust` on a project's .codex/hooks.json decide whether `codex exec` runs it.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { agentTrustReports, recordAgentTrust } from '../../electron/host/agents/agent-trust.js';
import { startPanelSession } from '../../electron/host/panel/session.js';
import { HookHost } from '../../electron/host/service.js';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { startResponsesStub, type ResponsesStub } from '../helpers/responses-stub.js';
import { agentForTests, AGENTS } from './agents.js';
import { runCodex } from './codex-run.js';

vi.setConfig({ testTimeout: 120_000 });
const codex = await agentForTests('codex');
let env: TestEnv;
let stub: ResponsesStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
  await env?.cleanup();
});

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
    expect(before.fix).toContain(
      "Trust review or with hookpanel trust FILE (both record Codex's trust through Codex itself)",
    );
    expect(starts()).toBe(1);
    await codexOf(env);
    expect(starts(), 'nothing changed: the answer is kept').toBe(1);

    const recorded = await recordAgentTrust('codex', [before.hooks[0]!.trustable!], env.ctx());
    expect(recorded.kind, recorded.message).toBe('recorded');
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
      kind: 'refused',
      message: `${hooksJson}:pre_tool_use:0:0 changed since it was shown (or is gone); review it again`,
    });
    expect((await codexOf(env)).hooks.map((h) => h.state)).toEqual(['untrusted']);
  });

  test('hookpanel trust on a project .codex/hooks.json makes codex exec run it; untrust stops it', async () => {
    env = makeEnv();
    await codexOnPath(env);
    const marker = env.path('ran');
    const hooksJson = env.write(
      'ws/.codex/hooks.json',
      JSON.stringify(
        {
          hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: `echo ran >> '${marker}'` }] }] },
        },
        null,
        2,
      ),
    );
    // The project is trusted in Codex (so Codex loads its .codex/), its hook is not yet.
    const config = env.write(
      '~/.codex/config.toml',
      `[projects."${env.workspace}"]\ntrust_level = "trusted"\n`,
    );
    stub = await startResponsesStub(() => ({ text: 'hello' }));
    const cli = (args: string[]) =>
      runCli(args, { env: env.processEnv, cwd: env.workspace, timeoutMs: 60_000 });
    const exec = async (prompt: string) => {
      const run = await runCodex(codex.agent!, env, stub!.url, prompt);
      expect(run.code, run.stderr).toBe(0);
    };

    await exec('before any trust');
    expect(existsSync(marker), 'untrusted in Codex: skipped').toBe(false);

    const trusted = await cli(['trust', '.codex/hooks.json']);
    expect(trusted.code, trusted.stdout + trusted.stderr).toBe(0);
    // What matters first: Codex itself now runs the project's hook.
    await exec('after trust');
    expect(existsSync(marker), 'trusted with hookpanel trust: codex exec runs the hook').toBe(true);
    expect(readFileSync(marker, 'utf8')).toBe('ran\n');
    expect(trusted.stdout).toContain(`\nTrusted ${hooksJson} in Hookpanel (sha256 `);
    expect(trusted.stdout).toContain(
      `Codex now trusts this hook (recorded through Codex in ${config}); \`codex exec\` runs it.`,
    );
    const check = await cli(['check', '--project', env.workspace]);
    expect(check.stdout).not.toContain('Codex will skip this');

    const again = await cli(['trust', '.codex/hooks.json']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Codex already trusts its hook; nothing changed in Codex.');

    const untrusted = await cli(['untrust', '.codex/hooks.json']);
    expect(untrusted.code, untrusted.stdout + untrusted.stderr).toBe(0);
    expect(untrusted.stdout).toBe(
      `Untrusted ${hooksJson} in Hookpanel: its record is gone.\n` +
        `Codex no longer trusts this hook (taken back through Codex in ${config}); \`codex exec\` skips it.\n`,
    );
    expect((await cli(['check', '--project', env.workspace])).stdout).toContain(
      'Codex will skip this: not trusted in Codex',
    );
    rmSync(marker);
    await exec('after untrust');
    expect(existsSync(marker), 'untrusted again: skipped').toBe(false);
    expect(readFileSync(config, 'utf8')).toBe(`[projects."${env.workspace}"]\ntrust_level = "trusted"\n`);
  });

  test("the panel's Trust this version and Revoke are the same code: Codex's trust recorded, then taken back", async () => {
    env = makeEnv();
    await codexOnPath(env);
    const hooksJson = env.write(
      'ws/.codex/hooks.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] } }),
    );
    const config = env.write(
      '~/.codex/config.toml',
      `[projects."${env.workspace}"]\ntrust_level = "trusted"\n`,
    );
    const host = await HookHost.open(env.host);
    const session = startPanelSession(host, { mode: 'browser', workspace: env.workspace, push: () => {} });
    const states = async () => (await codexOf(env)).hooks.map((h) => h.state);
    try {
      const item = (await session.api['review:list']({ workspace: env.workspace })).find(
        (i) => i.source.path === hooksJson,
      )!;
      expect(await states()).toEqual(['untrusted']);
      const trusted = await session.api['review:trust']({
        path: hooksJson,
        sha256: item.source.sha256!,
        workspace: env.workspace,
      });
      expect(trusted).toEqual({
        ok: true,
        message: expect.stringMatching(
          new RegExp(
            `^Trusted ${hooksJson} in Hookpanel \\(sha256 [0-9a-f]{12}…, 1 rule\\)\\. Codex now trusts this hook \\(recorded through Codex in ${config}\\)`,
          ),
        ),
      });
      expect(await states()).toEqual(['trusted']);
      // Switched off in Codex meanwhile: Revoke takes the trust back and leaves the switch as it is.
      const table = `[hooks.state."${hooksJson}:stop:0:0"]\n`;
      expect(readFileSync(config, 'utf8')).toContain(table);
      env.write(
        '~/.codex/config.toml',
        readFileSync(config, 'utf8').replace(table, `${table}enabled = false\n`),
      );
      const revoked = await session.api['review:revoke']({ path: hooksJson, workspace: env.workspace });
      expect(revoked).toEqual({
        ok: true,
        message: `Untrusted ${hooksJson} in Hookpanel: its record is gone. Codex no longer trusts this hook (taken back through Codex in ${config}); \`codex exec\` skips it.`,
      });
      expect(readFileSync(config, 'utf8')).toBe(
        `[projects."${env.workspace}"]\ntrust_level = "trusted"\n\n${table}enabled = false\n`,
      );
      expect(await states()).toEqual(['off']);
    } finally {
      await session.close();
    }
  });
});
