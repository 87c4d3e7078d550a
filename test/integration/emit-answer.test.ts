// The emit answer has one schema (shared/answer.ts), checked where the host sends it and where
// `hookpanel emit` reads it (with the validator generated from it, test/unit/answer-check.test.ts).
import { mkdirSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { checkEmitAnswer, type EmitAnswer } from '../../shared/answer.js';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

const VALID: EmitAnswer = {
  eventId: 'e1',
  decision: 'block',
  reason: 'no',
  context: null,
  updatedInput: { command: 'ls' },
  permissionDecision: null,
  dispatches: [
    {
      rule: 'r',
      source: '/s.json',
      outcome: 'blocked',
      exitCode: 2,
      signal: null,
      timedOut: false,
      durationMs: 3,
      skipReason: null,
    },
  ],
  protocol: { exitCode: 2, stdout: '', stderr: 'no\n' },
};

describe('the answer schema', () => {
  test('a whole answer passes, with or without rewritten input', () => {
    expect(checkEmitAnswer(VALID)).toEqual(VALID);
    const { updatedInput: _drop, ...without } = VALID;
    expect(checkEmitAnswer(without)).toEqual(without);
  });

  test('a wrong answer is refused naming every key that is wrong', () => {
    expect(() =>
      checkEmitAnswer({ ...VALID, decision: 'maybe', protocol: { exitCode: '2', stdout: '', stderr: '' } }),
    ).toThrow(
      'decision: Invalid option: expected one of "allow"|"block"|"cancel"; protocol.exitCode: Invalid input: expected number, received string',
    );
    expect(() =>
      checkEmitAnswer({ ...VALID, dispatches: [{ ...VALID.dispatches[0], outcome: 'fine' }] }),
    ).toThrow('dispatches.0.outcome: Invalid option');
    expect(() => checkEmitAnswer(null)).toThrow(
      '(the answer): Invalid input: expected object, received null',
    );
  });
});

describe('hookpanel emit reads the host answer against it', () => {
  let env: TestEnv;
  let server: Server | null = null;
  afterEach(async () => {
    await new Promise((r) => (server ? server.close(r) : r(null)));
    server = null;
    await env?.cleanup();
  });

  /** A stand-in host on the intake socket that answers every event with `body`. */
  function fakeHost(body: unknown): Promise<void> {
    return rawHost((res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
    );
  }

  /** A stand-in host on the intake socket that answers every event as `write` writes it. */
  async function rawHost(write: (res: ServerResponse) => void): Promise<void> {
    const socket = join(env.hookpanelHome, 'run', 'host.sock');
    mkdirSync(join(env.hookpanelHome, 'run'), { recursive: true, mode: 0o700 });
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => write(res));
    });
    await new Promise<void>((r) => server!.listen(socket, r));
  }

  test('heartbeats first, then an answer in chunks: read whole, as the host sent it', async () => {
    env = makeEnv();
    await rawHost((res) => {
      // What a host working on a slow hook sends (server.ts): 102s, then the answer.
      res.writeProcessing();
      res.writeProcessing();
      res.writeHead(200, { 'content-type': 'application/json' });
      const text = JSON.stringify(VALID);
      res.write(text.slice(0, 7));
      setTimeout(() => res.end(text.slice(7)), 50);
    });
    const r = await runCli(['emit', 'claude', 'PreToolUse', '--json'], { env: env.processEnv, input: '{}' });
    expect(r.code, r.stderr).toBe(0);
    const { protocol: _protocol, ...shown } = VALID;
    expect(JSON.parse(r.stdout)).toEqual(shown);
    expect(r.stderr).toBe('');
  });

  test('a host that closes mid-answer is not taken at its word: the event runs here, and --json says why', async () => {
    env = makeEnv();
    await rawHost((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write(JSON.stringify(VALID).slice(0, 40));
      setTimeout(() => res.socket?.destroy(), 50);
    });
    const r = await runCli(['emit', 'claude', 'PreToolUse', '--json'], { env: env.processEnv, input: '{}' });
    expect(JSON.parse(r.stdout)).toMatchObject({ decision: 'allow', dispatches: [] });
    expect(r.stderr).toContain('the host closed the connection mid-answer; ran the event here instead');
  });

  test('a well-formed answer is spoken in the harness protocol', async () => {
    env = makeEnv();
    await fakeHost(VALID);
    const r = await runCli(['emit', 'claude', 'PreToolUse'], { env: env.processEnv, input: '{}' });
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: 'no\n' });
  });

  test('a malformed answer is never taken as a decision: the event runs here, and --json says why', async () => {
    env = makeEnv();
    await fakeHost({ ...VALID, decision: 'block', protocol: { exitCode: 2 } });
    const r = await runCli(['emit', 'claude', 'PreToolUse'], { env: env.processEnv, input: '{}' });
    // No rule matches in-process, so the event is allowed: the fake host's block was not taken, and
    // stderr (the block reason in Claude Code's protocol) carries nothing else.
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const json = await runCli(['emit', 'claude', 'PreToolUse', '--json'], {
      env: env.processEnv,
      input: '{}',
    });
    expect(JSON.parse(json.stdout)).toMatchObject({ decision: 'allow' });
    expect(json.stderr).toContain(
      "the host answered something unreadable: protocol: must have required property 'stdout'; protocol: must have required property 'stderr'; ran the event here instead",
    );
  });
});
