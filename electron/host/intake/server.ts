// The local endpoint agents reach through `hookpanel emit` and the curl fast path: HTTP over a Unix
// domain socket in an owner-only folder of Hookpanel's home (a named pipe on Windows). No request can
// end the host: every failure is answered with one line, and a payload past a limit (payload.ts) is
// refused before its body is read, so that the client reads the refusal instead of a reset.
import { chmod, mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from '../builtins.js';
import { dirname } from 'node:path';
import { checkEmitAnswer } from '../../../shared/answer.js';
import { DialectSchema } from '../../../shared/value-schemas.js';
import type { Dialect } from '../../../shared/model.js';
import type { HookHost } from '../service.js';
import { MAX_PAYLOAD_BYTES, oneLine, parsePayload, tooLarge, type PayloadCheck } from './payload.js';
import {
  CWD_HEADER,
  CWD_HEX_HEADER,
  EMIT_PATH,
  EXIT_STATUS,
  HEALTH_PATH,
  HEARTBEAT_MS,
  HOOK_PATH,
  PARENT_HEADER,
  STREAMED_STATUS,
} from './protocol.js';
import { handleRequests, REQUESTS_PATH } from './requests.js';
import { failureAnswer } from './refusal.js';
import { inBackground } from '../background.js';
import { capConnections } from '../util/connection-cap.js';
import { phaseEnded } from '../util/phase-trace.js';
import { MACHINE_HEARTBEAT_MS, machineAdmits, type MachineGate } from '../remote/gate.js';
import { KEPT_PAYLOAD_HEADER, KeptPayloads, removeOnceAnswered } from './kept-payloads.js';

export async function listenIntake(
  host: HookHost,
  socketPath = host.paths.socket,
  machine?: MachineGate,
): Promise<Server> {
  if (process.platform !== 'win32') {
    await mkdir(dirname(socketPath), { recursive: true, mode: 0o700 });
    await chmod(dirname(socketPath), 0o700);
    await rm(socketPath, { force: true });
  }
  // The fast path keeps its payloads beside this computer's socket; a machine's agents keep their own.
  const copies = process.platform === 'win32' || machine ? null : KeptPayloads.besideSocket(socketPath);
  await copies?.start();
  const at: Intake = { host, machine, copies };
  const server = createServer((req, res) => inBackground(respond(at, req, res), 'intake'));
  // curl asks before sending a large body: a body past the limit is refused before it is sent.
  server.on('checkContinue', (req, res) => {
    if (declaredLength(req) > MAX_PAYLOAD_BYTES) return inBackground(respond(at, req, res), 'intake');
    res.writeContinue();
    inBackground(respond(at, req, res), 'intake');
  });
  server.keepAliveTimeout = 5000;
  capConnections(server);
  server.once('close', () => copies?.stop());
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e) => {
      copies?.stop();
      reject(e);
    });
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

/** What a socket serves: the host, the machine it is for (none: this computer), the fast path's copies. */
interface Intake {
  host: HookHost;
  machine: MachineGate | undefined;
  copies: KeptPayloads | null;
}

/** Handles one request; whatever goes wrong is answered, never thrown. */
async function respond(at: Intake, req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.on('error', () => {}); // the client went away: nothing to answer
  req.on('error', () => {});
  try {
    // A machine's socket (remote/) takes its events only, with its token: never the requests of others.
    const refused = at.machine ? machineAdmits(at.machine, req) : null;
    if (refused) return reply(res, refused.status, { error: refused.message });
    await handle(at, req, res);
  } catch (e) {
    // A streamed answer cannot become a 500: cut short, it makes the client run the event itself.
    if (res.headersSent && !res.writableEnded) return void res.destroy();
    reply(res, 500, { error: `hookpanel: ${oneLine((e as Error)?.message ?? String(e))}` });
  }
}

interface Route {
  dialect: Dialect;
  event: string;
  /** The curl fast path: the answer is the protocol itself (status + body). */
  fast: boolean;
}

async function handle(
  { host, machine, copies }: Intake,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  phaseEnded('arrived');
  const url = new URL(req.url ?? '/', 'http://hookpanel');
  if (req.method === 'GET' && url.pathname === HEALTH_PATH)
    return reply(res, 200, { ok: true, pid: process.pid });
  if (url.pathname.startsWith(REQUESTS_PATH)) return handleRequests(host, req, res, url, reply);
  if (req.method !== 'POST') return reply(res, 405, { error: 'POST only' });
  const route = routeOf(url);
  if (route === null) return reply(res, 404, { error: `no route ${url.pathname}` });
  if (typeof route === 'string') return reply(res, 400, { error: route });
  const header = (name: string) =>
    typeof req.headers[name] === 'string' ? (req.headers[name] as string) : null;
  // The fast path's copy of this payload, removed once the protocol's answer is written (not on an
  // error status: then the script runs the event from it).
  const kept = route.fast && copies ? copies.claim(res, header(KEPT_PAYLOAD_HEADER)) : null;
  const checked =
    declaredLength(req) > MAX_PAYLOAD_BYTES ? tooLarge(declaredLength(req)) : await readPayload(req);
  if (!checked.ok) return refuse(res, route, checked, kept);
  // A permission request held for a person is dropped when the agent stops waiting for the answer.
  // The signal is made only when a held request asks for it (an AbortSignal costs every event).
  let gone: AbortController | null = null;
  res.on('close', () => {
    if (!res.writableFinished) (gone ??= new AbortController()).abort();
  });
  const callerGone = () => (gone ??= new AbortController()).signal;
  // The client hears from a host that is working (hooks running, a request held for a person), so
  // that it can tell it from one that is stopped or hung.
  const beat = heartbeat(res, route.fast, machine ? MACHINE_HEARTBEAT_MS : HEARTBEAT_MS);
  try {
    const { answer, background } = await host.dispatch(
      {
        dialect: route.dialect,
        event: route.event,
        payload: checked.payload,
        project: url.searchParams.get('project'),
        callerCwd:
          url.searchParams.get('cwd') ??
          hexPath(header(CWD_HEX_HEADER)) ??
          header(CWD_HEADER) ??
          host.host.home,
        parentDispatch: url.searchParams.get('parent') ?? header(PARENT_HEADER),
        ...(machine ? { machine: machine.name } : {}),
      },
      { callerGone },
    );
    // Background hooks record their own failures; one that throws must not take the host down.
    background.catch(() => {});
    // What leaves the host is what `hookpanel emit` checks it against: the one schema of the answer.
    checkEmitAnswer(answer);
    beat.stop();
    if (!route.fast) return void (reply(res, 200, answer), phaseEnded('answer'));
    const { exitCode, stdout, stderr } = answer.protocol;
    speak(res, exitCode, exitCode === 0 ? stdout : stderr, kept);
    phaseEnded('answer');
  } finally {
    beat.stop();
  }
}

/**
 * Every `everyMs` until stopped (HEARTBEAT_MS; on a machine's socket, MACHINE_HEARTBEAT_MS): a 102 on
 * /v1/emit; on the fast path, whose status is the exit code, the first beat commits to a streamed
 * answer (202, then a dot a beat; speak() ends it).
 */
function heartbeat(res: ServerResponse, fast: boolean, everyMs: number): { stop(): void } {
  const timer = setInterval(() => {
    if (res.writableEnded || res.destroyed) return clearInterval(timer);
    if (!fast) return res.writeProcessing();
    if (!res.headersSent) res.writeHead(STREAMED_STATUS, { 'content-type': 'text/plain; charset=utf-8' });
    // Several bytes a beat: curl's low-speed limit (1 byte/s) must never be near.
    res.write('........');
  }, everyMs);
  return { stop: () => clearInterval(timer) };
}

/** A path sent as the hex of its bytes, or null when none (or not hex) was sent. */
function hexPath(hex: string | null): string | null {
  if (!hex || hex.length % 2 || !/^[0-9a-fA-F]+$/.test(hex)) return null;
  return Buffer.from(hex, 'hex').toString('utf8');
}

/** The dialects a path may name: a set's lookup, not a schema's parse, on every event's path. */
const DIALECTS: ReadonlySet<string> = new Set(DialectSchema.options);

/** The dialect and event a path names, an error message for a bad one, or null for no route. */
function routeOf(url: URL): Route | string | null {
  let dialect: string | undefined;
  let event: string | undefined;
  const fast = url.pathname.startsWith(`${HOOK_PATH}/`);
  if (url.pathname === EMIT_PATH) {
    dialect = url.searchParams.get('dialect') ?? undefined;
    event = url.searchParams.get('event') ?? undefined;
  } else if (fast) {
    try {
      [dialect, event] = url.pathname
        .slice(HOOK_PATH.length + 1)
        .split('/')
        .map(decodeURIComponent);
    } catch {
      return 'the path is not valid percent-encoding';
    }
  } else {
    return null;
  }
  if (!dialect || !DIALECTS.has(dialect) || !event)
    return `expected a dialect (${DialectSchema.options.join(', ')}) and an event`;
  return { dialect: dialect as Dialect, event, fast };
}

/**
 * A refused payload: 413 or 400 with the message on /v1/emit; on the fast path, the protocol answer
 * `hookpanel emit` would give (a guard event is blocked, others go on with the message).
 */
async function refuse(
  res: ServerResponse,
  route: Route,
  refusal: PayloadCheck & { ok: false },
  kept: string | null,
): Promise<void> {
  drainAfterRefusal(res.req, res);
  if (!route.fast) return reply(res, refusal.status, { error: refusal.message });
  const { protocol } = await failureAnswer(route.dialect, route.event, refusal.message);
  speak(res, protocol.exitCode, protocol.exitCode === 0 ? protocol.stdout : protocol.stderr, kept);
}

/** The body as a checked payload; past the limit, the rest is not kept (see drainAfterRefusal). */
function readPayload(req: IncomingMessage): Promise<PayloadCheck> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size <= MAX_PAYLOAD_BYTES) return void chunks.push(c);
      req.off('data', onData);
      resolve(tooLarge(null));
    };
    req.on('data', onData);
    req.on('end', () => {
      phaseEnded('read');
      const parsed = parsePayload(Buffer.concat(chunks).toString('utf8'));
      phaseEnded('parse');
      resolve(parsed);
    });
    req.on('error', reject);
  });
}

function declaredLength(req: IncomingMessage): number {
  const n = Number(req.headers['content-length']);
  return Number.isFinite(n) ? n : 0;
}

/**
 * After a refusal the rest of the body is read and dropped, so a client still sending reads the
 * answer instead of a reset (closing at once would make its next write fail). A client that asked
 * first (Expect: 100-continue) sends nothing more: its connection just closes. One that sends far
 * past any announced size is cut off.
 */
function drainAfterRefusal(req: IncomingMessage, res: ServerResponse): void {
  if (/100-continue/i.test(String(req.headers.expect ?? ''))) {
    res.setHeader('connection', 'close');
    return;
  }
  let dropped = 0;
  req.on('data', (c: Buffer) => {
    dropped += c.length;
    if (dropped > 4 * MAX_PAYLOAD_BYTES) req.socket.destroy();
  });
  req.resume();
}

/** The protocol's answer on the fast path; `kept` (its payload's copy) is removed once it is written. */
function speak(res: ServerResponse, exitCode: number, body: string, kept: string | null): void {
  if (res.writableEnded || res.destroyed) return;
  removeOnceAnswered(res, kept);
  // A streamed answer (the heartbeat began it) ends with its exit code, then the text.
  if (res.headersSent) return void res.end(`:${EXIT_STATUS[exitCode] ? exitCode : 1}:${body}`);
  res.writeHead(EXIT_STATUS[exitCode] ?? 424, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(body);
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
