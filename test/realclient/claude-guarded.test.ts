// Tier 2: Claude Code's guarded mode with the real Claude Code, offline against the stub Messages API.
// `hookpanel guard claude on` writes the drop-in to the real path, /etc/claude-code, seen through a
// private mount namespace whose /etc is an overlay (the real /etc is never written); every hookpanel
// and claude process of the test runs in such a namespace with the same upper layer. A project's hooks
// run only once trusted in Hookpanel, a changed script stops them until reviewed again, a project
// PreToolUse deny blocks the tool, and guard off leaves /etc/claude-code byte for byte as it was.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { claudeBinary, runClaude } from '../helpers/claude-code.js';
import { CLI } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { startMessagesStub } from '../helpers/messages-stub.js';
import { privateEtc, privateEtcWhy, type PrivateEtc } from '../helpers/private-etc.js';

vi.setConfig({ testTimeout: 300_000 });
const claude = claudeBinary();
const why = claude.path ? privateEtcWhy() : claude.why;
const REASON = 'the project guard refuses rm';

/** Every file under a folder with its bytes, and every folder: what "byte for byte" compares. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        out[`${relative(dir, p)}/`] = '';
        walk(p);
      } else out[relative(dir, p)] = readFileSync(p, 'base64');
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

/** `hookpanel …` inside the private /etc. */
function hookpanel(etc: PrivateEtc, env: TestEnv, args: string[]) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(etc.wrap(process.execPath), [CLI, ...args], {
      env: env.processEnv,
      cwd: env.workspace,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** One offline turn: the model asks for `rm -rf ./scratch` once; whether Bash ran it, and what came back. */
async function turn(etc: PrivateEtc, env: TestEnv): Promise<{ toolRan: boolean; toolResult: string }> {
  mkdirSync(env.path('ws/scratch'), { recursive: true });
  const stub = await startMessagesStub((_body, n) =>
    n === 0
      ? {
          toolUse: {
            id: 'toolu_rm',
            name: 'Bash',
            input: { command: 'rm -rf ./scratch', description: 'clean' },
          },
        }
      : { text: 'done' },
  );
  try {
    const run = await runClaude(etc.wrap(claude.path!), env, stub.url, 'clean up');
    expect(run.code, `claude failed: ${run.stderr}\n${run.stdout}`).toBe(0);
    const results = stub.requests
      .flatMap((r) => (Array.isArray(r.body.messages) ? (r.body.messages as { content: unknown }[]) : []))
      .flatMap((m) =>
        Array.isArray(m.content) ? (m.content as { type: string; tool_use_id?: string }[]) : [],
      )
      .filter((c) => c.type === 'tool_result' && c.tool_use_id === 'toolu_rm');
    return { toolRan: !existsSync(env.path('ws/scratch')), toolResult: JSON.stringify(results) };
  } finally {
    await stub.close();
  }
}

describe.runIf(why === null)('Claude Code in guarded mode (hookpanel guard claude on)', () => {
  test('project hooks run only once trusted in Hookpanel, a changed script stops them, a deny blocks the tool; off restores /etc/claude-code', async () => {
    const env = makeEnv();
    const etc = privateEtc(env.root);
    const etcBefore = existsSync('/etc/claude-code');
    try {
      // A managed folder already there with a file of its own: off must leave it exactly so.
      mkdirSync(join(etc.upper, 'claude-code'), { recursive: true });
      writeFileSync(join(etc.upper, 'claude-code', 'managed-settings.json'), '{ "cleanupPeriodDays": 30 }\n');
      const before = tree(join(etc.upper, 'claude-code'));

      const marker = (name: string) => join(env.root, `ran-${name}`);
      env.write(
        '~/.claude/settings.json',
        JSON.stringify({
          hooks: { SessionStart: [{ hooks: [{ type: 'command', command: `touch '${marker('user')}'` }] }] },
        }),
      );
      env.write('ws/.claude/hooks/mark.sh', `#!/bin/sh\ntouch '${marker('project')}'\n`);
      env.write(
        'ws/.claude/hooks/guard.sh',
        `#!/bin/sh\ngrep -q 'rm -rf' && { echo '${REASON}' >&2; exit 2; }\nexit 0\n`,
      );
      env.write(
        'ws/.claude/settings.json',
        JSON.stringify({
          hooks: {
            SessionStart: [{ hooks: [{ type: 'command', command: 'sh .claude/hooks/mark.sh' }] }],
            PreToolUse: [
              { matcher: 'Bash', hooks: [{ type: 'command', command: 'sh .claude/hooks/guard.sh' }] },
            ],
          },
        }),
      );

      const on = await hookpanel(etc, env, ['guard', 'claude', 'on']);
      expect(on.code, on.out).toBe(0);
      expect(on.out).toContain('/etc/claude-code/managed-settings.d/hookpanel.json');

      // Not reviewed: Claude Code runs none of its own files; Hookpanel runs the user's, not the project's.
      let t = await turn(etc, env);
      expect(existsSync(marker('user')), 'the user hook ran, through Hookpanel').toBe(true);
      expect(existsSync(marker('project')), 'the untrusted project hook did not run').toBe(false);
      expect(t.toolRan, 'no project guard yet: the tool ran').toBe(true);

      const trusted = await hookpanel(etc, env, ['trust', '.claude/settings.json']);
      expect(trusted.code, trusted.out).toBe(0);
      expect(trusted.out).toContain('Trusting it here lets Hookpanel run them for Claude Code');

      t = await turn(etc, env);
      expect(existsSync(marker('project')), 'trusted: the project hook ran').toBe(true);
      expect(t.toolRan, "the project's PreToolUse deny blocked the tool").toBe(false);
      expect(t.toolResult).toContain(REASON);

      // One byte of a script it runs changes: nothing of the file runs until reviewed again.
      rmSync(marker('project'));
      env.write('ws/.claude/hooks/mark.sh', `#!/bin/sh\ntouch '${marker('project')}' \n`);
      t = await turn(etc, env);
      expect(existsSync(marker('project')), 'the changed script did not run').toBe(false);
      expect(t.toolRan, 'the file is untrusted again as a whole').toBe(true);

      const off = await hookpanel(etc, env, ['guard', 'claude', 'off']);
      expect(off.code, off.out).toBe(0);
      expect(tree(join(etc.upper, 'claude-code')), 'off restored /etc/claude-code byte for byte').toEqual(
        before,
      );
      expect(existsSync('/etc/claude-code'), 'the real /etc was left as it was').toBe(etcBefore);
    } finally {
      await env.cleanup();
    }
  });
});
test.runIf(why !== null)('guarded mode with the real Claude Code is skipped here', (ctx) => {
  if (process.env.HOOKPANEL_REQUIRE_AGENTS === '1') throw new Error(`required, but cannot run: ${why}`);
  console.warn(`Guarded-mode real-client test skipped: ${why}`);
  ctx.skip(why!);
});
