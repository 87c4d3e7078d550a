// Hostile payloads and requests, to `hookpanel emit` and straight to the intake socket: each is
// answered with one line naming the limit it broke (a guard event is blocked, never let through), a
// large valid payload arrives whole, and nothing ends the host or shows a stack trace.
import { request, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { startServe, type RunningHost } from '../helpers/serve.js';
import { crashed } from './process-trials.js';

const MiB = 1024 * 1024;
const deep = (levels: number) => `{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`;
const sized = (bytes: number) => JSON.stringify({ tool_name: 'Bash', tool_response: 'x'.repeat(bytes) });
// Blocks with the size it read, proving a large payload arrived whole.
const SIZE_GUARD = 'n=$(wc -c); echo "read $n bytes" >&2; exit 2';

interface Reply {
  status: number | null;
  headers: IncomingHttpHeaders;
  body: string;
  error: string | null;
}

/** One request over the socket; `send` writes the body however the probe wants. */
function probe(
  socketPath: string,
  path: string,
  headers: Record<string, string | number>,
  send: (req: ReturnType<typeof request>) => void,
): Promise<Reply> {
  return new Promise((resolve) => {
    const req = request({ socketPath, path, method: 'POST', headers }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? null, headers: res.headers, body, error: null }),
      );
    });
    req.on('error', (e) => resolve({ status: null, headers: {}, body: '', error: e.message }));
    send(req);
  });
}

/** Writes `total` bytes of body in 1 MiB chunks, minding back-pressure, stopping once answered. */
function stream(req: ReturnType<typeof request>, total: number): void {
  const chunk = Buffer.alloc(MiB, 0x20);
  let sent = 0;
  let answered = false;
  req.on('response', () => (answered = true));
  const write = () => {
    while (sent < total && !answered) {
      sent += chunk.length;
      if (!req.write(chunk)) return void req.once('drain', write);
    }
    req.end();
  };
  write();
}

describe('hostile payloads', () => {
  let env: TestEnv;
  let serve: RunningHost;
  beforeAll(async () => {
    env = makeEnv();
    env.write(
      '~/.config/pw/code.json',
      JSON.stringify({
        hooks: { PreToolUse: [{ matcher: 'Size', hooks: [{ type: 'command', command: SIZE_GUARD }] }] },
      }),
    );
  });
  afterAll(async () => {
    await serve?.stop('SIGKILL');
    await env?.cleanup();
  });

  const emit = (event: string, input: string) =>
    runCli(['emit', 'pw', event], { env: env.processEnv, cwd: env.workspace, input, timeoutMs: 60_000 });

  const emitProbes = async () => {
    const results = {
      deepGuard: await emit('PreToolUse', deep(10_000)),
      deepOther: await emit('Stop', deep(10_000)),
      hugeGuard: await emit('PreToolUse', sized(40 * MiB)),
      garbageGuard: await emit('PreToolUse', '{"tool_name": garbage'),
      arrayOther: await emit('Stop', '[1, 2]'),
      large: await emit(
        'PreToolUse',
        JSON.stringify({ tool_name: 'Size', tool_response: 'x'.repeat(20 * MiB) }),
      ),
    };
    for (const [probe, r] of Object.entries(results)) {
      expect(crashed(r), probe).toBe(false);
      expect(r.stderr.trimEnd().split('\n'), `${probe}'s stderr: ${r.stderr.slice(0, 2000)}`).toHaveLength(1);
    }
    const { deepGuard, deepOther, hugeGuard, garbageGuard, arrayOther, large } = results;
    // A guard is blocked when its payload is refused; other events go on, with the message.
    expect(deepGuard).toMatchObject({ code: 2, stdout: '' });
    expect(deepGuard.stderr).toBe(
      'hookpanel: the payload nests deeper than the limit of 512 levels; a guard on PreToolUse fails closed\n',
    );
    expect(deepOther).toMatchObject({
      code: 1,
      stderr: 'hookpanel: the payload nests deeper than the limit of 512 levels\n',
    });
    expect(hugeGuard).toMatchObject({ code: 2 });
    expect(hugeGuard.stderr).toContain('the payload is larger than the 32 MiB limit (40 MiB)');
    expect(garbageGuard).toMatchObject({ code: 2 });
    expect(garbageGuard.stderr).toContain('the payload is not JSON (');
    expect(arrayOther).toMatchObject({
      code: 1,
      stderr: 'hookpanel: the payload must be a JSON object, not an array\n',
    });
    // 20 MiB is under the limit: the hook reads all of it.
    expect(large.code).toBe(2);
    expect(Number(/read (\d+) bytes/.exec(large.stderr)?.[1])).toBeGreaterThan(20 * MiB);
  };

  test('to emit with no host', emitProbes, 120_000);

  test('to emit through a host', async () => {
    serve = await startServe(env);
    await emitProbes();
    expect(serve.child.exitCode).toBeNull();
  }, 120_000);

  test('straight to the socket: answered, one line each, and the host lives', async () => {
    serve ??= await startServe(env);
    const json = { 'content-type': 'application/json' };
    const emitPath = (event: string) => `/v1/emit?dialect=pw&event=${event}`;
    const body = (text: string) => (req: ReturnType<typeof request>) => req.end(text);

    const deepEmit = await probe(serve.socket, emitPath('Stop'), json, body(deep(10_000)));
    expect(deepEmit).toMatchObject({ status: 400, error: null });
    expect(JSON.parse(deepEmit.body)).toEqual({
      error: 'the payload nests deeper than the limit of 512 levels',
    });
    // The fast path answers in the protocol: a guard blocked (422 → exit 2), others exit 1 (424).
    const deepGuard = await probe(serve.socket, '/v1/hook/pw/PreToolUse', {}, body(deep(10_000)));
    expect(deepGuard).toMatchObject({ status: 422 });
    expect(deepGuard.body).toContain('a guard on PreToolUse fails closed');
    expect((await probe(serve.socket, '/v1/hook/pw/Stop', {}, body(deep(10_000)))).status).toBe(424);

    const garbage = await probe(serve.socket, emitPath('Stop'), json, body('\u0000\u00ff{{{'));
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body).error).toMatch(/^the payload is not JSON \(/);
    const badPath = await probe(serve.socket, '/v1/hook/pw/%E0%A4%A', {}, body('{}'));
    expect(badPath).toMatchObject({ status: 400 });

    // 100 MB: refused with 413 whether announced, chunked, or asked about first.
    const announced = await probe(serve.socket, emitPath('Stop'), { 'content-length': 100 * MiB }, (req) =>
      stream(req, 100 * MiB),
    );
    expect(announced).toMatchObject({ status: 413, error: null });
    expect(JSON.parse(announced.body).error).toBe('the payload is larger than the 32 MiB limit (100 MiB)');
    const chunked = await probe(serve.socket, emitPath('Stop'), { 'transfer-encoding': 'chunked' }, (req) =>
      stream(req, 100 * MiB),
    );
    expect(chunked).toMatchObject({ status: 413, error: null });
    expect(JSON.parse(chunked.body).error).toBe('the payload is larger than the 32 MiB limit');
    let continued = false;
    const asked = await probe(
      serve.socket,
      emitPath('Stop'),
      { 'content-length': 100 * MiB, expect: '100-continue' },
      (req) => {
        req.on('continue', () => ((continued = true), stream(req, 100 * MiB)));
        req.flushHeaders();
      },
    );
    expect(asked).toMatchObject({ status: 413, error: null });
    expect(continued).toBe(false);

    // Clients that vanish: mid-body, and mid-dispatch.
    await new Promise<void>((resolve) => {
      const req = request({ socketPath: serve.socket, path: emitPath('Stop'), method: 'POST' });
      req.on('error', () => resolve());
      req.write('{"tool_name": "Ba');
      setImmediate(() => (req.destroy(), resolve()));
    });
    await new Promise<void>((resolve) => {
      const req = request({ socketPath: serve.socket, path: emitPath('PreToolUse'), method: 'POST' });
      req.on('error', () => resolve());
      req.end(JSON.stringify({ tool_name: 'Size' }), () => (req.destroy(), resolve()));
    });

    const health = await new Promise<number | null>((resolve) => {
      request(
        { socketPath: serve.socket, path: '/v1/health' },
        (res) => (res.resume(), resolve(res.statusCode ?? null)),
      )
        .on('error', () => resolve(null))
        .end();
    });
    expect(health).toBe(200);
    expect(serve.child.exitCode).toBeNull();
    expect(serve.output()).not.toMatch(/^\s+at /m);
  }, 120_000);
});
