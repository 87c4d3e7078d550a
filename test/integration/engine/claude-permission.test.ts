// Claude Code's PermissionRequest through a real bridge process (`hookpanel emit claude
// PermissionRequest`, alone or handing it to `hookpanel serve`) with hosted rules in
// hooks/claude.json: a deny is JSON on exit 0 (exit 2 would be "no decision" to Claude Code), a guard
// that fails denies the same way, and no decision is exit 0 with nothing on stdout.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { runCli, type CliResult } from '../../helpers/cli.js';
import { FIXTURES, makeEnv, type TestEnv } from '../../helpers/env.js';
import { startServe, type RunningHost } from '../../helpers/serve.js';

let env: TestEnv;
let serve: RunningHost | null = null;
afterEach(async () => {
  await serve?.stop();
  serve = null;
  await env?.cleanup();
});

/** Claude Code's own PermissionRequest payload, as recorded live, placed in this test's folders. */
function request(e: TestEnv): string {
  return readFileSync(join(FIXTURES, 'claude', 'payloads', 'PermissionRequest.json'), 'utf8').replaceAll(
    '$TMP',
    e.root,
  );
}

/** Hosted Claude Code rules on PermissionRequest, one hook each. */
function hosted(e: TestEnv, ...hooks: Record<string, unknown>[]): void {
  e.write(
    'hp/hooks/claude.json',
    JSON.stringify({ hooks: { PermissionRequest: hooks.map((h) => ({ hooks: [h] })) } }),
  );
}
const command = (line: string) => ({ type: 'command', command: line });
/** A command hook that prints this decision as Claude Code's PermissionRequest answer. */
const answering = (decision: Record<string, unknown>) =>
  command(
    `printf '%s' '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision } })}'`,
  );

/** The bridge as Claude Code runs it: `hookpanel emit claude PermissionRequest`, payload on stdin. */
function emit(e: TestEnv, payload = request(e)): Promise<CliResult> {
  return runCli(['emit', 'claude', 'PermissionRequest'], {
    env: e.processEnv,
    cwd: e.workspace,
    input: payload,
    timeoutMs: 60_000,
  });
}

/** What Claude Code reads: the exit code and the decision on stdout (null: nothing on stdout). */
function told(r: CliResult): { code: number | null; decision: unknown; stderr: string } {
  const out = r.stdout.trim();
  const decision = out
    ? (JSON.parse(out) as { hookSpecificOutput: { hookEventName: string; decision: unknown } })
    : null;
  if (decision) expect(decision.hookSpecificOutput.hookEventName).toBe('PermissionRequest');
  return { code: r.code, decision: decision?.hookSpecificOutput.decision ?? null, stderr: r.stderr };
}

/** A deny as Claude Code reads it: exit 0, the decision on stdout, nothing on stderr. */
const denied = (message: string) => ({ code: 0, decision: { behavior: 'deny', message }, stderr: '' });

describe("hosted rules answer Claude Code's PermissionRequest in its own protocol", () => {
  test('a rule that denies: deny JSON on exit 0, with its message; exit 2 from a rule reads the same', async () => {
    env = makeEnv();
    hosted(env, answering({ behavior: 'deny', message: 'no rm in build' }));
    expect(told(await emit(env))).toEqual(denied('no rm in build'));
    hosted(env, command("echo 'not on Fridays' >&2; exit 2"));
    expect(told(await emit(env))).toEqual(denied('not on Fridays'));
  });

  test('a rule that allows, beside one that says nothing: allow; beside one that denies: deny', async () => {
    env = makeEnv();
    hosted(env, command('true'), answering({ behavior: 'allow' }));
    expect(told(await emit(env))).toEqual({ code: 0, decision: { behavior: 'allow' }, stderr: '' });
    hosted(env, answering({ behavior: 'allow' }), command("echo 'still no' >&2; exit 2"));
    expect(told(await emit(env))).toEqual(denied('still no'));
  });

  test('a guard that fails denies in JSON: a prompt guard with no model key, a payload Hookpanel refuses', async () => {
    env = makeEnv();
    delete env.processEnv.ANTHROPIC_API_KEY;
    hosted(env, { type: 'prompt', prompt: 'Is this command safe? $ARGUMENTS' });
    const failed = told(await emit(env));
    expect(failed).toMatchObject({ code: 0, stderr: '', decision: { behavior: 'deny' } });
    expect((failed.decision as { message: string }).message).toMatch(
      /could not decide \(.+\); a guard on PermissionRequest fails closed$/,
    );
    // Hookpanel itself failing before any rule runs (a payload that is not a JSON object).
    const refused = told(await emit(env, '[1, 2]'));
    expect(refused).toMatchObject({ code: 0, stderr: '', decision: { behavior: 'deny' } });
    expect((refused.decision as { message: string }).message).toMatch(
      /^hookpanel: .+; a guard on PermissionRequest fails closed$/,
    );
  });

  test('no rule, or only rules that do not decide: exit 0 with nothing on stdout', async () => {
    env = makeEnv();
    expect(await emit(env)).toEqual({ code: 0, stdout: '', stderr: '' });
    // A command that fails or answers "ask" leaves the decision to the person, as in Claude Code itself.
    hosted(env, command('exit 1'), answering({ behavior: 'ask' }));
    expect(await emit(env)).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  test('handed to `hookpanel serve` with Ask me on: a rule that denies is answered at once, nothing held', async () => {
    env = makeEnv();
    // Were the deny taken for "no decision", the request would be held and answered empty after 5 s.
    env.write('hp/settings.json', JSON.stringify({ askMe: { claude: { on: true, waitSeconds: 5 } } }));
    hosted(env, answering({ behavior: 'deny', message: 'never in CI' }));
    serve = await startServe(env);
    expect(told(await emit(env))).toEqual(denied('never in CI'));
    const held = await runCli(['requests', '--json'], { env: env.processEnv, cwd: env.workspace });
    expect(held.code).toBe(0);
    expect(JSON.parse(held.stdout)).toEqual({ requests: [] });
  });
});
