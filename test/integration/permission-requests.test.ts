// Ask me end to end on real processes: the bridge (`hookpanel emit` and the curl fast path) sends a
// PermissionRequest to a resident host, which holds it until a person answers through the panel API
// or `hookpanel answer`; without an answer (deadline, host stopped, Ask me off, no host) the bridge
// gives no decision: exit 0 and nothing on stdout.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { WaitingRequest } from '../../shared/permissions.js';
import { handleRequest } from '../../electron/host/panel/api.js';
import { CLI, runCli, type CliResult } from '../helpers/cli.js';
import { makeEnv, REPO, type TestEnv } from '../helpers/env.js';
import { startServe, type RunningHost } from '../helpers/serve.js';
import {
  emitPermission,
  startHoldingHost,
  stopHoldingHost,
  waitingRequests,
  type HoldingHost,
} from '../helpers/holding-host.js';

let env: TestEnv;
let running: HoldingHost | null = null;
let serve: RunningHost | null = null;
afterEach(async () => {
  if (running) await stopHoldingHost(running);
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

async function startHost(e: TestEnv): Promise<HoldingHost> {
  running = await startHoldingHost(e);
  return running;
}

/** The bridge as an agent runs it: `hookpanel emit`, or the curl fast path. */
function bridge(
  e: TestEnv,
  fast: boolean,
  agent = 'claude',
  fields: Record<string, unknown> = {},
): Promise<CliResult> {
  const request = { ...REQUEST, cwd: e.workspace, ...fields };
  if (!fast) return emitPermission(e, request, agent);
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
    child.stdin.end(JSON.stringify(request));
  });
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
    const [held] = await waitingRequests(host, 1);
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
    await waitingRequests(host, 1);
    const second = bridge(env, true);
    const list = await waitingRequests(host, 2);
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
    const [held] = await waitingRequests(host, 1);
    expect(await r).toMatchObject(NO_DECISION);
    expect(host.permissions!.list()).toEqual([]);
    // Its deadline ended it: not the bridge going away, nor the host.
    expect(await host.permissions!.answer(held!.id, { behavior: 'allow', reason: null })).toEqual({
      answered: false,
      refused: `request ${held!.id} is no longer waiting (expired: nobody answered before its deadline)`,
    });
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
    const [held] = await waitingRequests(host, 1);
    child.kill('SIGKILL');
    while (host.permissions!.list().length) await once(host.permissions!, 'changed');
    expect(await host.permissions!.answer(held!.id, { behavior: 'allow', reason: null })).toEqual({
      answered: false,
      refused: `request ${held!.id} is no longer waiting (withdrawn: the agent stopped waiting)`,
    });
  });

  test('the agent going on without the answer (its own prompt answered first) withdraws it', async () => {
    env = makeEnv();
    askMe(env, 'claude', { on: true });
    const { host } = await startHost(env);
    const held = bridge(env, false);
    await waitingRequests(host, 1);
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
    await waitingRequests(host, 1);
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
    await waitingRequests(host, 1);
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

/** Claude Code's suggestions for a Bash call, as it sends them (test/fixtures/claude/payloads). */
function claudeSuggestions(e: TestEnv, command: string) {
  return [
    {
      type: 'addRules',
      rules: [{ toolName: 'Bash', ruleContent: command }],
      behavior: 'allow',
      destination: 'localSettings',
    },
    { type: 'addDirectories', directories: [e.workspace], destination: 'session' },
    { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
  ];
}

const codexCommand = (command: string) => ({ tool_input: { command, description: 'the task needs it' } });

describe('Always allow', () => {
  test('Claude Code: the offered rule and file; allow carries exactly the suggestion; History says so', async () => {
    env = makeEnv();
    askMe(env, 'claude', { on: true });
    const { host, session } = await startHost(env);
    const suggestions = claudeSuggestions(env, 'touch ran.txt');
    const answered = bridge(env, true, 'claude', { permission_suggestions: suggestions });
    const [held] = await waitingRequests(host, 1);
    const file = join(env.workspace, '.claude', 'settings.local.json');
    expect(held!.always).toEqual({
      offers: [
        {
          rules: ['Bash(touch ran.txt)'],
          file,
          where: "this project's local settings",
          writer: 'agent',
          words: null,
          minWords: null,
        },
      ],
      whyNot: null,
    });
    // A rule other than the one offered is refused, and the request still waits.
    const tampered = await handleRequest(session.api, 'requests:answer', {
      id: held!.id,
      behavior: 'allow',
      always: { offer: 0, rules: ['Bash(rm -rf ~)'] },
    });
    expect(tampered).toMatchObject({
      result: { ok: false, message: expect.stringMatching(/^refused: .* is not the rule Hookpanel offered/) },
    });
    expect(
      await handleRequest(session.api, 'requests:answer', {
        id: held!.id,
        behavior: 'deny',
        always: { offer: 0, rules: ['Bash(touch ran.txt)'] },
      }),
    ).toMatchObject({ result: { ok: false, message: '"always" goes with allow, not deny' } });
    expect(host.permissions!.list()).toHaveLength(1);
    const res = await handleRequest(session.api, 'requests:answer', {
      id: held!.id,
      behavior: 'allow',
      always: { offer: 0, rules: ['Bash(touch ran.txt)'] },
    });
    expect(res).toEqual({
      ok: true,
      result: {
        ok: true,
        message: `Allowed Bash always: Bash(touch ran.txt), the agent adds in this project's local settings (${file}).`,
      },
    });
    expect(decision(await answered).hookSpecificOutput.decision).toEqual({
      behavior: 'allow',
      updatedPermissions: [suggestions[0]],
    });
    // Claude Code writes the file, not Hookpanel.
    expect(existsSync(file)).toBe(false);
    await host.idle();
    const rows = await host.history.query({}, 10);
    expect(rows.dispatches).toContainEqual(
      expect.objectContaining({
        rule: 'Ask me',
        decision: 'allow',
        reason: `Always allow: Bash(touch ran.txt) → this project's local settings, ${file} (the agent writes it)`,
      }),
    );
  });

  test('Claude Code: no "always" without an addRules suggestion, and it says why', async () => {
    env = makeEnv();
    askMe(env, 'claude', { on: true });
    const { host, session } = await startHost(env);
    const write = bridge(env, true, 'claude', {
      tool_name: 'Write',
      tool_input: { file_path: join(env.workspace, 'notes.txt'), content: 'x' },
      permission_suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
    });
    const [held] = await waitingRequests(host, 1);
    expect(held!.always).toEqual({
      offers: [],
      whyNot:
        'Claude Code suggested only switching to acceptEdits mode (setMode, session), no rule Hookpanel can show exactly',
    });
    expect(
      await handleRequest(session.api, 'requests:answer', {
        id: held!.id,
        behavior: 'allow',
        always: { offer: 0, rules: ['Write'] },
      }),
    ).toMatchObject({ result: { ok: false, message: `request ${held!.id} has no "always" offer 0` } });
    await handleRequest(session.api, 'requests:answer', { id: held!.id, behavior: 'allow' });
    expect(decision(await write).hookSpecificOutput.decision).toEqual({ behavior: 'allow' });
  });

  test('Codex: the prefix rule is appended once, the rest of the file kept byte for byte', async () => {
    env = makeEnv();
    askMe(env, 'codex', { on: true });
    const rules = env.path('~/.codex/rules/default.rules');
    // No newline at the end, a CRLF line and a comment: all kept as they are.
    const before = '# mine\r\nprefix_rule(pattern=["ls"], decision="allow")';
    env.write('~/.codex/rules/default.rules', before);
    const { host, session } = await startHost(env);
    const first = bridge(env, true, 'codex', codexCommand('git status --short'));
    const [held] = await waitingRequests(host, 1);
    const offer = held!.always!.offers[0]!;
    expect(offer).toEqual({
      rules: ['prefix_rule(pattern=["git", "status", "--short"], decision="allow")'],
      file: rules,
      where: "Codex's rules",
      writer: 'hookpanel',
      words: ['git', 'status', '--short'],
      minWords: 1,
    });
    // Neither another rule nor a shortening that is not a leading part of the words is taken.
    for (const tampered of [
      'prefix_rule(pattern=["rm"], decision="allow")',
      'prefix_rule(pattern=["git", "--short"], decision="allow")',
      'prefix_rule(pattern=["git", "status", "--short"], decision="allow")\nprefix_rule(pattern=["rm"], decision="allow")',
    ]) {
      const r = await handleRequest(session.api, 'requests:answer', {
        id: held!.id,
        behavior: 'allow',
        always: { offer: 0, rules: [tampered] },
      });
      expect(r).toMatchObject({ result: { ok: false, message: expect.stringContaining('is not the rule') } });
    }
    expect(readFileSync(rules, 'utf8')).toBe(before);
    const line = 'prefix_rule(pattern=["git", "status"], decision="allow")';
    const res = await handleRequest(session.api, 'requests:answer', {
      id: held!.id,
      behavior: 'allow',
      always: { offer: 0, rules: [line] },
    });
    expect(res).toMatchObject({
      result: { ok: true, message: `Allowed Bash always: ${line}, added in Codex's rules (${rules}).` },
    });
    expect(decision(await first).hookSpecificOutput.decision).toEqual({ behavior: 'allow' });
    expect(readFileSync(rules, 'utf8')).toBe(`${before}\n${line}\n`);
    // The same rule again (another request): the file is not touched.
    const second = bridge(env, true, 'codex', codexCommand('git status'));
    const [again] = await waitingRequests(host, 1);
    const r2 = await handleRequest(session.api, 'requests:answer', {
      id: again!.id,
      behavior: 'allow',
      always: { offer: 0, rules: [line] },
    });
    expect(r2).toMatchObject({ result: { ok: true, message: expect.stringContaining('already there') } });
    expect(decision(await second).hookSpecificOutput.decision).toEqual({ behavior: 'allow' });
    expect(readFileSync(rules, 'utf8')).toBe(`${before}\n${line}\n`);
    await host.idle();
    const rows = await host.history.query({}, 10);
    expect(rows.dispatches).toContainEqual(
      expect.objectContaining({ rule: 'Ask me', reason: `Always allow: ${line} → Codex's rules, ${rules}` }),
    );
  });

  test('Codex: created with its folder under CODEX_HOME; a wrapper keeps its next word', async () => {
    env = makeEnv();
    askMe(env, 'codex', { on: true });
    const codexHome = env.path('elsewhere/codex');
    env.processEnv.CODEX_HOME = codexHome;
    const { host, session } = await startHost(env);
    const answered = bridge(env, true, 'codex', codexCommand("sudo touch '/tmp/a b'"));
    const [held] = await waitingRequests(host, 1);
    const offer = held!.always!.offers[0]!;
    expect(offer).toMatchObject({ words: ['sudo', 'touch', '/tmp/a b'], minWords: 2 });
    const refused = await handleRequest(session.api, 'requests:answer', {
      id: held!.id,
      behavior: 'allow',
      always: { offer: 0, rules: ['prefix_rule(pattern=["sudo"], decision="allow")'] },
    });
    expect(refused).toMatchObject({ result: { ok: false } });
    await handleRequest(session.api, 'requests:answer', {
      id: held!.id,
      behavior: 'allow',
      always: { offer: 0, rules: offer.rules },
    });
    expect(decision(await answered).hookSpecificOutput.decision).toEqual({ behavior: 'allow' });
    expect(readFileSync(join(codexHome, 'rules', 'default.rules'), 'utf8')).toBe(
      'prefix_rule(pattern=["sudo", "touch", "/tmp/a b"], decision="allow")\n',
    );
    expect(existsSync(env.path('~/.codex/rules/default.rules'))).toBe(false);
  });

  test.each([
    ['ls | wc -l', 'a pipe (|)'],
    ['make && make install', 'more than one command (&&)'],
    ['rm x; rm y', 'more than one command (;)'],
    ['echo $(id)', 'a variable or substitution ($(…))'],
    ['echo "`id`"', 'a command substitution (`…`)'],
    ['cat $HOME/x', 'a variable or substitution ($HOME)'],
    ['echo hi > out.txt', 'a redirection (>)'],
    ['rm *.log', 'a wildcard (*.log)'],
    ['FOO=1 make', 'a variable set for it (FOO=1)'],
  ])('Codex: no "always" for %s', async (command, what) => {
    env = makeEnv();
    askMe(env, 'codex', { on: true });
    const { host, session } = await startHost(env);
    const answered = bridge(env, true, 'codex', codexCommand(command));
    const [held] = await waitingRequests(host, 1);
    expect(held!.always).toEqual({
      offers: [],
      whyNot: `the command has ${what}: a prefix rule would allow more than this command`,
    });
    const r = await handleRequest(session.api, 'requests:answer', {
      id: held!.id,
      behavior: 'allow',
      always: { offer: 0, rules: ['prefix_rule(pattern=["ls"], decision="allow")'] },
    });
    expect(r).toMatchObject({ result: { ok: false } });
    await handleRequest(session.api, 'requests:answer', { id: held!.id, behavior: 'deny' });
    expect(decision(await answered).hookSpecificOutput.decision).toMatchObject({ behavior: 'deny' });
    expect(existsSync(env.path('~/.codex/rules'))).toBe(false);
  });

  test('Codex: a rules file that cannot be written is named, and the request still waits', async () => {
    env = makeEnv();
    askMe(env, 'codex', { on: true });
    // A file where the rules folder should be: nobody (root included) can write default.rules.
    env.write('~/.codex/rules', 'not a folder');
    const { host, session } = await startHost(env);
    const answered = bridge(env, true, 'codex', codexCommand('touch ran.txt'));
    const [held] = await waitingRequests(host, 1);
    const r = await handleRequest(session.api, 'requests:answer', {
      id: held!.id,
      behavior: 'allow',
      always: { offer: 0, rules: held!.always!.offers[0]!.rules },
    });
    const file = env.path('~/.codex/rules/default.rules');
    expect(r).toMatchObject({
      result: { ok: false, message: expect.stringContaining(`could not write the rule to ${file}: `) },
    });
    expect(host.permissions!.list().map((q) => q.id)).toEqual([held!.id]);
    await handleRequest(session.api, 'requests:answer', { id: held!.id, behavior: 'allow' });
    expect(decision(await answered).hookSpecificOutput.decision).toEqual({ behavior: 'allow' });
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

describe('hookpanel answer --always and --json', () => {
  test('Codex through `hookpanel serve`: the rule on offer, shortened with --prefix, printed as JSON', async () => {
    env = makeEnv();
    const cli = (args: string[]) => runCli(args, { env: env.processEnv, cwd: env.workspace });
    expect((await cli(['ask-me', 'codex', 'on'])).code).toBe(0);
    serve = await startServe(env);
    const list = async () =>
      (JSON.parse((await cli(['requests', '--json'])).stdout) as { requests: WaitingRequest[] }).requests;
    const held = bridge(env, true, 'codex', codexCommand('git status --short'));
    let listed: WaitingRequest[] = [];
    while (!listed.length) listed = await list();
    const id = listed[0]!.id;
    const rules = env.path('~/.codex/rules/default.rules');
    expect((await cli(['requests'])).stdout).toContain(
      `\n        always: prefix_rule(pattern=["git", "status", "--short"], decision="allow") → Codex's rules, ${rules} (shorten with --prefix)\n`,
    );
    expect(await cli(['answer', id, 'deny', '--always'])).toMatchObject({ code: 2 });
    expect(await cli(['answer', id, 'allow', '--prefix', 'git'])).toMatchObject({ code: 2 });
    expect(await cli(['answer', id, 'allow', '--always', '--prefix', 'git log'])).toMatchObject({
      code: 1,
      stderr: 'hookpanel: --prefix: "git log" is not how the command starts: git status --short\n',
    });
    const answered = await cli(['answer', id, 'allow', '--always', '--prefix', 'git', '--json']);
    const line = 'prefix_rule(pattern=["git"], decision="allow")';
    expect(answered.code).toBe(0);
    expect(JSON.parse(answered.stdout)).toEqual({
      ok: true,
      message: `Allowed Bash always: ${line}, added in Codex's rules (${rules}).`,
      request: expect.objectContaining({ id, agent: 'codex', subject: 'git status --short' }),
    });
    expect(decision(await held).hookSpecificOutput.decision).toEqual({ behavior: 'allow' });
    expect(readFileSync(rules, 'utf8')).toBe(`${line}\n`);
    // Refused as JSON too, with exit 1.
    const again = await cli(['answer', id, 'allow', '--json']);
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout)).toEqual({
      ok: false,
      message: `request ${id} is no longer waiting (already answered: allow)`,
      request: null,
    });
    // A compound command: nothing offered, and --always says why.
    const piped = bridge(env, true, 'codex', codexCommand('git log | head'));
    listed = [];
    while (!listed.length) listed = await list();
    expect((await cli(['requests'])).stdout).toContain(
      '        always: not offered: the command has a pipe (|): a prefix rule would allow more than this command\n',
    );
    expect(await cli(['answer', listed[0]!.id, 'allow', '--always'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('has no "always" rule on offer: the command has a pipe'),
    });
    expect((await cli(['answer', listed[0]!.id, 'allow', '--json'])).code).toBe(0);
    expect(decision(await piped).hookSpecificOutput.decision).toEqual({ behavior: 'allow' });
    expect(readFileSync(rules, 'utf8')).toBe(`${line}\n`);
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
