// Hookpanel's own failures stay out of the harness's answer: in its protocol, stderr is a block's reason,
// so a history that cannot be written (a read-only home) must not become part of what the agent is told.
import { mkdirSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { mountTmpfs, remount, tmpfsUnavailable } from '../helpers/tmpfs.js';

let env: TestEnv;
afterEach(async () => {
  await env?.cleanup();
});

test("a read-only Hookpanel home: the block's reason is the rule's, nothing of EROFS", async (ctx) => {
  env = makeEnv();
  const why = tmpfsUnavailable();
  if (why) return ctx.skip(why);
  env.write(
    '~/.config/pw/code.json',
    JSON.stringify({
      hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: "echo 'no rm here' >&2; exit 2" }] }] },
    }),
  );
  const home = mountTmpfs(env, 'hookpanel', '1m');
  mkdirSync(`${home}/history`, { recursive: true });
  remount(home, 'ro');
  // Records go nowhere Hookpanel can write but the spool beside it, which is read-only too.
  const processEnv = { ...env.processEnv, TMPDIR: `${home}/tmp`, XDG_RUNTIME_DIR: `${home}/run` };
  const emit = (event: string, json = false) =>
    runCli(['emit', 'pw', event, ...(json ? ['--json'] : [])], {
      env: processEnv,
      cwd: env.workspace,
      input: JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf /' } }),
    });
  const blocked = await emit('PreToolUse');
  expect(blocked.code).toBe(2);
  expect(blocked.stderr).toBe('no rm here\n');
  // --json keeps stdout for the answer and says on stderr what Hookpanel could not do.
  const json = await emit('PreToolUse', true);
  expect(JSON.parse(json.stdout)).toMatchObject({ decision: 'block', reason: 'no rm here' });
  expect(json.stderr).toMatch(/^hookpanel: could not write history: .*read-only file system/im);
});
