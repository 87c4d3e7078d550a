// The host's answer to `hookpanel emit`, read from the bytes of its connection once the host closed it
// (emit asks it to: `Connection: close`). emit speaks HTTP over node:net rather than node:http, which
// costs ~4 ms of every emit under Node 24 (eight more modules; docs/engine.md, "`emit` under Node 24"),
// and the other side is always Node's own server (intake/server.ts): informational 102 heads while it
// works, then one answer whose body is framed by Content-Length, by chunks, or by the connection's end.

export type HostResponse =
  | { complete: true; status: number; body: Buffer }
  /** Not a whole answer: the connection ended early, or what came was not HTTP. */
  | { complete: false; why: string };

const CUT_SHORT = 'the host closed the connection mid-answer';
const NOT_HTTP = 'the host answered something that is not HTTP/1.1';

export function readHostResponse(bytes: Buffer): HostResponse {
  let at = 0;
  for (;;) {
    const end = bytes.indexOf('\r\n\r\n', at);
    if (end < 0) return { complete: false, why: bytes.length ? CUT_SHORT : 'the host closed the connection' };
    const [statusLine = '', ...fields] = bytes.toString('latin1', at, end).split('\r\n');
    const status = /^HTTP\/1\.[01] ([1-5]\d\d)(?: |$)/.exec(statusLine)?.[1];
    if (!status) return { complete: false, why: NOT_HTTP };
    at = end + 4;
    // 102 (working on it) and any other informational head: the answer is still to come. 101 would
    // switch protocols, which emit never asks for.
    if (status === '101') return { complete: false, why: NOT_HTTP };
    if (status.startsWith('1')) continue;
    const headers = new Map<string, string>();
    for (const field of fields) {
      const colon = field.indexOf(':');
      if (colon <= 0) return { complete: false, why: NOT_HTTP };
      headers.set(field.slice(0, colon).trim().toLowerCase(), field.slice(colon + 1).trim());
    }
    const body = readBody(bytes, at, headers);
    return typeof body === 'string'
      ? { complete: false, why: body }
      : { complete: true, status: +status, body };
  }
}

/** The body from `at`, by the answer's framing, or why it cannot be read. */
function readBody(bytes: Buffer, at: number, headers: Map<string, string>): Buffer | string {
  const encoding = headers.get('transfer-encoding');
  if (encoding !== undefined) return encoding.toLowerCase() === 'chunked' ? readChunks(bytes, at) : NOT_HTTP;
  const length = headers.get('content-length');
  if (length === undefined) return bytes.subarray(at);
  if (!/^\d{1,15}$/.test(length)) return NOT_HTTP;
  return bytes.length - at < Number(length) ? CUT_SHORT : bytes.subarray(at, at + Number(length));
}

/** A chunked body (RFC 9112, 7.1): hex sizes (extensions ignored), a zero size last, trailers ignored. */
function readChunks(bytes: Buffer, at: number): Buffer | string {
  const parts: Buffer[] = [];
  for (;;) {
    const eol = bytes.indexOf('\r\n', at);
    if (eol < 0) return CUT_SHORT;
    const hex = /^([0-9a-fA-F]{1,12})[ \t]*(?:;.*)?$/.exec(bytes.toString('latin1', at, eol))?.[1];
    if (!hex) return NOT_HTTP;
    const size = Number.parseInt(hex, 16);
    at = eol + 2;
    if (size === 0) return Buffer.concat(parts);
    const next = at + size;
    if (bytes.length < next + 2) return CUT_SHORT;
    if (bytes[next] !== 0x0d || bytes[next + 1] !== 0x0a) return NOT_HTTP;
    parts.push(bytes.subarray(at, next));
    at = next + 2;
  }
}
