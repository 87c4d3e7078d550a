// Property-based fuzzing of the intake protocol: generated raw HTTP requests (methods, routes and
// queries right and wrong, headers that lie about the body, chunked bodies, payloads of every JSON shape
// and of random bytes) are written byte by byte to a real host's socket. Each must be answered (or its
// connection closed) within a bound, with one status line and no stack trace, and the host must go on
// answering its health check. Seeded (fuzzSeed: a fresh seed on CI, printed), so a failure is
// reproducible; fast-check shrinks it.
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { startServe, type RunningHost } from '../helpers/serve.js';
import { anything, deep, fuzzScale, fuzzSeed, oddString } from './fuzz-kit.js';

const SCALE = fuzzScale();
const RUNS = 60 * SCALE;
const SEED = fuzzSeed('test/reliability/intake-fuzz.test.ts');
const ANSWER_MS = 15_000;

let env: TestEnv;
let serve: RunningHost;
beforeAll(async () => {
  env = makeEnv();
  serve = await startServe(env);
}, 60_000);
afterAll(async () => {
  await serve?.stop('SIGKILL');
  await env?.cleanup();
});

/** Writes raw bytes to the socket, half-closes, and reads what comes back until the host closes or the bound. */
function exchange(bytes: Buffer): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(serve.socket);
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString('latin1'), closed });
    };
    const timer = setTimeout(() => done(false), ANSWER_MS);
    socket.on('data', (d) => {
      chunks.push(d);
      // One response is all a probe needs: a complete one ends the exchange.
      const text = Buffer.concat(chunks).toString('latin1');
      const head = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(text.slice(0, head));
      if (head >= 0 && length && text.length - head - 4 >= Number(length[1])) done(true);
    });
    socket.on('error', () => done(true));
    socket.on('close', () => done(true));
    socket.end(bytes);
  });
}

const dialect = fc.constantFrom('pw', 'claude', 'chrys', 'io', 'arya', 'codex', 'gemini', 'nope', '');
const event = fc.oneof(fc.constantFrom('Stop', 'PreToolUse', 'before_tool', 'turn/stopping'), oddString);
/**
 * A string percent-encoded as a client sends it: as its UTF-8 bytes, where a lone surrogate is U+FFFD
 * (encodeURIComponent throws on one: HOOKPANEL_FUZZ_SEED=263953984).
 */
const encode = (s: string) => encodeURIComponent(Buffer.from(s).toString());
const path = fc.oneof(
  fc.tuple(dialect, event).map(([d, e]) => `/v1/emit?dialect=${encode(d)}&event=${encode(e)}`),
  fc.tuple(dialect, event).map(([d, e]) => `/v1/hook/${encode(d)}/${encode(e)}`),
  fc.constantFrom('/v1/health', '/v1/requests', '/v1/requests/x/answer', '/', '*', '/v1/emit', '/v1/hook//'),
  oddString.map((s) => `/${encode(s)}`),
  oddString.map((s) => `/v1/hook/pw/${s}`), // raw, unencoded
);
const body = fc.oneof(
  anything.map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
  deep.map((v) => Buffer.from(JSON.stringify({ a: v }))),
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
  fc.constant(Buffer.from('{"tool_name":"Bash","tool_input":{"command":"ls"}}')),
);
const request = fc
  .record({
    method: fc.constantFrom('POST', 'POST', 'GET', 'PUT', 'HEAD', 'DELETE', 'P\u00d6ST', 'CONNECT'),
    path,
    version: fc.constantFrom('HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/9.9', ''),
    body,
    framing: fc.constantFrom('length', 'length', 'short', 'long', 'none', 'chunked', 'both'),
    extra: fc.array(
      fc.tuple(
        fc.constantFrom('x-hookpanel-cwd', 'x-hookpanel-dispatch', 'expect', 'content-type', 'x-odd'),
        fc.oneof(oddString, fc.constantFrom('100-continue', '/tmp', '..', 'application/json')),
      ),
      { maxLength: 3 },
    ),
  })
  .map(({ method, path, version, body, framing, extra }) => {
    const lines = [`${method} ${path} ${version}`.trimEnd(), 'Host: hookpanel'];
    if (framing === 'length' || framing === 'both') lines.push(`Content-Length: ${body.length}`);
    if (framing === 'short') lines.push(`Content-Length: ${Math.max(0, body.length - 3)}`);
    if (framing === 'long') lines.push(`Content-Length: ${body.length + 10}`);
    if (framing === 'chunked' || framing === 'both') lines.push('Transfer-Encoding: chunked');
    // Header values as bytes: a value the parser refuses is part of what is fuzzed.
    for (const [name, value] of extra) lines.push(`${name}: ${value.replace(/[\r\n]/g, ' ')}`);
    const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8');
    const payload =
      framing === 'chunked' || framing === 'both'
        ? Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')])
        : body;
    return Buffer.concat([head, payload]);
  });

async function healthy(): Promise<boolean> {
  const r = await exchange(Buffer.from('GET /v1/health HTTP/1.1\r\nHost: hookpanel\r\n\r\n'));
  return /^HTTP\/1\.1 200 /.test(r.text);
}

test(
  'every request is answered or closed in time, with no stack trace, and the host lives on',
  { timeout: 600_000 * SCALE },
  async () => {
    await fc.assert(
      fc.asyncProperty(request, async (bytes) => {
        const r = await exchange(bytes);
        const why = `request: ${JSON.stringify(bytes.toString('latin1').slice(0, 400))}\nreply: ${JSON.stringify(r.text.slice(0, 400))}`;
        // Answered, or closed by the host, within the bound: never left hanging.
        expect(r.closed, why).toBe(true);
        // What came back is HTTP with a status, or nothing (the connection closed on a request it could not parse).
        if (r.text) expect(r.text, why).toMatch(/^HTTP\/1\.[01] \d{3} /);
        expect(r.text, why).not.toMatch(/\n\s+at .+:\d+:\d+/);
        expect(await healthy(), why).toBe(true);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(serve.child.exitCode).toBe(null);
    expect(serve.output()).not.toMatch(/\n\s+at .+:\d+:\d+/);
  },
);
