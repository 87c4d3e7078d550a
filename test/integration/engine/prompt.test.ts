// `prompt` hooks against a stub Messages API on 127.0.0.1: fixed replies, garbage and silence.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { makeEnv, type TestEnv } from '../../helpers/env.js';
import { openHost } from '../../helpers/host.js';

let env: TestEnv;
let server: Server;
let reply: string | null;
/** When set, answers each request with content blocks (an agent's tool calls or its verdict). */
let script: ((body: { messages: { role: string; content: unknown }[] }) => unknown[]) | null;
let seen: { key: string | undefined; body: { model: string; messages: { content: string }[] } }[];

beforeEach(async () => {
  seen = [];
  reply = null;
  script = null;
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      seen.push({ key: req.headers['x-api-key'] as string | undefined, body: JSON.parse(raw) });
      const content = script
        ? script(JSON.parse(raw))
        : reply === null
          ? null
          : [{ type: 'text', text: reply }];
      if (content === null) return; // silence
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'm',
          type: 'message',
          role: 'assistant',
          content,
          stop_reason: 'end_turn',
          usage: { input_tokens: 1, output_tokens: 1 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  env = makeEnv();
  env.processEnv.ANTHROPIC_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  env.processEnv.ANTHROPIC_API_KEY = 'sk-test-secret';
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await env?.cleanup();
});

const settings = (event: string, timeout?: number) =>
  JSON.stringify({
    hooks: {
      [event]: [
        {
          hooks: [
            {
              type: 'prompt',
              prompt: 'Is this safe? $ARGUMENTS',
              model: 'claude-test',
              ...(timeout ? { timeout } : {}),
            },
          ],
        },
      ],
    },
  });

describe('prompt hooks', () => {
  test('a "not ok" verdict blocks with its reason; $ARGUMENTS is the payload; the key is never recorded', async () => {
    env.write('~/.config/pw/code.json', settings('PreToolUse'));
    reply = '{"ok": false, "reason": "rm -rf is not safe"}';
    const h = await openHost(env);
    const { answer } = await h.fire('pw', 'PreToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf /' },
    });
    expect(answer).toMatchObject({
      decision: 'block',
      reason: 'rm -rf is not safe',
      dispatches: [{ outcome: 'blocked' }],
    });
    expect(seen[0]!.key).toBe('sk-test-secret');
    expect(seen[0]!.body.model).toBe('claude-test');
    expect(seen[0]!.body.messages[0]!.content).toContain('"command":"rm -rf /"');
    await h.flush();
    expect(JSON.stringify(h.records)).not.toContain('sk-test-secret');
  });

  test('an "ok" verdict allows', async () => {
    env.write('~/.config/pw/code.json', settings('Stop'));
    reply = 'Sure: {"ok": true}';
    const h = await openHost(env);
    const { answer } = await h.fire('pw', 'Stop', {});
    expect(answer).toMatchObject({ decision: 'allow', dispatches: [{ outcome: 'ok' }] });
  });

  test('garbage fails closed on a guard event and open elsewhere', async () => {
    env.write(
      '~/.config/pw/code.json',
      JSON.stringify({
        hooks: {
          PermissionRequest: [{ hooks: [{ type: 'prompt', prompt: 'ok?' }] }],
          Stop: [{ hooks: [{ type: 'prompt', prompt: 'ok?' }] }],
        },
      }),
    );
    reply = 'I think it is probably fine';
    const h = await openHost(env);
    let { answer } = await h.fire('pw', 'PermissionRequest', { tool_name: 'Bash' });
    expect(answer.decision).toBe('block');
    expect(answer.reason).toContain('fails closed');
    ({ answer } = await h.fire('pw', 'Stop', {}));
    expect(answer).toMatchObject({ decision: 'allow', dispatches: [{ outcome: 'failed' }] });
  });

  test('silence: a guard that times out is a deny', async () => {
    env.write('~/.config/pw/code.json', settings('PreToolUse', 1));
    const h = await openHost(env);
    // The stub never answers: only the hook's timeout ends this call.
    const { answer } = await h.fire('pw', 'PreToolUse', { tool_name: 'Bash' });
    expect(answer).toMatchObject({ decision: 'block', dispatches: [{ outcome: 'blocked' }] });
    expect(answer.reason).toContain('timed out');
  });

  test("the endpoint in Hookpanel's settings wins over the environment; its key stays out of history", async () => {
    const url = env.processEnv.ANTHROPIC_BASE_URL!;
    env.processEnv.ANTHROPIC_BASE_URL = 'http://127.0.0.1:9';
    env.processEnv.ANTHROPIC_API_KEY = 'sk-env-key';
    env.write('~/.config/pw/code.json', settings('PreToolUse'));
    reply = '{"ok": false, "reason": "settings endpoint says no"}';
    const h = await openHost(env);
    await h.host.updateSettings((s) => ({ ...s, model: { baseUrl: url, apiKey: 'sk-settings-secret' } }));
    const { answer } = await h.fire('pw', 'PreToolUse', { tool_name: 'Bash' });
    expect(answer.reason).toBe('settings endpoint says no');
    expect(seen[0]!.key).toBe('sk-settings-secret');
    await h.flush();
    const history = readdirSync(env.path('hp/history'))
      .map((f) => readFileSync(join(env.path('hp/history'), f), 'utf8'))
      .join('');
    expect(history).toContain('settings endpoint says no');
    expect(history).not.toContain('sk-settings-secret');
    expect(statSync(env.path('hp/settings.json')).mode & 0o077).toBe(0);
  });

  test('with no endpoint configured the hook fails saying how to configure one', async () => {
    delete env.processEnv.ANTHROPIC_API_KEY;
    env.write('~/.config/pw/code.json', settings('Stop'));
    const h = await openHost(env);
    const { answer } = await h.fire('pw', 'Stop', {});
    expect(answer.dispatches[0]!.outcome).toBe('failed');
    await h.flush();
    expect(h.records.find((r) => r.type === 'dispatch')).toMatchObject({
      reason: expect.stringContaining('set ANTHROPIC_API_KEY'),
    });
  });
});

describe('agent hooks', () => {
  const lastToolResult = (body: { messages: { role: string; content: unknown }[] }) => {
    const last = body.messages.at(-1)!;
    return Array.isArray(last.content) ? String((last.content[0] as { content: string }).content) : null;
  };

  test('reads the workspace with its tools, then decides', async () => {
    env.write('ws/TESTS.md', 'status: red\n');
    env.write(
      '~/.config/pw/code.json',
      JSON.stringify({
        hooks: { Stop: [{ hooks: [{ type: 'agent', prompt: 'Are the tests green? $ARGUMENTS' }] }] },
      }),
    );
    script = (body) => {
      const result = lastToolResult(body);
      if (result === null) return [{ type: 'tool_use', id: 't1', name: 'list_files', input: { path: '.' } }];
      if (result.includes('TESTS.md') && body.messages.length === 3)
        return [{ type: 'tool_use', id: 't2', name: 'read_file', input: { path: 'TESTS.md' } }];
      return [
        {
          type: 'text',
          text: result.includes('red') ? '{"ok": false, "reason": "TESTS.md says red"}' : '{"ok": true}',
        },
      ];
    };
    const h = await openHost(env);
    const { answer } = await h.fire('pw', 'Stop', {});
    expect(answer).toMatchObject({ decision: 'block', reason: 'TESTS.md says red' });
    expect(seen).toHaveLength(3);
  });

  test('nothing outside the workspace can be read', async () => {
    env.write('secret.txt', 'top secret');
    env.write(
      '~/.config/pw/code.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'agent', prompt: 'check' }] }] } }),
    );
    const results: string[] = [];
    script = (body) => {
      const result = lastToolResult(body);
      if (result === null)
        return [{ type: 'tool_use', id: 't1', name: 'read_file', input: { path: '../secret.txt' } }];
      results.push(result);
      return [{ type: 'text', text: '{"ok": true}' }];
    };
    const h = await openHost(env);
    await h.fire('pw', 'Stop', {});
    expect(results[0]).toContain('outside the workspace');
    expect(results[0]).not.toContain('top secret');
  });

  test('an agent that never decides is bounded in turns, and fails closed as a guard', async () => {
    env.write(
      '~/.config/pw/code.json',
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'agent', prompt: 'check' }] }] } }),
    );
    script = () => [{ type: 'tool_use', id: 't', name: 'list_files', input: { path: '.' } }];
    const h = await openHost(env);
    const { answer } = await h.fire('pw', 'PreToolUse', { tool_name: 'Bash' });
    expect(answer.decision).toBe('block');
    expect(answer.reason).toContain('did not decide within 8 turns');
    expect(seen).toHaveLength(8);
  });
});
