// The local socket's routes for permission requests held for a person, used by `hookpanel requests`
// and `hookpanel answer`: GET /v1/requests lists them, POST /v1/requests/answer answers one. The socket
// is owner-only (server.ts), as for every other route.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { AnswerRequestSchema } from '../../../shared/permissions.js';
import { answerRequest } from '../panel/requests.js';
import type { HookHost } from '../service.js';

export const REQUESTS_PATH = '/v1/requests';
export const ANSWER_PATH = `${REQUESTS_PATH}/answer`;
const MAX_BODY = 16 * 1024;

type Reply = (res: ServerResponse, status: number, body: unknown) => void;

export async function handleRequests(
  host: HookHost,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  reply: Reply,
): Promise<void> {
  const desk = host.permissions;
  if (!desk) return reply(res, 503, { error: 'this host does not hold permission requests' });
  if (url.pathname === REQUESTS_PATH && req.method === 'GET') return reply(res, 200, desk.list());
  if (url.pathname !== ANSWER_PATH) return reply(res, 404, { error: `no route ${url.pathname}` });
  if (req.method !== 'POST') return reply(res, 405, { error: 'POST only' });
  const body = await readBody(req);
  if (body === null) return reply(res, 413, { error: `the answer is larger than ${MAX_BODY} bytes` });
  let parsed;
  try {
    parsed = AnswerRequestSchema.safeParse(JSON.parse(body));
  } catch {
    return reply(res, 400, { error: 'the answer is not JSON' });
  }
  if (!parsed.success) return reply(res, 400, { error: z.prettifyError(parsed.error) });
  const { id, ...choice } = parsed.data;
  const result = await answerRequest(host, id, choice);
  return result.ok ? reply(res, 200, result) : reply(res, 409, { error: result.message });
}

/** The body, or null past the limit. */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => resolve(size > MAX_BODY ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
