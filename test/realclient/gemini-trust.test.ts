// Trust review through Gemini CLI's own gates, with the real Gemini CLI offline: a project hook that
// runs a script writing a marker. Before review Gemini does not run it (the folder is not trusted);
// `hookpanel trust` (or the panel's Trust this version) trusts the folder in Gemini's trusted-folders
// file and it runs; one byte of its script changes and Hookpanel switches it off in Gemini
// (hooksConfig.disabled) until it is reviewed again; `hookpanel untrust` stops it again.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { startPanelSession } from '../../electron/host/panel/session.js';
import { HookHost } from '../../electron/host/service.js';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { startGeminiStub, type GeminiStub } from '../helpers/gemini-stub.js';
import { agentForTests, AGENTS } from './agents.js';
import { runGemini, writeGeminiUserSettings } from './gemini-run.js';

vi.setConfig({ testTimeout: 240_000 });
const gemini = await agentForTests('gemini');
let env: TestEnv;
let stub: GeminiStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
  await env?.cleanup();
});

describe.skipIf(!gemini.agent)(
  `Gemini CLI ${AGENTS.gemini!.version}: trust through its own files ${gemini.why}`,
  () => {
    /** A project whose Gemini hook runs a script that appends a line to a marker file. */
    async function project() {
      env = makeEnv();
      const wrapper = env.write('bin/gemini', `#!/bin/sh\nexec '${gemini.agent!.bin}' "$@"\n`);
      await chmod(wrapper, 0o755);
      env.processEnv.PATH = `${env.path('bin')}:${process.env.PATH}`;
      const marker = env.path('ran');
      const userSettings = writeGeminiUserSettings(env, {});
      const settings = env.write(
        'ws/.gemini/settings.json',
        JSON.stringify(
          {
            hooks: {
              BeforeAgent: [
                {
                  hooks: [
                    {
                      type: 'command',
                      name: 'mark',
                      command: 'bash $GEMINI_PROJECT_DIR/.gemini/hooks/mark.sh',
                    },
                  ],
                },
              ],
            },
          },
          null,
          2,
        ),
      );
      const script = env.write('ws/.gemini/hooks/mark.sh', `echo ran >> '${marker}'\n`);
      stub = await startGeminiStub(() => ({ text: 'hello' }));
      const cli = (args: string[]) =>
        runCli(args, { env: env.processEnv, cwd: env.workspace, timeoutMs: 60_000 });
      /** One headless turn: its exit code and the marker's lines so far. */
      const turn = async () => {
        const run = await runGemini(gemini.agent!, env, stub!.url, 'say hello');
        return {
          code: run.code,
          stderr: run.stderr,
          ran: existsSync(marker) ? readFileSync(marker, 'utf8') : '',
        };
      };
      return { settings, script, userSettings, cli, turn };
    }

    test('hookpanel trust runs it in Gemini; a changed script is switched off until trusted again; untrust stops it', async () => {
      const { settings, script, userSettings, cli, turn } = await project();
      const folders = env.path('~/.gemini/trustedFolders.json');
      const userBefore = readFileSync(userSettings, 'utf8');

      const before = await turn();
      expect(before.code, 'never reviewed: Gemini refuses the untrusted folder').toBe(55);
      expect(before.ran).toBe('');

      const trusted = await cli(['trust', '.gemini/settings.json']);
      expect(trusted.code, trusted.stdout + trusted.stderr).toBe(0);
      expect(trusted.stdout).toContain(
        `Gemini CLI now trusts ${env.workspace}: Hookpanel added "${env.workspace}": "TRUST_FOLDER" to ${folders}`,
      );
      expect(JSON.parse(readFileSync(folders, 'utf8'))).toEqual({ [env.workspace]: 'TRUST_FOLDER' });
      const run1 = await turn();
      expect(run1.code, run1.stderr).toBe(0);
      expect(run1.ran, 'trusted: Gemini runs the script').toBe('ran\n');

      // One byte: `ran` becomes `raN`. Gemini's folder trust does not see it; Hookpanel's pin does.
      writeFileSync(script, readFileSync(script, 'utf8').replace('echo ran', 'echo raN'));
      const dry = await cli(['trust', '.gemini/settings.json', '--dry-run']);
      expect(dry.code, dry.stdout + dry.stderr).toBe(0);
      expect(dry.stdout).toContain(
        `mark: the script .gemini/hooks/mark.sh it runs changed since you trusted ${settings}, so Hookpanel switched it off in Gemini CLI (\`mark\` in hooksConfig.disabled of ${userSettings}); Gemini skips it until you review the change and trust the file again.`,
      );
      expect(dry.stdout).toContain('[changed] .gemini/hooks/mark.sh');
      expect(dry.stdout).toMatch(/^ {6}\+echo raN >> /m);
      expect(JSON.parse(readFileSync(userSettings, 'utf8')).hooksConfig).toEqual({ disabled: ['mark'] });
      const run2 = await turn();
      expect(run2.code, run2.stderr).toBe(0);
      expect(run2.ran, 'changed script: Gemini skips the hook').toBe('ran\n');

      // Idempotent: check finds it off already and writes nothing.
      const off = readFileSync(userSettings, 'utf8');
      const check = await cli(['check', '--project', env.workspace]);
      expect(check.stdout).not.toContain('so Hookpanel switched it off');
      expect(check.stdout).toContain('Gemini CLI will skip this: Hookpanel switched it off');
      expect(readFileSync(userSettings, 'utf8')).toBe(off);

      const again = await cli(['trust', '.gemini/settings.json']);
      expect(again.code, again.stdout + again.stderr).toBe(0);
      expect(again.stdout).toContain('Switched back on in Gemini CLI: `mark`');
      expect(readFileSync(userSettings, 'utf8'), 'the switch Hookpanel added is gone, byte for byte').toBe(
        userBefore,
      );
      const run3 = await turn();
      expect(run3.ran, 'reviewed and trusted again: it runs').toBe('ran\nraN\n');

      const untrusted = await cli(['untrust', '.gemini/settings.json']);
      expect(untrusted.code, untrusted.stdout + untrusted.stderr).toBe(0);
      expect(untrusted.stdout).toContain(
        `Hookpanel took its TRUST_FOLDER rule for ${env.workspace} back out of ${folders}`,
      );
      expect(existsSync(folders), 'Hookpanel made the file; it is gone again').toBe(false);
      const run4 = await turn();
      expect(run4.code).toBe(55);
      expect(run4.ran, 'untrusted: Gemini runs it no more').toBe('ran\nraN\n');
    });

    test("a folder the person trusts in Gemini: untrust switches the file's hooks off; the panel's Trust this version switches them on", async () => {
      const { settings, userSettings, turn } = await project();
      const folders = env.write(
        '~/.gemini/trustedFolders.json',
        `{\n  // mine\n  "${env.workspace}": "TRUST_FOLDER"\n}`,
      );
      const foldersBefore = readFileSync(folders, 'utf8');
      const userBefore = readFileSync(userSettings, 'utf8');
      expect((await turn()).ran, "the person's own trust: Gemini runs it before any review").toBe('ran\n');

      const host = await HookHost.open(env.host);
      const session = startPanelSession(host, { mode: 'browser', workspace: env.workspace, push: () => {} });
      try {
        const revoked = await session.api['review:revoke']({ path: settings, workspace: env.workspace });
        expect(revoked.ok, revoked.message).toBe(true);
        expect(revoked.message).toContain(
          `Gemini CLI still trusts ${env.workspace} (${folders} marks ${env.workspace} TRUST_FOLDER), which is yours to change; so Hookpanel switched this file's hooks off in Gemini: \`mark\` added to hooksConfig.disabled in ${userSettings}.`,
        );
        expect(readFileSync(folders, 'utf8'), "the person's rule and comment are untouched").toBe(
          foldersBefore,
        );
        expect((await turn()).ran, 'blocked: Gemini skips it').toBe('ran\n');

        const item = (await session.api['review:list']({ workspace: env.workspace })).find(
          (i) => i.source.path === settings,
        )!;
        const trusted = await session.api['review:trust']({
          path: settings,
          sha256: item.source.sha256!,
          scripts: item.scripts.map((s) => ({ path: s.path, sha256: s.sha256 })),
          workspace: env.workspace,
        });
        expect(trusted.ok, trusted.message).toBe(true);
        expect(trusted.message).toContain(`Gemini CLI already trusts ${env.workspace}`);
        expect(trusted.message).toContain('Switched back on in Gemini CLI: `mark`');
        expect(readFileSync(userSettings, 'utf8')).toBe(userBefore);
      } finally {
        await session.close();
        await host.close();
      }
      expect((await turn()).ran, 'trusted in the panel: Gemini runs it').toBe('ran\nran\n');
    });

    test('the running host switches a hook off as soon as its script changes', async () => {
      const { script, cli, turn } = await project();
      expect((await cli(['trust', '.gemini/settings.json'])).code).toBe(0);
      const host = await HookHost.open(env.host);
      const session = startPanelSession(host, { mode: 'browser', workspace: env.workspace, push: () => {} });
      try {
        await session.watching;
        const off = new Promise<string>((resolve) =>
          host.on('sourcesChanged', (reason: string) => {
            if (reason.startsWith('Switched off in Gemini CLI')) resolve(reason);
          }),
        );
        writeFileSync(script, `${readFileSync(script, 'utf8')}#\n`);
        expect(await off).toContain('mark (');
        const report = (await session.api['agents:trust']({ workspace: env.workspace })).find(
          (r) => r.dialect === 'gemini',
        )!;
        expect(report.hooks.map((h) => [h.rule, h.status, h.state])).toEqual([['mark', 'skips', 'changed']]);
        const items = await session.api['review:list']({ workspace: env.workspace });
        expect(items.map((i) => [i.source.dialect, i.status, i.change])).toEqual([
          ['gemini', 'changed', 'scripts'],
        ]);
      } finally {
        await session.close();
        await host.close();
      }
      expect((await turn()).ran, 'switched off by the host: Gemini skips it').toBe('');
    });

    test('where Gemini CLI is not installed, trust says so, trusts nothing and exits 1', async () => {
      env = makeEnv();
      env.write(
        'ws/.gemini/settings.json',
        JSON.stringify({ hooks: { BeforeAgent: [{ hooks: [{ type: 'command', command: 'true' }] }] } }),
      );
      const r = await runCli(['trust', '.gemini/settings.json'], {
        env: { ...env.processEnv, PATH: '/nonexistent' },
        cwd: env.workspace,
      });
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(
        "Gemini CLI's trust was not recorded: Gemini CLI is not installed here (no gemini on PATH).",
      );
      expect(r.stdout).toContain('Not trusted: nothing was recorded, in Hookpanel or in Gemini CLI');
      expect(existsSync(env.path('~/.gemini/trustedFolders.json'))).toBe(false);
    });
  },
);
