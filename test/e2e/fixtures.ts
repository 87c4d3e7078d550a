// A temporary home and workspace with files of every dialect, and `hookpanel serve` running on it.
import { test as base, expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, runCli } from '../helpers/cli.js';
import { makeEnv, REPO, type TestEnv } from '../helpers/env.js';

export const SHOTS = join(REPO, 'test-results', 'screenshots');

export interface Panel {
  env: TestEnv;
  url: string;
  serve: ChildProcess;
  emit(dialect: string, event: string, payload?: unknown): ReturnType<typeof runCli>;
  shot(page: Page, name: string): Promise<void>;
}

export function populate(env: TestEnv): void {
  env.place('~/.arya/polish/hooks.json', 'arya/mixed.json');
  env.place('~/.config/io/io.toml', 'io/user-valid.toml');
  env.place('~/.chrys/hooks/hooks.yaml', 'chrys/warnings.yaml');
  env.place('~/.claude/settings.json', 'claude/settings.json');
  env.write('hp/hooks/claude.json', JSON.stringify({
    hooks: {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'grep -q "rm -rf" && { echo "no rm -rf here" >&2; exit 2; }; exit 0' }, { type: 'command', command: '/bin/echo', args: ['audit', 'argument with spaces'] }] }],
      Stop: [{ hooks: [{ type: 'command', command: 'echo turn finished' }] }],
    },
  }));
}

export const test = base.extend<{ panel: Panel }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  panel: async ({}, use) => {
    const env = makeEnv();
    populate(env);
    mkdirSync(SHOTS, { recursive: true });
    const serve = spawn(process.execPath, [CLI, 'serve', '--project', env.workspace], { env: env.processEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    serve.stdout!.on('data', (d) => (out += d));
    serve.stderr!.on('data', (d) => (out += d));
    const deadline = Date.now() + 20_000;
    while (!/Panel: (\S+)/.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const url = /Panel: (\S+)/.exec(out)?.[1];
    if (!url) throw new Error(`hookpanel serve did not start:\n${out}`);
    await use({
      env,
      url,
      serve,
      emit: (dialect, event, payload = {}) => runCli(['emit', dialect, event], { env: env.processEnv, cwd: env.workspace, input: JSON.stringify(payload) }),
      shot: async (page, name) => {
        await page.screenshot({ path: join(SHOTS, `${name}.png`) });
      },
    });
    serve.kill('SIGTERM');
    await new Promise((r) => serve.once('exit', r));
    env.cleanup();
  },
});

export { expect };
