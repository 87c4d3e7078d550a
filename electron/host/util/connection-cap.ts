// One client may not hold every file descriptor the host has: connections past a cap per client are
// answered at once with a plain 503 saying why, and closed. A TCP client is its remote address; the
// peers of a Unix socket cannot be told apart from Node (no SO_PEERCRED), and are all this user (the
// socket is owner-only), so they share one cap.
import type { Server } from 'node:net';

/** Connections one client (a remote address; every peer of a Unix socket) may hold open at once. */
export const MAX_CONNECTIONS_PER_CLIENT = 256;

export function capConnections(server: Server, max = MAX_CONNECTIONS_PER_CLIENT): void {
  const open = new Map<string, number>();
  // First, before the HTTP server reads anything from the socket.
  server.prependListener('connection', (socket) => {
    const client = socket.remoteAddress ?? 'local';
    const held = open.get(client) ?? 0;
    if (held >= max) {
      const text = `hookpanel: this client already holds ${max} connections to the host, the most one may; close some and try again\n`;
      socket.on('error', () => {});
      socket.end(
        `HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
      );
      socket.destroySoon();
      return;
    }
    open.set(client, held + 1);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left) open.set(client, left);
      else open.delete(client);
    });
  });
}
