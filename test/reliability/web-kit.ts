// Hostile requests for browser mode, shared by the web probes (test/reliability) and their longer run
// (test/bench/reliability-web.ts). Raw sockets, so every byte reaches the server as written.
import { connect } from 'node:net';
import WebSocket from 'ws';

export interface RawResponse {
  /** null when the server closed the connection without a status line. */
  status: number | null;
  body: string;
}

/** Sends one raw HTTP/1.1 request and reads until the server closes the connection. */
export function rawRequest(port: number, head: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'ECONNRESET' ? null : reject(e)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      const split = text.indexOf('\r\n\r\n');
      resolve({ status: m ? Number(m[1]) : null, body: split === -1 ? '' : text.slice(split + 4) });
    });
    // Written, not ended: a half-closed client loses answers the server is still preparing. Every
    // request says `connection: close`; a server that never answers is given up on after 10 s.
    socket.setTimeout(10_000, () => socket.destroy());
    socket.write(head);
  });
}

export function get(
  port: number,
  target: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawResponse> {
  const all = { host: `127.0.0.1:${port}`, connection: 'close', ...headers };
  const lines = Object.entries(all).map(([k, v]) => `${k}: ${v}`);
  return rawRequest(port, `${method} ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
}

/** The token's length in characters but not in bytes: what made timingSafeEqual throw. */
export const multibyteToken = (token: string) => 'é'.repeat(token.length);

/** Spellings of the panel page a server that routes before it normalises might serve without a token. */
export const PAGE_SPELLINGS = [
  '/',
  '/index.html',
  '/%69ndex.html',
  '/%69%6e%64%65%78%2e%68%74%6d%6c',
  '/%2569ndex.html',
  '/./index.html',
  '//index.html',
  '///index.html',
  '/.//index.html',
  '/assets/../index.html',
  '/assets/%2e%2e/index.html',
  '/assets%2f..%2findex.html',
  '/%2e/index.html',
  '/%2E/index.html',
  '/\\index.html',
  '/%5cindex.html',
  '/index.html%00',
  '/index.html%00.js',
  '/index.html;',
  '/index.html;.js',
  '/index.html/',
  '/index.html/.',
  '/index.html%20',
  '/index.html.',
  '/INDEX.HTML',
  '/Index.html',
  '/index.htm%6c',
  '/%c0%afindex.html',
  '/%c0%2eindex.html',
  '/%e0%80%afindex.html',
  '/%ef%bc%8findex.html',
  '/index.html?',
  '/index.html?token',
  '/index.html?token=',
  '/index.html?tok%65n=x',
  '/index.html#?token=x',
  '/?token=wrong',
  '/?token[]=x',
];

/** Paths that try to leave the renderer folder for `secret.txt` beside it. */
export const TRAVERSALS = [
  '/../secret.txt',
  '/../../secret.txt',
  '/%2e%2e/secret.txt',
  '/%2e%2e%2fsecret.txt',
  '/..%2fsecret.txt',
  '/..%5csecret.txt',
  '/..\\secret.txt',
  '/%252e%252e/secret.txt',
  '/%252e%252e%252fsecret.txt',
  '/%c0%ae%c0%ae/secret.txt',
  '/%c0%ae%c0%ae%c0%afsecret.txt',
  '/%e0%80%ae%e0%80%ae/secret.txt',
  '/.%2e/secret.txt',
  '/%2e./secret.txt',
  '/....//secret.txt',
  '/..;/secret.txt',
  '/assets/../../secret.txt',
  '/assets/%2e%2e/%2e%2e/secret.txt',
  '//../secret.txt',
  '/%00/../secret.txt',
  '/..%00/secret.txt',
  '/..%u2216secret.txt',
  '/%uff0e%uff0e/secret.txt',
  '/．．/secret.txt',
];

export function wsConnect(url: string, origin?: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin, maxPayload: 64 * 1024 * 1024 });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}

/** Sends one frame and waits for the one answer (or the close, as `{ closed: code }`). */
export function ask(ws: WebSocket, frame: string | Buffer): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const onMessage = (d: WebSocket.RawData) => done(JSON.parse(String(d)) as Record<string, unknown>);
    const onClose = (code: number) => done({ closed: code });
    const done = (v: Record<string, unknown>) => {
      ws.off('message', onMessage);
      ws.off('close', onClose);
      resolve(v);
    };
    ws.on('message', onMessage);
    ws.on('close', onClose);
    ws.send(frame);
  });
}
