// Browser mode: the same host and panel over loopback. The page and its WebSocket need a random token;
// Host and Origin must be this server's own, so neither another site nor a rebinding DNS name gets in.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Push } from '../../../shared/ipc.js';
import { handleRequest, type Handlers } from './api.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export interface WebPanel {
  url: string;
  port: number;
  token: string;
  push<P extends Push>(event: P, payload: unknown): void;
  close(): Promise<void>;
}

export async function startWebPanel(
  api: Handlers,
  opts: { rendererDir: string; port?: number; token?: string },
): Promise<WebPanel> {
  const token = opts.token ?? randomBytes(24).toString('hex');
  let port = 0;
  const origins = () => [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  const hostOk = (req: IncomingMessage) =>
    req.headers.host === `127.0.0.1:${port}` || req.headers.host === `localhost:${port}`;
  const tokenOk = (given: string | null) =>
    given !== null &&
    given.length === token.length &&
    timingSafeEqual(Buffer.from(given), Buffer.from(token));

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (!hostOk(req)) return res.writeHead(403).end('forbidden host');
      if (req.method !== 'GET') return res.writeHead(405).end();
      const security = {
        'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src ws://127.0.0.1:${port} ws://localhost:${port}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
      };
      if (url.pathname === '/' || url.pathname === '/index.html') {
        if (!tokenOk(url.searchParams.get('token')))
          return res
            .writeHead(401, { 'content-type': 'text/plain' })
            .end('Open the panel with the URL `hookpanel serve` printed (it carries a token).');
        const html = await readFile(join(opts.rendererDir, 'index.html'), 'utf8').catch(() => null);
        if (!html)
          return res
            .writeHead(500, { 'content-type': 'text/plain' })
            .end('The panel is not built: run `npm run build`.');
        return res.writeHead(200, { ...security, 'content-type': TYPES['.html'] }).end(html);
      }
      // Static assets carry no data; anything outside the renderer folder is refused.
      const file = normalize(join(opts.rendererDir, decodeURIComponent(url.pathname)));
      if (!file.startsWith(opts.rendererDir + sep)) return res.writeHead(403).end();
      const body = await readFile(file).catch(() => null);
      if (!body) return res.writeHead(404).end();
      res
        .writeHead(200, { ...security, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
        .end(body);
    })().catch(() => res.writeHead(500).end());
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 8 * 1024 * 1024 });
  const clients = new Set<WebSocket>();
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const origin = req.headers.origin;
    if (
      url.pathname !== '/ws' ||
      !hostOk(req) ||
      !tokenOk(url.searchParams.get('token')) ||
      !origin ||
      !origins().includes(origin)
    ) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      clients.add(ws);
      ws.on('close', () => clients.delete(ws));
      ws.on('message', (data) => {
        let msg: { id?: unknown; channel?: unknown; payload?: unknown };
        try {
          msg = JSON.parse(String(data));
        } catch {
          return ws.send(JSON.stringify({ type: 'response', id: null, ok: false, error: 'not JSON' }));
        }
        void handleRequest(api, msg.channel, msg.payload).then((outcome) =>
          ws.send(JSON.stringify({ type: 'response', id: msg.id ?? null, ...outcome })),
        );
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    // Pushes come checked from the panel session (session.ts), the one place every push passes.
    push(event, payload) {
      const text = JSON.stringify({ type: 'push', event, payload });
      for (const c of clients) c.send(text);
    },
    close: () =>
      new Promise((resolve) => {
        for (const c of clients) c.terminate();
        wss.close();
        server.close(() => resolve());
        // Browsers keep idle connections open; they must not hold the shutdown.
        server.closeAllConnections();
      }),
  };
}
