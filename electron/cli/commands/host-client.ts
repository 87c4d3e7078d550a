// Talks to the running host over its local socket (owner-only, like `hookpanel emit`): a JSON request,
// its JSON reply, or null when no host is running.
import { requestOverSocket } from '../../host/builtins.js';
import { HOST_SILENCE_MS } from '../../host/intake/protocol.js';
import { homePaths, hostEnvFromProcess } from '../../host/paths.js';

export interface HostResponse {
  status: number;
  body: unknown;
}

export const NO_HOST =
  'no Hookpanel host is running: start the desktop app or `hookpanel serve`, then ask again';

export function askHost(method: 'GET' | 'POST', path: string, body?: unknown): Promise<HostResponse | null> {
  const socketPath = homePaths(hostEnvFromProcess()).socket;
  const text = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = requestOverSocket(
      socketPath,
      {
        path,
        method,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = raw;
          try {
            parsed = JSON.parse(raw);
          } catch {
            // not JSON: kept as text, said as it is
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    // A host that says nothing for this long is stopped or hung: said, rather than waited on for ever.
    req.setTimeout(HOST_SILENCE_MS, () => {
      const error = `the Hookpanel host did not answer within ${HOST_SILENCE_MS / 1000} s (stopped or hung)`;
      resolve({ status: 0, body: { error } });
      req.destroy();
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT' || e.code === 'ECONNREFUSED' || e.code === 'ENOTSOCK') resolve(null);
      else reject(e);
    });
    req.end(text);
  });
}

/** The host's error message from a reply that is not 200. */
export function hostError(r: HostResponse): string {
  const e = (r.body as { error?: unknown } | null)?.error;
  return typeof e === 'string' ? e : `the host answered ${r.status}`;
}
