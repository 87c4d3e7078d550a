// The socket half of `hookpanel emit`: one POST to the host's intake socket. What comes back is the
// host's answer, a refusal naming the limit a payload broke, or "no host to answer" — which includes a
// host that died with the event in flight: the caller then runs the event in-process (at least once),
// so a guard never fails open because the host went away.
import { connectSocket } from '../../host/builtins.js';
import type { EmitAnswer } from '../../../shared/answer.js';
import { HOST_SILENCE_MS } from '../../host/intake/protocol.js';
// The answer check generated from the answer's one schema, in the entry with emit (main.vite.config.mts).
import { readAnswer, warmAnswerCheck } from '../answer.js';
import { readHostResponse } from './host-response.js';

export type HostReply =
  | { kind: 'answer'; answer: EmitAnswer }
  | { kind: 'refused'; message: string }
  /**
   * `noHost`: nothing listens (the usual case, nothing to say); else the host failed, and `why` says
   * how; `silent`: it said nothing for HOST_SILENCE_MS (stopped or hung), so it is treated as absent.
   */
  | { kind: 'unavailable'; why: string; noHost: boolean; silent?: boolean };

export function postToHost(socketPath: string, path: string, body: string): Promise<HostReply> {
  return new Promise((resolve) => {
    // The first of the answer, a timeout or an error ends the connection; whatever comes after is moot.
    let settled = false;
    const finish = (): boolean => {
      if (settled) return false;
      settled = true;
      socket.destroy();
      return true;
    };
    const settle = (reply: HostReply) => {
      if (finish()) resolve(reply);
    };
    const unavailable = (why: string, noHost = false): HostReply => ({ kind: 'unavailable', why, noHost });
    // A working host sends a 102 every HEARTBEAT_MS (server.ts); one silent far longer is not working.
    const socket = connectSocket({ path: socketPath, timeout: HOST_SILENCE_MS });
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('timeout', () =>
      settle({ kind: 'unavailable', why: silentHost(), noHost: false, silent: true }),
    );
    // No socket, nobody listening, or the host died with the event in flight (a reset).
    socket.on('error', (e: NodeJS.ErrnoException) =>
      settle(
        unavailable(e.message, e.code === 'ENOENT' || e.code === 'ECONNREFUSED' || e.code === 'ENOTSOCK'),
      ),
    );
    // The host closes the connection after its answer (`Connection: close`): all of it is here.
    socket.on('end', () => {
      if (!finish()) return;
      const response = readHostResponse(Buffer.concat(chunks));
      if (!response.complete) return resolve(unavailable(response.why));
      resolve(readReply(response.status, response.body.toString('utf8')));
    });
    const payload = Buffer.from(body, 'utf8');
    // Written, never ended: Node's server drops a request whose sender half-closes before the answer.
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${payload.length}\r\nConnection: close\r\n\r\n`,
    );
    // Run once while the host works, not before the request: its first run would hold the request back.
    socket.write(payload, () => warmAnswerCheck());
  });
}

export function silentHost(): string {
  return `the host did not answer within ${HOST_SILENCE_MS / 1000} s (stopped or hung)`;
}

function readReply(status: number, text: string): HostReply {
  if (status === 400 || status === 413) {
    const message = parseJson<{ error?: unknown }>(text)?.error;
    return {
      kind: 'refused',
      message: typeof message === 'string' ? message : `the host refused the event (${status})`,
    };
  }
  // A host error or an answer that does not read: the event runs in-process instead.
  if (status !== 200) return { kind: 'unavailable', why: `the host answered ${status}`, noHost: false };
  try {
    return { kind: 'answer', answer: readAnswer(text) };
  } catch (e) {
    return {
      kind: 'unavailable',
      why: `the host answered something unreadable: ${(e as Error).message}`,
      noHost: false,
    };
  }
}

function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
