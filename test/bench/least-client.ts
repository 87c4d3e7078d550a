// The least a Node client of the host pays for one event, the yardstick under `hookpanel emit`'s own
// cost: CommonJS run by `node -e` (so `node -e ''` is its start and nothing more), node:net alone, the
// payload read from stdin and sent as emit sends it, exit 0 on the host's 200. No check of the answer,
// no fallback, no protocol reading: what is left over it in emit's figure is emit's own.
const CLIENT = `
const [socket, dialect, event] = process.argv.slice(1);
const input = [];
process.stdin.on('data', (c) => input.push(c));
process.stdin.on('end', () => {
  const body = Buffer.concat(input);
  const query = new URLSearchParams({ dialect, event, cwd: process.cwd() });
  const conn = require('node:net').connect({ path: socket });
  const answer = [];
  conn.on('data', (c) => answer.push(c));
  conn.on('end', () => {
    process.exitCode = Buffer.concat(answer).toString('latin1').startsWith('HTTP/1.1 200 ') ? 0 : 1;
  });
  conn.write('POST /v1/emit?' + query + ' HTTP/1.1\\r\\nHost: localhost\\r\\nContent-Type: application/json\\r\\n' +
    'Content-Length: ' + body.length + '\\r\\nConnection: close\\r\\n\\r\\n');
  conn.write(body);
});
`;

/** The argv that runs the least client under `node` against the host at `socket`. */
export function leastClientArgv(node: string, socket: string, dialect: string, event: string): string[] {
  return [node, '-e', CLIENT, socket, dialect, event];
}
