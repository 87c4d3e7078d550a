// Ask me end to end on real processes: the bridge (`hookpanel emit` and the curl fast path) sends a
// PermissionRequest to a resident host, which holds it until a person answers through the panel API
// or `hookpanel answer`; without an answer (deadline, host stopped, Ask me off, no host) the bridge
// gives no decision: exit 0 and nothing on stdout.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { Push } from '../../shared/ipc.js';
import type { WaitingRequest } from '../../shared/permissions.js';
import { startResident, type Resident } from '../../electron/host/intake/resident.js';
import { handleRequest } from '../../electron/host/panel/api.js';
import { startPanelSession, type PanelSession } from '../../electron/host/panel/session.js';
import { HookHost } from '../../electron/host/service.js';
import { CLI, runCli, type CliResult } from '../helpers/cli.js';
import { makeEnv, REPO, type TestEnv } from '../helpers/env.js';
import { startServe, type RunningHost } from '../helpers/serve.js';

let env: TestEnv;
let running: { host: HookHost; resident: Resident; session: PanelSession; pushes: [Push, unknown][] } | null =
  null;
let serve: RunningHost | null = null;
afterEach(async () => {
  if (running) {
    running.resident.close();
    await running.session.close();
    await running.host.close();
  }
  running = null;
  await serve?.stop('SIGKILL');
  serve = null;
  await env?.cleanup();
});

const REQUEST = {
  session_id: 'sess-1',
  hook_event_name: 'PermissionRequest',
  tool_name: 'Bash',
  tool_input: { command: 'touch ran.txt', description: 'make a file' },
  permission_mode: 'default',
};

function askMe(e: TestEnv, agent: string, value: Record<string, unknown>): void {
  e.write('hp/settings.json', JSON.stringify({ askMe: { [agent]: value } }));
}

async function startHost(e: TestEnv) {
  const host = await HookHost.open(e.host);
  const resident = await startResident(host, { info: () => {}, error: () => {} });
  const pushes: [Push, unknown][] = [];
  const session = startPanelSession(host, {
    mode: 'browser',
    workspace: e.workspace,
    push: (event, payload) => pushes.push([event, payload]),
  });
  running = { host, resident, session, pushes };
  return running;
}

/** The bridge as an agent runs it: `hookpanel emit`, or the curl fast path. */
function bridge(e: TestEnv, fast: boolean, agent = 'claude'): Promise<CliResult> {
  const payload = JSON.stringify({ ...REQUEST, cwd: e.workspace });
  if (!fast)
    return runCli(['emit', agent, 'PermissionRequest'], {
      env: e.processEnv,
      cwd: e.workspace,
      input: payload,
      timeoutMs: 60_000,
    });
  return new Promise((resolve, reject) => {
    const child = spawn(join(REPO, 'electron', 'cli', 'hookpanel-hook.sh'), [agent, 'PermissionRequest'], {
      env: { ...e.processEnv, HOOKPANEL_NODE: process.execPath, HOOKPANEL_CLI: CLI },
      cwd: e.workspace,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(payload);
  });
}

/** Resolves with the waiting list once it holds n requests (on the desk's own change event). */
async function waiting(host: HookHost, n: number): Promise<WaitingRequest[]> {
  const desk = host.permissions!;
  while (desk.list().length < n) await once(desk, 'changed');
  return desk.list();
}

const NO_DECISION = { code: 0, stdout: '' };
const decision = (r: CliResult) =>
  JSON.parse(r.stdout) as { hookSpecificOutput: { hookEventName: string; decision: unknown } };

describe('Ask me', () => {
  test('a held request is pushed, answered Allow through the panel API, and recorded', async () => {
    env = makeEnv();
    askMe(env, 'claude', { on: true });
    const { host, session, pushes } = await startHost(env);
    const answered = bridge(env, false);
    const [held] = await waiting(host, 1);
    expect(held).toMatchObject({
      agent: 'claude',
      tool: 'Bash',
      subject: 'touch ran.txt',
      workspace: env.workspace,
      sessionId: 'sess-1',
    });
    expect(pushes).toContainEqual(['requests', [held]]);
    expect(await handleRequest(session.api, 'requests:list', {})).toEqual({ ok: true, result: [held] });
    const res = await handleRequest(session.api, 'requests:answer', { id: held!.id, behavior: 'allow' });
    expect(res).toEqual({ ok: true, result: { ok: true, message: 'Allowed Bash.' } });
    const r = await answered;
    expect(r.code).toBe(0);
    expect(decision(r).hookSpecificOutput).toEqual({
      hookEventName: 'PermissionRequest',
      decision: { behavior: 'allow' },
    });
    // Cleared everywhere: the list is empty, the panel was told, and a second answer is refused.
    expect(host.permissions!.list()).toEqual([]);
    expect(pushes.filter(([p]) => p === 'requests').at(-1)).toEqual(['requests', []]);
    const again = await handleRequest(session.api, 'requests:answer', { id: held!.id, behavior: 'deny' });
    expect(again).toMatchObject({
      ok: true,
      result: { ok: false, message: expect.stringContaining('no longer waiting') },
    });
    const unknown = await handleRequest(session.api, 'requests:answer', { id: 'nope', behavior: 'allow' });
    expect(unknown).toMatchObject({ result: { ok: false, message: 'no waiting request has the id nope' } });
    await host.idle();
    const rows = await host.history.query({}, 10);
    expect(rows.dispatches).toContainEqual(
      expect.objectContaining({
        rule: 'Ask me',
        event: 'PermissionRequest',
        outcome: 'ok',
        decision: 'allow',
      }),
    );
  });

  test('two requests are listed oldest first; Deny through the fast path carries the reason', async () => {
    env = makeEnv();
    askMe(env, 'claude', { on: true });
    const { host, session } = await startHost(env);
    const first = bridge(env, true);
    await waiting(host, 1);
    const second = bridge(env, true);
    const list = await waiting(host, 2);
    expect(Date.parse(list[0]!.since)).toBeLessThanOrEqual(Date.parse(list[1]!.since));
    await handleRequest(session.api, 'requests:answer', {
      id: list[0]!.id,
      behavior: 'deny',
      reason: 'not on the main branch',
    });
    const r = await first;
    expect(r.code).toBe(0);
    expect(decision(r).hookSpecificOutput.decision).toEqual({
      behavior: 'deny',
      message: 'not on the main branch',
    });
    expect(host.permissions!.list().map((q) => q.id)).toEqual([list[1]!.id]);
    await handleRequest(session.api, 'requests:answer', { id: list[1]!.id, behavior: 'allow' });
    expect(decision(await second).hookSpecificOutput.decision).toEqual({ behavior: 'allow' });
  });

  test('no answer by its deadline: no decision, and the request is gone', async () => {
    env = makeEnv();
    askMe(env, 'claude', { on: true, waitSeconds: 1 });
    const { host } = await startHost(env);
    const r = bridge(env, true);
    await waiting(host, 1);
    expect(await r).toMatchObject(NO_DECISION);
    expect(host.permissions!.list()).toEqual([]);
  });

  test('an agent that kills its bridge withdraws the request', async () => {
    env = makeEnv();
    askMe(env, 'claude', { on: true });
    const { host } = await startHost(env);
    const child = spawn(process.execPath, [CLI, 'emit', 'claude', 'PermissionRequest'], {
      env: env.processEnv,
      cwd: env.workspace,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    child.stdin.end(JSON.stringify(REQUEST));
    const [held] = await waiting(host, 1);
    child.kill('SIGKILL');
    while (host.permissions!.list().length) await once(host.permissions!, 'changed');
    expect(() => host.permissions!.answer(held!.id, { behavior: 'allow', reason: null })).toThrow(
      `request ${held!.id} is no longer waiting (withdrawn: the agent stopped waiting)`,
    );
  });

  test('the agent going on without the answer (its own prompt answered first) withdraws it', async () => {
    env = makeEnv();
    askMe(env, 'claude', { on: true });
    const { host } = await startHost(env);
    const held = bridge(env, false);
    await waiting(host, 1);
    const post = (tool_input: unknown) =>
      runCli(['emit', 'claude', 'PostToolUse'], {
        env: env.processEnv,
        cwd: env.workspace,
        input: JSON.stringify({ ...REQUEST, hook_event_name: 'PostToolUse', tool_input }),
      });
    // Another call of the session finishing says nothing about this one.
    await post({ command: 'ls' });
    expect(host.permissions!.list()).toHaveLength(1);
    await post(REQUEST.tool_input);
    expect(await held).toMatchObject(NO_DECISION);
    expect(host.permissions!.list()).toEqual([]);
    // And a turn that ends takes every request of its session with it.
    const again = bridge(env, true);
    await waiting(host, 1);
    await runCli(['emit', 'claude', 'Stop'], {
      env: env.processEnv,
      cwd: env.workspace,
      input: JSON.stringify({ session_id: 'sess-1', hook_event_name: 'Stop' }),
    });
    expect(await again).toMatchObject(NO_DECISION);
  });

  test('the host stopping answers every waiting request with no decision', async () => {
    env = makeEnv();
    askMe(env, 'codex', { on: true });
    const { host } = await startHost(env);
    const r = bridge(env, false, 'codex');
    await waiting(host, 1);
    await host.close();
    running!.resident.close();
    expect(await r).toMatchObject(NO_DECISION);
  });

  test('not held: Ask me off, a tool outside its list, a hosted rule that decides, no host', async () => {
    env = makeEnv();
    const { host } = await startHost(env);
    expect(await bridge(env, true)).toMatchObject(NO_DECISION);
    askMe(env, 'claude', { on: true, tools: ['Write'] });
    await host.reloadSettings();
    expect(await bridge(env, true)).toMatchObject(NO_DECISION);
    askMe(env, 'claude', { on: true });
    // A hosted rule that decides is the answer (a deny in Claude Code's JSON, as its runtime renders a block).
    env.write(
      'hp/hooks/claude.json',
      JSON.stringify({
        hooks: {
          PermissionRequest: [{ hooks: [{ type: 'command', command: "echo 'not here' >&2; exit 2" }] }],
        },
      }),
    );
    await host.reloadSettings();
    host.invalidate();
    const denied = await bridge(env, true);
    expect(denied.code).toBe(0);
    expect(decision(denied).hookSpecificOutput.decision).toEqual({ behavior: 'deny', message: 'not here' });
    expect(host.permissions!.list()).toEqual([]);
    // With no host, the in-process fallback has nobody to ask.
    running!.resident.close();
    env.write('hp/hooks/claude.json', '{}');
    expect(await bridge(env, false)).toMatchObject(NO_DECISION);
  });
});

describe('hookpanel requests and answer', () => {
  test('list and answer a request held by `hookpanel serve`; errors are one line, exit 1', async () => {
    env = makeEnv();
    const cli = (args: string[]) => runCli(args, { env: env.processEnv, cwd: env.workspace });
    expect(await cli(['requests'])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^hookpanel: no Hookpanel host is running[^\n]*\n$/),
    });
    expect((await cli(['ask-me', 'claude', 'on', '--tools', 'Bash'])).stdout).toContain(
      'Ask me is on for claude for Bash',
    );
    expect(await cli(['ask-me', 'gemini', 'on'])).toMatchObject({ code: 2 });
    serve = await startServe(env);
    const held = bridge(env, true);
    let listed: { requests: WaitingRequest[] } = { requests: [] };
    // The request reaches serve in its own time: ask until it is listed (the bridge cannot finish first).
    while (!listed.requests.length) listed = JSON.parse((await cli(['requests', '--json'])).stdout);
    const id = listed.requests[0]!.id;
    expect((await cli(['requests'])).stdout).toContain(`${id}  claude  Bash  touch ran.txt`);
    const answered = await cli(['answer', id, 'deny', '--reason', 'ask me later']);
    expect(answered).toMatchObject({ code: 0, stdout: 'Denied: claude Bash touch ran.txt\n' });
    expect(decision(await held).hookSpecificOutput.decision).toEqual({
      behavior: 'deny',
      message: 'ask me later',
    });
    expect(await cli(['answer', id, 'allow'])).toMatchObject({
      code: 1,
      stderr: `hookpanel: request ${id} is no longer waiting (already answered: deny)\n`,
    });
    expect(await cli(['answer', id, 'maybe'])).toMatchObject({ code: 2 });
    expect(JSON.parse((await cli(['requests', '--json'])).stdout)).toEqual({ requests: [] });
  });
});

describe('connect with Ask me', () => {
  test("Claude Code's PermissionRequest bridge (600 s) is written only with Ask me on", async () => {
    env = makeEnv();
    const cli = (args: string[]) => runCli(args, { env: env.processEnv, cwd: env.workspace });
    const hooks = () =>
      (
        JSON.parse(readFileSync(env.path('~/.claude/settings.json'), 'utf8')) as {
          hooks: Record<string, { hooks: { command: string; timeout?: number }[] }[] | undefined>;
        }
      ).hooks;
    expect((await cli(['connect', 'claude', '--yes'])).code).toBe(0);
    expect(hooks().PermissionRequest).toBeUndefined();
    const on = await cli(['ask-me', 'claude', 'on']);
    expect(on.stdout).toContain('Claude Code does not send its permission requests to Hookpanel yet');
    expect((await cli(['connect', 'claude', '--yes'])).code).toBe(0);
    const [group] = hooks().PermissionRequest!;
    expect(group!.hooks[0]!.timeout).toBe(600);
    expect(group!.hooks[0]!.command).toMatch(
      /hookpanel-hook\.sh' claude PermissionRequest$|hookpanel-hook\.sh claude PermissionRequest$/,
    );
    expect((await cli(['ask-me', 'claude', 'on'])).stdout).not.toContain('does not send');
    expect((await cli(['disconnect', 'claude', '--yes'])).code).toBe(0);
    expect(existsSync(env.path('~/.claude/settings.json')) ? hooks() : undefined).toBeUndefined();
  });
});
