// The local endpoint agents reach through `hookpanel emit` and the curl fast path: HTTP over a Unix
// domain socket in an owner-only folder of Hookpanel's home (a named pipe on Windows).
import { chmod, mkdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import { checkEmitAnswer } from '../../../shared/answer.js';
import { DialectSchema } from '../../../shared/model.js';
import type { HookHost } from '../service.js';
import {
  CWD_HEADER,
  EMIT_PATH,
  EXIT_STATUS,
  HEALTH_PATH,
  HOOK_PATH,
  MAX_PAYLOAD_BYTES,
  PARENT_HEADER,
} from './protocol.js';

export async function listenIntake(host: HookHost, socketPath = host.paths.socket): Promise<Server> {
  if (process.platform !== 'win32') {
    await mkdir(dirname(socketPath), { recursive: true, mode: 0o700 });
    await chmod(dirname(socketPath), 0o700);
    await rm(socketPath, { force: true });
  }
  const server = createServer((req, res) => {
    handle(host, req, res).catch((e: Error) => reply(res, 500, { error: e.message }));
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Created owner-only: no window in which another user could connect.
    const old = process.umask(0o177);
    server.listen(socketPath, () => {
      process.umask(old);
      resolve();
    });
  });
  if (process.platform !== 'win32') await chmod(socketPath, 0o600);
  return server;
}

async function handle(host: HookHost, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://hookpanel');
  if (req.method === 'GET' && url.pathname === HEALTH_PATH)
    return reply(res, 200, { ok: true, pid: process.pid });
  if (req.method !== 'POST') return reply(res, 405, { error: 'POST only' });
  let dialect: string | undefined;
  let event: string | undefined;
  const fast = url.pathname.startsWith(`${HOOK_PATH}/`);
  if (url.pathname === EMIT_PATH) {
    dialect = url.searchParams.get('dialect') ?? undefined;
    event = url.searchParams.get('event') ?? undefined;
  } else if (fast) {
    [dialect, event] = url.pathname
      .slice(HOOK_PATH.length + 1)
      .split('/')
      .map(decodeURIComponent);
  } else {
    return reply(res, 404, { error: `no route ${url.pathname}` });
  }
  const parsedDialect = DialectSchema.safeParse(dialect);
  if (!parsedDialect.success || !event)
    return fail(400, `expected a dialect (${DialectSchema.options.join(', ')}) and an event`);
  const body = await readBody(req);
  if (body === null) return fail(413, `payload larger than ${MAX_PAYLOAD_BYTES} bytes`);
  let payload: unknown = {};
  if (body.trim()) {
    try {
      payload = JSON.parse(body);
    } catch (e) {
      return fail(400, `payload is not JSON: ${(e as Error).message}`);
    }
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return fail(400, 'payload must be a JSON object');
  const header = (name: string) =>
    typeof req.headers[name] === 'string' ? (req.headers[name] as string) : null;
  const { answer } = await host.dispatch({
    dialect: parsedDialect.data,
    event,
    payload: payload as Record<string, unknown>,
    project: url.searchParams.get('project'),
    callerCwd: url.searchParams.get('cwd') ?? header(CWD_HEADER) ?? host.host.home,
    parentDispatch: url.searchParams.get('parent') ?? header(PARENT_HEADER),
  });
  // What leaves the host is what `hookpanel emit` checks it against: the one schema of the answer.
  checkEmitAnswer(answer);
  if (!fast) return reply(res, 200, answer);
  const { exitCode, stdout, stderr } = answer.protocol;
  res.writeHead(EXIT_STATUS[exitCode] ?? 424, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(exitCode === 0 ? stdout : stderr);

  function fail(status: number, error: string): void {
    if (!fast) return reply(res, status, { error });
    // The fast path fails open, as a broken notification hook should.
    res.writeHead(424, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`hookpanel: ${error}\n`);
  }
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_PAYLOAD_BYTES) {
        resolve(null);
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
