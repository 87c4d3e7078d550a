// The floor under the host's answer: a Node HTTP server in a process of its own, on a Unix socket, that
// reads a hook's body, parses it and answers as the host answers an event no rule matches. What curl
// measures against it is what any Node server costs here before Hookpanel does anything.
import { spawn, type ChildProcess } from 'node:child_process';
import { stopChild } from '../helpers/stop-child.js';

const SERVER = `
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

export interface BareServer {
  socket: string;
  stop(): Promise<void>;
}

/** The bare server on `socket`, under `node` (the Node of the host it stands beside). */
export function startBareServer(socket: string, node = process.execPath): Promise<BareServer> {
  const child: ChildProcess = spawn(node, ['-e', SERVER, socket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => stopChild(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening') && resolve({ socket, stop }));
    child.once('exit', (code) => reject(new Error(`the bare server exited ${code}`)));
  });
}
