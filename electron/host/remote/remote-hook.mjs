// hookpanel-hook's fallback where Node is there and curl is missing or older than 7.40: the same request
// over the forwarded socket, printed as curl prints it for the script (the body, a newline, the status);
// exit 28 when Hookpanel's computer stays silent for 2 s (it beats every quarter second while it works),
// 7 when nothing listens, 56 when the connection breaks.
import { createRequire } from 'node:module';

// require(), not `import`: Node 22 and later's import of node:http loads undici (builtins.ts says why).
const require = createRequire(import.meta.url);
const { request } = require('node:http');
const { connect } = require('node:net');

const [sock, token, dialect, event] = process.argv.slice(2);
/** Silence from Hookpanel's computer given up on, as the script's own watch does. */
const SILENT_MS = 2000;
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
// Connected here, not by http's Agent, whose check of the host name costs milliseconds (requestOverSocket
// in builtins.ts says why). The socket's own timeout is what `timeout` below listens to.
const req = request({
  createConnection: () => connect({ path: sock, timeout: SILENT_MS }),
  method: 'POST',
  path: `/v1/hook/${encodeURIComponent(dialect)}/${encodeURIComponent(event)}`,
  headers: { 'x-hookpanel-token': token, host: 'hookpanel' },
  timeout: SILENT_MS,
});
req.on('timeout', () => req.destroy(Object.assign(new Error('silent'), { code: 'SILENT' })));
req.on('error', (e) => process.exit(e.code === 'SILENT' ? 28 : e.code === 'ECONNREFUSED' ? 7 : 56));
req.on('response', (res) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (d) => (body += d));
  res.on('aborted', () => process.exit(56));
  res.on('end', () => process.stdout.write(`${body}\n${res.statusCode}`));
});
req.end(Buffer.concat(chunks));
