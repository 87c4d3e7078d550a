// A hosted rule (Hookpanel's hooks/claude.json) answering the real Claude Code's PermissionRequest
// through the bridge: its deny reaches Claude Code as `decision.behavior` JSON on exit 0, so Claude Code
// does not run the tool, withdraws its own prompt and tells the model the rule's message. Claude Code's
// own prompt is answered "allow" in every case, so a rule whose deny Claude Code missed (exit 2 is no
// decision to it) would let the tool run.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { PermissionDesk } from '../../electron/host/permissions/desk.js';
import { claudeBinary } from '../helpers/claude-code.js';
import { driveClaudePermission } from '../helpers/claude-permission.js';
import { CLI } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { connectCli, serveHost, type ConnectedHost } from './connected.js';

vi.setConfig({ testTimeout: 120_000 });
const claude = claudeBinary();
let env: TestEnv;
let served: ConnectedHost | null = null;
afterEach(async () => {
  await served?.close();
  served = null;
  await env?.cleanup();
});

const MESSAGE = 'Hookpanel rule: no files are made in this workspace';

/** One hosted Claude Code rule on PermissionRequest, a shell command. */
function hostedRule(e: TestEnv, command: string): void {
  e.write(
    'hp/hooks/claude.json',
    JSON.stringify({
      hooks: { PermissionRequest: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] },
    }),
  );
}

const DENY = {
  hookSpecificOutput: {
    hookEventName: 'PermissionRequest',
    decision: { behavior: 'deny', message: MESSAGE },
  },
};

/**
 * One Claude Code turn whose Bash call needs permission, its own prompt answering allow; checks that the
 * bridge denied in JSON on exit 0, Claude Code withdrew its prompt, the tool did not run, and the model
 * was told the rule's message.
 */
async function deniedByTheRule(e: TestEnv): Promise<void> {
  const tool = {
    name: 'Bash',
    input: { command: `touch ${join(e.workspace, 'ran.txt')}`, description: 'create a file' },
  };
  const run = await driveClaudePermission({ bin: claude.path!, env: e, tool, prompt: { behavior: 'allow' } });
  expect(run.code, run.stderr).toBe(0);
  expect(
    run.hooks.map((h) => ({ exit: h.exit_code, stdout: h.stdout.trim() && JSON.parse(h.stdout) })),
  ).toEqual([{ exit: 0, stdout: DENY }]);
  expect(run).toMatchObject({ withdrawn: true, promptAnswered: false });
  expect(existsSync(join(e.workspace, 'ran.txt'))).toBe(false);
  expect(run.toolResult).toEqual({ content: MESSAGE, isError: true });
}

describe.runIf(claude.path)("a hosted rule denies Claude Code's permission request", () => {
  test('connected with Ask me on, a host serving: the rule denies at once, nothing is held', async () => {
    env = makeEnv();
    env.write('hp/settings.json', JSON.stringify({ askMe: { claude: { on: true, waitSeconds: 5 } } }));
    hostedRule(env, `printf '%s' '${JSON.stringify(DENY)}'`);
    served = await serveHost(env);
    served.host.permissions = new PermissionDesk(); // as the resident host has it: Ask me can hold
    const connected = await connectCli(env, 'connect', 'claude');
    expect(connected.code, connected.stderr).toBe(0);
    await deniedByTheRule(env);
    expect(served.host.permissions.list()).toEqual([]);
    expect((await served.history('claude')).blocked).toContainEqual({
      event: 'PermissionRequest',
      reason: MESSAGE,
    });
  });

  test('no host, `hookpanel emit` as the bridge: a rule that exits 2 denies, its stderr the message', async () => {
    env = makeEnv();
    hostedRule(env, `echo '${MESSAGE}' >&2; exit 2`);
    const bridge = `'${process.execPath}' '${CLI}' emit claude PermissionRequest`;
    env.write(
      '~/.claude/settings.json',
      JSON.stringify({
        hooks: {
          PermissionRequest: [{ matcher: '', hooks: [{ type: 'command', command: bridge, timeout: 600 }] }],
        },
      }),
    );
    await deniedByTheRule(env);
  });
});
