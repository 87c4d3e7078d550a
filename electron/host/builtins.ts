// Node's modules that `hookpanel emit`, run on every tool call, loads with require() rather than `import`.
// Node 22 and later build an ES module's view of a builtin by reading every one of its exports, which
// runs their lazy getters: node:http's WebSocket, MessageEvent and CloseEvent load undici (some 90 ms of
// CPU per emit on Node 24, Electron 41's; https://github.com/nodejs/node/issues/59686), node:fs's
// ReadStream and node:util's TextDecoder some 26 more modules (another 14 ms). require() makes no view.
// node:http is imported from here everywhere (lint says so), and required on first use: an emit that a
// running host answers speaks to it over node:net alone (cli/commands/emit-socket.ts). fs, util and net
// only on emit's path.
import type { ClientRequest, IncomingMessage, RequestListener, RequestOptions, Server } from 'node:http';
import { createRequire } from 'node:module';

const requireBuiltin = createRequire(import.meta.url);
let httpModule: typeof import('node:http') | undefined;
const http = () => (httpModule ??= requireBuiltin('node:http') as typeof import('node:http'));
const net = requireBuiltin('node:net') as typeof import('node:net');
const fs = requireBuiltin('node:fs') as typeof import('node:fs');
const util = requireBuiltin('node:util') as typeof import('node:util');

export function createServer(onRequest: RequestListener): Server {
  return http().createServer(onRequest);
}
export const { mkdirSync, readFileSync, statSync, writeFileSync } = fs;
export const { parseArgs } = util;
export const { connect: connectSocket } = net;

/**
 * An HTTP request to the host's local socket, connected here rather than by http's Agent. The Agent asks
 * whether the host name is an IP address, and the first such question in a process compiles Node's IPv6
 * pattern: 8–10 ms of an emit under Node 24 (docs/engine.md, "emit under Node 24").
 */
export function requestOverSocket(
  socketPath: string,
  options: Omit<RequestOptions, 'socketPath' | 'agent' | 'createConnection'>,
  onResponse?: (res: IncomingMessage) => void,
): ClientRequest {
  // A `timeout` is the socket's, as the Agent would set it: the request only listens to it.
  const createConnection = () => net.connect({ path: socketPath, timeout: options.timeout });
  return http().request({ ...options, createConnection }, onResponse);
}
