// The floors under the host's answer, each a Node server in a process of its own on a Unix socket:
// - `http`: node:http, reading a hook's body, parsing it and answering as the host answers an event no
//   rule matches: what any Node HTTP server costs here before Hookpanel does anything;
// - `socket`: node:net alone, the request read to its last byte (its headers, then Content-Length bytes)
//   and a fixed answer written, no HTTP parser and no JSON: the least any Node server answers curl in,
//   on this machine, whatever it does. A goal under it is under what Node can do here.
import { spawn, type ChildProcess } from 'node:child_process';
import { stopChild } from '../helpers/stop-child.js';

const HTTP_SERVER = `
const { createServer } = require('node:http');
createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const body = JSON.stringify({ exitCode: 0, stdout: '', stderr: '' });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
}).listen(process.argv[1], () => console.log('listening'));
`;

const SOCKET_SERVER = `
const body = JSON.stringify({ exitCode: 0, stdout: '', stderr: '' });
const answer = 'HTTP/1.1 200 OK\\r\\ncontent-type: application/json\\r\\ncontent-length: ' + body.length +
  '\\r\\nconnection: close\\r\\n\\r\\n' + body;
require('node:net').createServer((conn) => {
  let got = Buffer.alloc(0);
  conn.on('data', (c) => {
    got = Buffer.concat([got, c]);
    const end = got.indexOf('\\r\\n\\r\\n');
    if (end < 0) return;
    const length = /content-length: *(\\d+)/i.exec(got.subarray(0, end).toString('latin1'));
    if (got.length >= end + 4 + Number(length ? length[1] : 0)) conn.end(answer);
  });
}).listen(process.argv[1], () => console.log('listening'));
`;

export type BareServerKind = 'http' | 'socket';

export interface BareServer {
  socket: string;
  stop(): Promise<void>;
}

/** A bare server of `kind` on `socket`, under `node` (the Node of the host it stands beside). */
export function startBareServer(
  socket: string,
  node = process.execPath,
  kind: BareServerKind = 'http',
): Promise<BareServer> {
  const child: ChildProcess = spawn(node, ['-e', kind === 'http' ? HTTP_SERVER : SOCKET_SERVER, socket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => stopChild(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening') && resolve({ socket, stop }));
    child.once('exit', (code) => reject(new Error(`the bare server exited ${code}`)));
  });
}
