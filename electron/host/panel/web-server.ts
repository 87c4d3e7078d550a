// Browser mode: the same host and panel over loopback. The page and its WebSocket need a random token;
// Host and Origin must be this server's own, so neither another site nor a rebinding DNS name gets in.
// Every check runs before the token is looked at, and no request or message, however malformed, can
// throw out of a handler: the host serves agents' hooks and must outlive any page.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from '../builtins.js';
import type { AddressInfo } from 'node:net';
import { extname, join, relative, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Push } from '../../../shared/ipc.js';
import { handleRequest, type Handlers } from './api.js';
import { capConnections } from '../util/connection-cap.js';
import { normalizeTarget, ownHosts, secretMatches } from './web-request.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** A panel request is a few KiB; anything near this is not the panel. */
export const MAX_WS_MESSAGE_BYTES = 8 * 1024 * 1024;

export interface WebPanel {
  url: string;
  port: number;
  token: string;
  push<P extends Push>(event: P, payload: unknown): void;
  /** Whether a panel is connected: a push now would reach one. */
  listening(): boolean;
  close(): Promise<void>;
}

export async function startWebPanel(
  api: Handlers,
  opts: { rendererDir: string; port?: number; token?: string },
): Promise<WebPanel> {
  const token = opts.token ?? randomBytes(24).toString('hex');
  let port = 0;
  const assets = new AssetList(opts.rendererDir);
  const own = () => ownHosts(port);
  const hostOk = (req: IncomingMessage) => own().hosts.includes(req.headers.host ?? '');
  // A page's own requests may carry our Origin; a foreign page's carry its own, and are refused.
  const originOk = (req: IncomingMessage, required: boolean) =>
    req.headers.origin === undefined ? !required : own().origins.includes(req.headers.origin);

  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    if (!hostOk(req)) return plain(res, 403, 'forbidden host');
    if (!originOk(req, false)) return plain(res, 403, 'forbidden origin');
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return res.writeHead(405, { allow: 'GET, HEAD' }).end();
    const target = normalizeTarget(req.url);
    if (!target.ok) return plain(res, 400, `bad request: ${target.why}`);
    const security = {
      'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src ws://127.0.0.1:${port} ws://localhost:${port}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    };
    if (target.path === '/' || target.path === '/index.html') {
      if (!secretMatches(target.token, token))
        return plain(res, 401, 'Open the panel with the URL `hookpanel serve` printed (it carries a token).');
      const html = await readFile(join(opts.rendererDir, 'index.html'), 'utf8').catch(() => null);
      if (!html) return plain(res, 500, 'The panel is not built: run `npm run build`.');
      return res.writeHead(200, { ...security, 'content-type': TYPES['.html'] }).end(html);
    }
    // Static assets carry no data. Only files listed from the renderer folder are served, by exact
    // name, so no spelling of a path reaches the page or anything outside the folder.
    const file = await assets.find(target.path);
    const body = file ? await readFile(file).catch(() => null) : null;
    if (!body) return plain(res, 404, 'not found');
    res
      .writeHead(200, { ...security, 'content-type': TYPES[extname(file!)] ?? 'application/octet-stream' })
      .end(body);
  };

  const server: Server = createServer((req, res) => {
    serve(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  capConnections(server);
  // A malformed request line or header is answered 400 and its socket closed; never thrown.
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_WS_MESSAGE_BYTES });
  const clients = new Set<WebSocket>();
  const onMessage = (ws: WebSocket, data: RawData) => {
    const reply = (msg: object) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'response', ...msg }), () => {});
    };
    let msg: unknown;
    try {
      msg = JSON.parse(String(data));
    } catch {
      return reply({ id: null, ok: false, error: 'not JSON' });
    }
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg))
      return reply({ id: null, ok: false, error: 'expected a JSON object { id, channel, payload }' });
    const { id, channel, payload } = msg as { id?: unknown; channel?: unknown; payload?: unknown };
    const replyId = typeof id === 'string' || typeof id === 'number' ? id : null;
    handleRequest(api, channel, payload)
      .then((outcome) => reply({ id: replyId, ...outcome }))
      .catch((e: unknown) => reply({ id: replyId, ok: false, error: String((e as Error)?.message ?? e) }));
  };
  const refuse = (socket: Duplex, status: string) => {
    socket.on('error', () => {});
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\n\r\n`);
    else socket.destroy();
  };
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    try {
      socket.on('error', () => {});
      const target = normalizeTarget(req.url);
      // Host and Origin before the token: a foreign page learns nothing from how its token fared.
      if (!hostOk(req) || !originOk(req, true)) return refuse(socket, '403 Forbidden');
      if (!target.ok || target.path !== '/ws') return refuse(socket, '404 Not Found');
      if (!secretMatches(target.token, token)) return refuse(socket, '403 Forbidden');
      wss.handleUpgrade(req, socket, head, (ws) => {
        clients.add(ws);
        ws.on('close', () => clients.delete(ws));
        // A message over the limit or a protocol error closes this socket (ws answers 1009/1002).
        ws.on('error', () => ws.terminate());
        ws.on('message', (data) => {
          try {
            onMessage(ws, data);
          } catch {
            ws.terminate();
          }
        });
      });
    } catch {
      socket.destroy();
    }
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
      for (const c of clients) if (c.readyState === c.OPEN) c.send(text, () => {});
    },
    listening: () => [...clients].some((c) => c.readyState === c.OPEN),
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

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
  res.end(text);
}

/**
 * The files a page may load: everything in the renderer folder but index.html (which needs the token),
 * keyed by URL path. Listed again when a path is missing (a rebuild renames the hashed assets), at most
 * once a second, so a flood of misses cannot turn into a flood of directory reads.
 */
class AssetList {
  private files = new Map<string, string>();
  private listedAt = 0;
  /** The listing under way: requests that arrive meanwhile wait for it rather than miss. */
  private listing: Promise<void> | null = null;

  constructor(private readonly dir: string) {}

  async find(urlPath: string): Promise<string | null> {
    if (!this.files.has(urlPath) && !this.listing && Date.now() - this.listedAt > 1000)
      this.listing = this.list().finally(() => (this.listing = null));
    if (this.listing) await this.listing;
    return this.files.get(urlPath) ?? null;
  }

  private async list(): Promise<void> {
    this.listedAt = Date.now();
    const entries = await readdir(this.dir, { recursive: true, withFileTypes: true }).catch(() => []);
    const next = new Map<string, string>();
    for (const e of entries) {
      if (!e.isFile()) continue;
      const full = join(e.parentPath, e.name);
      const rel = relative(this.dir, full).split(sep).join('/');
      if (rel === 'index.html' || rel.startsWith('..')) continue;
      next.set(`/${rel}`, full);
    }
    this.files = next;
  }
}
