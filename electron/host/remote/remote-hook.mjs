// hookpanel-hook's fallback where curl is missing and Node is there: the same request over the forwarded
// socket, printed as curl prints it for the script (the body, a newline, the status); exit 28 when
// Hookpanel's computer stays silent for 2 s (it beats every quarter second while it works), 7 when nothing
// listens, 56 when the connection breaks.
import { createRequire } from 'node:module';

// require(), not `import`: Node 22 and later's import of node:http loads undici (builtins.ts says why).
const { request } = createRequire(import.meta.url)('node:http');

const [sock, token, dialect, event] = process.argv.slice(2);
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const req = request({
  socketPath: sock,
  method: 'POST',
  path: `/v1/hook/${encodeURIComponent(dialect)}/${encodeURIComponent(event)}`,
  headers: { 'x-hookpanel-token': token, host: 'hookpanel' },
  timeout: 2000,
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
