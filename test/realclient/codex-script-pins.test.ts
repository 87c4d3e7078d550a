// Codex's trust hash covers a hook's definition only; Hookpanel pins the script the hook runs. With the
// real Codex, offline: a trusted project hook running `sh .codex/guard.sh` runs in `codex exec`; one
// byte of guard.sh changes; `hookpanel trust --dry-run`, `hookpanel check` or the running host take
// back Codex's trust of that hook, and `codex exec` skips it; trusting again makes it run once more.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { startPanelSession } from '../../electron/host/panel/session.js';
import { HookHost } from '../../electron/host/service.js';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { startResponsesStub, type ResponsesStub } from '../helpers/responses-stub.js';
import { agentForTests, AGENTS } from './agents.js';
import { runCodex } from './codex-run.js';

vi.setConfig({ testTimeout: 180_000 });
const codex = await agentForTests('codex');
let env: TestEnv;
let stub: ResponsesStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
  await env?.cleanup();
});

describe.skipIf(!codex.agent)(`Codex ${AGENTS.codex!.version}: a hook's script pinned ${codex.why}`, () => {
  /** A project whose Codex hook runs a script that appends a line to a marker file. */
  async function project() {
    env = makeEnv();
    const wrapper = env.write('bin/codex', `#!/bin/sh\nexec '${codex.agent!.bin}' "$@"\n`);
    await chmod(wrapper, 0o755);
    env.processEnv.PATH = `${env.path('bin')}:${process.env.PATH}`;
    const marker = env.path('ran');
    const hooksJson = env.write(
      'ws/.codex/hooks.json',
      JSON.stringify(
        { hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'sh .codex/guard.sh' }] }] } },
        null,
        2,
      ),
    );
    const script = env.write('ws/.codex/guard.sh', `echo ran >> '${marker}'\n`);
    const config = env.write(
      '~/.codex/config.toml',
      `[projects."${env.workspace}"]\ntrust_level = "trusted"\n`,
    );
    stub = await startResponsesStub(() => ({ text: 'hello' }));
    const cli = (args: string[]) =>
      runCli(args, { env: env.processEnv, cwd: env.workspace, timeoutMs: 60_000 });
    /** One `codex exec` turn; the marker's lines so far. */
    const exec = async (prompt: string) => {
      const run = await runCodex(codex.agent!, env, stub!.url, prompt);
      expect(run.code, run.stderr).toBe(0);
      return existsSync(marker) ? readFileSync(marker, 'utf8') : '';
    };
    const trust = async () => {
      const r = await cli(['trust', '.codex/hooks.json']);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toContain('Codex now trusts this hook');
      return r;
    };
    return { hooksJson, script, config, cli, exec, trust };
  }

  test('trust --dry-run takes back Codex trust after one byte of the script changes; trust again restores it', async () => {
    const { hooksJson, script, config, cli, exec, trust } = await project();
    expect(await exec('before any trust'), 'never trusted: Codex skips it').toBe('');
    await trust();
    expect(await exec('trusted'), 'trusted: codex exec runs the script').toBe('ran\n');

    // One byte: `ran` becomes `raN`. Codex's own hash (the definition) is the same as before.
    writeFileSync(script, readFileSync(script, 'utf8').replace('echo ran', 'echo raN'));
    const dry = await cli(['trust', '.codex/hooks.json', '--dry-run']);
    expect(dry.code, dry.stdout + dry.stderr).toBe(0);
    expect(dry.stdout).toContain(
      `UserPromptSubmit[0].hooks[0]: the script .codex/guard.sh it runs changed since you trusted ${hooksJson}, so Hookpanel took back Codex's trust of this hook (through Codex, in ${config}); \`codex exec\` skips it until you review the change and trust the file again.`,
    );
    expect(dry.stdout).not.toContain('nothing changed since');
    expect(dry.stdout).toContain('[changed] .codex/guard.sh');
    expect(dry.stdout).toMatch(/^ {6}-echo ran >> /m);
    expect(dry.stdout).toMatch(/^ {6}\+echo raN >> /m);
    expect(await exec('script changed'), 'changed script: Codex skips the hook').toBe('ran\n');

    // Idempotent: nothing left to take back, so Codex's config is not written again.
    const before = readFileSync(config, 'utf8');
    const check = await cli(['check', '--project', env.workspace]);
    expect(check.stdout).not.toContain('took back');
    expect(check.stdout).toContain('Codex will skip this: not trusted in Codex');
    expect(readFileSync(config, 'utf8')).toBe(before);

    await trust();
    expect(await exec('trusted again'), 'reviewed and trusted again: it runs').toBe('ran\nraN\n');
  });

  test('hookpanel check takes it back too, and says so at the hook', async () => {
    const { hooksJson, script, cli, exec, trust } = await project();
    await trust();
    appendFileSync(script, '#\n');
    const check = await cli(['check', '--project', env.workspace]);
    expect(check.stdout).toMatch(
      new RegExp(
        `^${hooksJson.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: warning: UserPromptSubmit\\[0\\]\\.hooks\\[0\\]: the script \\.codex/guard\\.sh it runs changed since you trusted .*took back Codex's trust of this hook`,
        'm',
      ),
    );
    expect(check.stdout).toContain('Codex will skip this: not trusted in Codex');
    expect(await exec('after check'), 'taken back by check: Codex skips the hook').toBe('');
  });

  test('the running host takes it back as soon as the script changes', async () => {
    const { hooksJson, script, exec, trust } = await project();
    await trust();
    expect(await exec('trusted')).toBe('ran\n');
    const host = await HookHost.open(env.host);
    const session = startPanelSession(host, { mode: 'browser', workspace: env.workspace, push: () => {} });
    try {
      await session.watching;
      const taken = new Promise<string>((resolve) =>
        host.on('sourcesChanged', (reason: string) => {
          if (reason.startsWith("Codex's trust taken back")) resolve(reason);
        }),
      );
      writeFileSync(script, readFileSync(script, 'utf8').replace('echo ran', 'echo raN'));
      expect(await taken).toContain(`UserPromptSubmit[0].hooks[0] (${hooksJson})`);
      const items = await session.api['review:list']({ workspace: env.workspace });
      expect(items.map((i) => [i.source.dialect, i.status, i.change])).toEqual([
        ['codex', 'changed', 'scripts'],
      ]);
    } finally {
      await session.close();
      await host.close();
    }
    expect(await exec('after the host took it back'), 'Codex skips the hook').toBe('ran\n');
  });
});
