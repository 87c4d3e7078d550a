import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { makeEnv, type TestEnv } from '../../helpers/env.js';
import { makeGate } from '../../helpers/gate.js';
import { openHost } from '../../helpers/host.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

const USER = '~/.config/pw/code.json';
const hooks = (h: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ ...extra, hooks: h });
const cmd = (command: string, more: Record<string, unknown> = {}) => ({ type: 'command', command, ...more });

describe('pw and claude semantics with real processes', () => {
  test('exit 2 blocks with stderr as the reason; the protocol answer is exit 2 + stderr', async () => {
    env = makeEnv();
    env.write(
      USER,
      hooks({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd("echo 'no rm -rf here' >&2; exit 2")] }] }),
    );
    const h = await openHost(env);
    const { answer } = await h.fire('pw', 'PreToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf /' },
    });
    expect(answer.decision).toBe('block');
    expect(answer.reason).toBe('no rm -rf here');
    expect(answer.protocol).toEqual({ exitCode: 2, stdout: '', stderr: 'no rm -rf here\n' });
    expect(answer.dispatches[0]).toMatchObject({ outcome: 'blocked', exitCode: 2 });
    expect(h.signals.find((s) => s.kind === 'blocked')).toMatchObject({
      rule: 'PreToolUse[0].hooks[0]',
      reason: 'no rm -rf here',
    });
  });

  test('matchers are exact: code-reviewer does not match my-code-reviewer-2; * and absent match all', async () => {
    env = makeEnv();
    env.write(
      USER,
      hooks({
        SubagentStop: [
          { matcher: 'code-reviewer', hooks: [cmd('exit 2')] },
          { matcher: '*', hooks: [cmd('true')] },
          { hooks: [cmd('true')] },
        ],
      }),
    );
    const h = await openHost(env);
    let r = await h.fire('pw', 'SubagentStop', { agent_type: 'my-code-reviewer-2' });
    expect(r.answer.dispatches.map((d) => d.rule)).toEqual([
      'SubagentStop[1].hooks[0]',
      'SubagentStop[2].hooks[0]',
    ]);
    r = await h.fire('pw', 'SubagentStop', { agent_type: 'code-reviewer' });
    expect(r.answer.decision).toBe('block');
  });

  test('JSON output aggregates across hooks: any block wins, contexts joined in config order, updatedInput, permissionDecision', async () => {
    env = makeEnv();
    const json = (o: unknown) => `echo '${JSON.stringify(o)}'`;
    // The first hook answers only after the second has: contexts follow the config, not completion.
    const secondDone = makeGate(env.path('second-done'));
    env.write(
      USER,
      hooks({
        UserPromptSubmit: [
          {
            hooks: [
              cmd(
                `read _ < ${secondDone.path}; ${json({ hookSpecificOutput: { additionalContext: 'first' } })}`,
              ),
              cmd(
                `${json({ hookSpecificOutput: { additionalContext: 'second' } })}; echo >${secondDone.path}`,
              ),
            ],
          },
        ],
        PreToolUse: [
          {
            hooks: [
              cmd(json({ hookSpecificOutput: { permissionDecision: 'ask' } })),
              cmd(json({ hookSpecificOutput: { updatedInput: { command: 'ls' } } })),
            ],
          },
        ],
        PermissionRequest: [
          { hooks: [cmd(json({ decision: 'block', reason: 'policy says no' })), cmd('true')] },
        ],
      }),
    );
    const h = await openHost(env);
    let { answer } = await h.fire('pw', 'UserPromptSubmit', { prompt: 'hi' });
    expect(answer.context).toBe('first\nsecond');
    expect(JSON.parse(answer.protocol.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'first\nsecond' },
    });
    ({ answer } = await h.fire('pw', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm x' } }));
    expect(answer).toMatchObject({
      decision: 'allow',
      permissionDecision: 'ask',
      updatedInput: { command: 'ls' },
    });
    ({ answer } = await h.fire('pw', 'PermissionRequest', { tool_name: 'Bash' }));
    expect(answer).toMatchObject({ decision: 'block', reason: 'policy says no' });
  });

  test('exit 2 on an event that cannot block is a failed dispatch, not a block', async () => {
    env = makeEnv();
    env.write(USER, hooks({ Notification: [{ hooks: [cmd('echo nope >&2; exit 2')] }] }));
    const h = await openHost(env);
    const { answer } = await h.fire('pw', 'Notification', { notification_type: 'idle' });
    expect(answer.decision).toBe('allow');
    expect(answer.dispatches[0]!.outcome).toBe('failed');
  });

  test('args run without a shell; a plain command runs through the shell; payload on stdin, cwd and project dir set', async () => {
    env = makeEnv();
    const out = env.path('out');
    env.write(
      USER,
      hooks({
        SessionStart: [
          {
            hooks: [
              {
                type: 'command',
                command: '/bin/sh',
                args: [
                  '-c',
                  'printf "%s|%s|%s|%s" "$1" "$PWD" "$PW_PROJECT_DIR" "$CLAUDE_PROJECT_DIR" > "$0.args"; cat > "$0.stdin"',
                  out,
                  '$HOME; echo not-expanded',
                ],
              },
              cmd(`echo "$HOME" > ${out}.shell`),
            ],
          },
        ],
      }),
    );
    const h = await openHost(env);
    await h.fire('pw', 'SessionStart', { source: 'startup', session_id: 's1' });
    expect(readFileSync(`${out}.args`, 'utf8')).toBe(
      `$HOME; echo not-expanded|${env.workspace}|${env.workspace}|${env.workspace}`,
    );
    expect(JSON.parse(readFileSync(`${out}.stdin`, 'utf8'))).toMatchObject({
      source: 'startup',
      session_id: 's1',
      hook_event_name: 'SessionStart',
      cwd: env.workspace,
    });
    expect(readFileSync(`${out}.shell`, 'utf8').trim()).toBe(env.home);
  });

  test('async: true fires and forgets: the answer does not wait for it', async () => {
    env = makeEnv();
    const marker = env.path('async-done');
    const gate = makeGate(env.path('gate'));
    env.write(
      USER,
      hooks({ Stop: [{ hooks: [cmd(`read _ < ${gate.path}; touch ${marker}`, { async: true })] }] }),
    );
    const h = await openHost(env);
    // The hook cannot finish before the gate opens, and the gate opens only after the answer came.
    const { answer, background } = await h.fire('pw', 'Stop', {});
    expect(answer.dispatches).toEqual([]);
    expect(existsSync(marker)).toBe(false);
    await gate.open();
    const later = await background;
    expect(later[0]).toMatchObject({ outcome: 'ok' });
    expect(readFileSync(marker, 'utf8')).toBe('');
  });

  test('prompt, agent and mcp_tool that cannot run are recorded as failed with a reason; prompt guards fail closed', async () => {
    env = makeEnv();
    env.write(
      USER,
      hooks({
        PreToolUse: [{ hooks: [{ type: 'prompt', prompt: 'ok? $ARGUMENTS' }] }],
        Stop: [
          {
            hooks: [
              { type: 'agent', prompt: 'tests green?' },
              { type: 'mcp_tool', server: 's', tool: 't' },
            ],
          },
        ],
      }),
    );
    const h = await openHost(env);
    let { answer } = await h.fire('pw', 'PreToolUse', { tool_name: 'Bash' });
    expect(answer.decision).toBe('block');
    expect(answer.reason).toContain('fails closed');
    ({ answer } = await h.fire('pw', 'Stop', {}));
    expect(answer.decision).toBe('allow');
    expect(answer.dispatches.map((d) => d.outcome)).toEqual(['failed', 'failed']);
    await h.flush();
    const agent = h.records.find((r) => r.type === 'dispatch' && r.rule === 'Stop[0].hooks[0]');
    expect(agent).toMatchObject({ reason: expect.stringContaining('no model endpoint is configured') });
    const mcp = h.records.find((r) => r.type === 'dispatch' && r.rule === 'Stop[0].hooks[1]');
    expect(mcp).toMatchObject({
      reason: expect.stringContaining('no MCP server is named "s": no MCP servers are defined'),
    });
  });

  test('http posts the payload; headers take allowlisted variables only; cross-origin redirects are refused', async () => {
    env = makeEnv();
    const seen: { path: string; auth: string | undefined; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ path: req.url!, auth: req.headers.authorization, body });
        if (req.url === '/redirect-same') return res.writeHead(307, { location: '/ok' }).end();
        if (req.url === '/redirect-away')
          return res.writeHead(307, { location: 'http://127.0.0.2:9/steal' }).end();
        if (req.url === '/deny')
          return res.end(JSON.stringify({ decision: 'block', reason: 'http says no' }));
        res.end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    env.processEnv.MY_TOKEN = 'sekret';
    env.processEnv.OTHER = 'x';
    env.write(
      USER,
      hooks(
        {
          PreToolUse: [
            {
              matcher: 'A',
              hooks: [
                { type: 'http', url: `${base}/deny`, headers: { Authorization: 'Bearer ${MY_TOKEN}' } },
              ],
            },
            {
              matcher: 'B',
              hooks: [
                { type: 'http', url: `${base}/redirect-same`, headers: { Authorization: '$MY_TOKEN' } },
              ],
            },
            {
              matcher: 'C',
              hooks: [
                { type: 'http', url: `${base}/redirect-away`, headers: { Authorization: '$MY_TOKEN' } },
              ],
            },
            {
              matcher: 'D',
              hooks: [{ type: 'http', url: `${base}/ok`, headers: { Authorization: '$OTHER' } }],
            },
          ],
        },
        { allowedEnvVars: ['MY_TOKEN'] },
      ),
    );
    const h = await openHost(env);
    try {
      let { answer } = await h.fire('pw', 'PreToolUse', { tool_name: 'A' });
      expect(answer).toMatchObject({ decision: 'block', reason: 'http says no' });
      expect(seen[0]).toMatchObject({ path: '/deny', auth: 'Bearer sekret' });
      expect(JSON.parse(seen[0]!.body)).toMatchObject({ tool_name: 'A', hook_event_name: 'PreToolUse' });
      ({ answer } = await h.fire('pw', 'PreToolUse', { tool_name: 'B' }));
      expect(answer.dispatches[0]!.outcome).toBe('ok');
      expect(seen.map((s) => s.path).slice(1)).toEqual(['/redirect-same', '/ok']);
      ({ answer } = await h.fire('pw', 'PreToolUse', { tool_name: 'C' }));
      expect(answer.dispatches[0]!.outcome).toBe('failed');
      expect(seen.some((s) => s.path === '/steal')).toBe(false);
      await h.flush();
      expect(h.records.find((r) => r.type === 'dispatch' && r.eventId === answer.eventId)).toMatchObject({
        reason: expect.stringContaining('refused a cross-origin redirect'),
      });
      const before = seen.length;
      ({ answer } = await h.fire('pw', 'PreToolUse', { tool_name: 'D' }));
      expect(answer.dispatches[0]!.outcome).toBe('failed');
      expect(seen.length).toBe(before);
      await h.flush();
      expect(h.records.find((r) => r.type === 'dispatch' && r.eventId === answer.eventId)).toMatchObject({
        reason: expect.stringContaining('$OTHER, which is not in allowedEnvVars'),
      });
    } finally {
      server.close();
    }
  });

  test('rules that match but may not run are recorded as skipped with the reason', async () => {
    env = makeEnv();
    env.write('ws/.agents/settings.json', hooks({ PreToolUse: [{ hooks: [cmd('exit 2')] }] }));
    env.write(USER, hooks({ Setup: [{ hooks: [cmd('true')] }] }));
    const h = await openHost(env);
    let { answer } = await h.fire('pw', 'PreToolUse', { tool_name: 'Bash' });
    expect(answer.decision).toBe('allow');
    expect(answer.dispatches).toEqual([
      expect.objectContaining({ outcome: 'skipped', skipReason: expect.stringContaining('untrusted') }),
    ]);
    expect(h.signals.find((s) => s.kind === 'reviewNeeded')).toMatchObject({
      paths: [env.path('ws/.agents/settings.json')],
    });
    ({ answer } = await h.fire('pw', 'Setup', { trigger: 'init' }));
    expect(answer.dispatches[0]).toMatchObject({
      outcome: 'skipped',
      skipReason: expect.stringContaining('dormant'),
    });
    await h.host.updateSettings((s) => ({ ...s, paused: true }));
    env.write(USER, hooks({ Stop: [{ hooks: [cmd('true')] }] }));
    ({ answer } = await h.fire('pw', 'Stop', {}));
    expect(answer.dispatches[0]).toMatchObject({
      outcome: 'skipped',
      skipReason: expect.stringContaining('paused'),
    });
  });

  test('claude: hosted rules run, inspected ones never do; Claude Code matcher alternatives', async () => {
    env = makeEnv();
    const ran = env.path('ran');
    env.write('~/.claude/settings.json', hooks({ PreToolUse: [{ hooks: [cmd(`touch ${ran}.inspected`)] }] }));
    env.write(
      'hp/hooks/claude.json',
      hooks({
        PreToolUse: [
          {
            matcher: 'Edit|Write',
            hooks: [cmd(`touch ${ran}.hosted; echo "$CLAUDE_PROJECT_DIR" > ${ran}.dir`)],
          },
        ],
      }),
    );
    const h = await openHost(env);
    const { answer } = await h.fire('claude', 'PreToolUse', { tool_name: 'Write' });
    expect(answer.dispatches.map((d) => d.outcome)).toEqual(['ok']);
    expect(readFileSync(`${ran}.dir`, 'utf8').trim()).toBe(env.workspace);
    expect(() => readFileSync(`${ran}.inspected`)).toThrow();
    const other = await h.fire('claude', 'PreToolUse', { tool_name: 'Bash' });
    expect(other.answer.dispatches).toEqual([]);
  });

  test('a Stop event signals turn done naming the agent and workspace', async () => {
    env = makeEnv();
    const h = await openHost(env);
    await h.fire('claude', 'Stop', {});
    expect(h.signals).toContainEqual(
      expect.objectContaining({ kind: 'turnDone', agent: 'Claude Code', workspace: env.workspace }),
    );
  });
});

describe('the bridge entry in a hosted file', () => {
  test('is never run as a rule', async () => {
    env = makeEnv();
    env.write(
      USER,
      hooks({
        Stop: [
          {
            hooks: [
              cmd('hookpanel emit pw Stop'),
              cmd('/usr/local/bin/hookpanel-hook pw Stop'),
              { type: 'command', command: 'hookpanel', args: ['emit', 'pw', 'Stop'] },
              cmd('true'),
            ],
          },
        ],
      }),
    );
    const h = await openHost(env);
    const { answer } = await h.fire('pw', 'Stop', {});
    expect(answer.dispatches.map((d) => d.rule)).toEqual(['Stop[0].hooks[3]']);
  });
});

describe('review needed', () => {
  test('an agent starting in a workspace with untrusted project files signals a review, even for files its agent runs', async () => {
    env = makeEnv();
    env.write('ws/.claude/settings.json', hooks({ Stop: [{ hooks: [cmd('true')] }] }));
    const h = await openHost(env);
    await h.fire('claude', 'SessionStart', { source: 'startup' });
    expect(h.signals).toContainEqual(
      expect.objectContaining({ kind: 'reviewNeeded', paths: [env.path('ws/.claude/settings.json')] }),
    );
  });
});
