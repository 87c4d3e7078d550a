// The reader of the host's answer that `hookpanel emit` speaks HTTP with over node:net
// (electron/cli/commands/host-response.ts): every framing Node's server uses, informational heads
// skipped, an answer cut short never taken as whole, and any bytes at all read without a throw.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readHostResponse } from '../../electron/cli/commands/host-response.js';
import { fuzzScale, fuzzSeed } from '../reliability/fuzz-kit.js';

const SEED = fuzzSeed('test/unit/host-response.test.ts');
const RUNS = 300 * fuzzScale();

const bytes = (text: string) => Buffer.from(text, 'latin1');
const PROCESSING = 'HTTP/1.1 102 Processing\r\n\r\n';

describe('an answer read whole', () => {
  test('by Content-Length, after heartbeats, with the status', () => {
    const r = readHostResponse(
      bytes(
        `${PROCESSING}${PROCESSING}HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
      ),
    );
    expect(r).toEqual({ complete: true, status: 200, body: bytes('{}') });
  });

  test('by chunks, with extensions and trailers', () => {
    const r = readHostResponse(
      bytes(
        'HTTP/1.1 413 Payload Too Large\r\nTransfer-Encoding: chunked\r\n\r\n3;x=1\r\n{"a\r\nA\r\n":"0123456\r\n1\r\n}\r\n0\r\nX-T: 1\r\n\r\n',
      ),
    );
    expect(r).toEqual({ complete: true, status: 413, body: bytes('{"a":"0123456}') });
  });

  test('to the connection’s end when neither is said', () => {
    expect(readHostResponse(bytes('HTTP/1.0 500 Oops\r\n\r\nbroken'))).toEqual({
      complete: true,
      status: 500,
      body: bytes('broken'),
    });
  });
});

describe('not an answer', () => {
  test.each([
    ['', 'the host closed the connection'],
    [PROCESSING, 'the host closed the connection mid-answer'],
    ['HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n{}', 'the host closed the connection mid-answer'],
    [
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{}',
      'the host closed the connection mid-answer',
    ],
    ['HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}xx0\r\n\r\n', 'not HTTP/1.1'],
    ['HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n{}', 'not HTTP/1.1'],
    ['HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n{}', 'not HTTP/1.1'],
    ['HTTP/1.1 101 Switching Protocols\r\n\r\n', 'not HTTP/1.1'],
    ['SSH-2.0-OpenSSH_9.2\r\n\r\n', 'not HTTP/1.1'],
    ['HTTP/1.1 200 OK\r\nno colon\r\n\r\n{}', 'not HTTP/1.1'],
  ])('%j', (text, why) => {
    const r = readHostResponse(bytes(text));
    expect(r.complete).toBe(false);
    expect(r.complete === false && r.why).toContain(why);
  });
});

/** A response as Node's server may frame it, and where its answer's own bytes end. */
const framed = fc
  .record({
    status: fc.integer({ min: 200, max: 599 }),
    body: fc.uint8Array({ maxLength: 300 }),
    heartbeats: fc.nat({ max: 3 }),
    framing: fc.constantFrom('length', 'chunked'),
    cuts: fc.array(fc.nat({ max: 300 }), { maxLength: 6 }),
  })
  .map(({ status, body, heartbeats, framing, cuts }) => {
    const b = Buffer.from(body);
    const head = `${PROCESSING.repeat(heartbeats)}HTTP/1.1 ${status} X\r\nDate: today\r\n`;
    if (framing === 'length')
      return {
        status,
        body: b,
        wire: Buffer.concat([bytes(`${head}Content-Length: ${b.length}\r\n\r\n`), b]),
      };
    const at = [...new Set([0, ...cuts.filter((c) => c < b.length), b.length])].sort((x, y) => x - y);
    const chunks = at.slice(1).map((end, i) => b.subarray(at[i], end));
    const parts = chunks.flatMap((c) => [bytes(`${c.length.toString(16)}\r\n`), c, bytes('\r\n')]);
    return {
      status,
      body: b,
      wire: Buffer.concat([bytes(`${head}Transfer-Encoding: chunked\r\n\r\n`), ...parts, bytes('0\r\n\r\n')]),
    };
  });

test('every framing reads back the body and status it carried; any cut before its end is no answer', () => {
  fc.assert(
    fc.property(framed, fc.double({ min: 0, max: 1, noNaN: true }), ({ status, body, wire }, where) => {
      expect(readHostResponse(wire)).toEqual({ complete: true, status, body });
      // Cut anywhere before the last chunk's size line ends (after it, trailers are all that is left).
      const end = wire.lastIndexOf('0\r\n\r\n') > wire.length - 6 ? wire.length - 5 : wire.length;
      const cut = Math.floor(where * end);
      if (cut < end) expect(readHostResponse(wire.subarray(0, cut)).complete).toBe(false);
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

test('any bytes at all are read without a throw', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.uint8Array({ maxLength: 400 }).map((a) => Buffer.from(a)),
        framed.chain(({ wire }) =>
          fc
            .array(fc.record({ at: fc.nat({ max: wire.length }), byte: fc.nat({ max: 255 }) }), {
              maxLength: 4,
            })
            .map((flips) => {
              const copy = Buffer.from(wire);
              for (const f of flips) if (f.at < copy.length) copy[f.at] = f.byte;
              return copy;
            }),
        ),
      ),
      (wire) => {
        const r = readHostResponse(wire);
        expect(typeof r.complete).toBe('boolean');
      },
    ),
    { seed: SEED, numRuns: RUNS },
  );
});
