// Property-based fuzzing of browser mode's request-target parser (normalizeTarget): any target, built
// from the pieces that trick parsers (percent-escapes of every byte, double encoding, overlong UTF-8,
// dot segments, repeated slashes, backslashes, control characters, queries and fragments) or simply any
// string, is either refused with a reason or normalised to one canonical path that holds none of what a
// real asset URL never holds, and that path parses back to itself. Seeded (fuzzSeed: a fresh seed on
// CI, printed); fast-check shrinks a failure.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { normalizeTarget } from '../../electron/host/panel/web-request.js';
import { fuzzScale, fuzzSeed, oddString } from './fuzz-kit.js';

const SCALE = fuzzScale();
const RUNS = 3000 * SCALE;
/** The usual test timeout (.config/vitest.config.ts), times the scale. */
const TIMEOUT = 120_000 * SCALE;
const SEED = fuzzSeed('test/reliability/web-request-fuzz.test.ts');

const escape = fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0')}`);
const piece = fc.oneof(
  fc.constantFrom('', '.', '..', '%2e', '%2E%2e', '%252e', '%c0%ae', '%e0%80%ae', '\\', '%5c', '%00', '%2f'),
  fc.constantFrom('index.html', 'assets', 'app.js', '~', ' ', '%20', 'é', '%C3%A9', '\u0007'),
  escape,
  oddString,
);
/** What Node's HTTP parser hands over as `req.url`: the request line's bytes, one character each (latin1). */
const asReceived = (s: string) => Buffer.from(s, 'utf8').toString('latin1');
const target = fc
  .oneof(
    fc
      .tuple(
        fc.array(piece, { maxLength: 6 }),
        fc.constantFrom('/', '//', '/./'),
        fc.constantFrom('', '?token=abc', '?x=1&token=t%20k', '?token=', '#frag', '?token=a#b', '?%zz'),
      )
      .map(([parts, separator, tail]) => `/${parts.join(separator)}${tail}`),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom('*', 'http://127.0.0.1/index.html', '//evil.example/x', '/', ''),
  )
  .map(asReceived);

const TITLE = 'every request target is refused with a reason or normalised to one canonical path';
test(TITLE, { timeout: TIMEOUT }, () => {
  fc.assert(
    fc.property(target, (raw) => {
      const r = normalizeTarget(raw);
      if (!r.ok) {
        expect(r.why).toMatch(/\S/);
        return;
      }
      const p = r.path;
      expect(p.startsWith('/')).toBe(true);
      // eslint-disable-next-line no-control-regex
      expect(p).not.toMatch(/[\u0000-\u001f\u007f\\%]/);
      expect(p.split('/').slice(1)).not.toContain('..');
      expect(p.split('/').slice(1)).not.toContain('.');
      if (p !== '/') {
        expect(p).not.toMatch(/\/\//);
        expect(p.endsWith('/')).toBe(false);
      }
      // Canonical: the path, encoded again, parses back to itself.
      const again = normalizeTarget(p.split('/').map(encodeURIComponent).join('/'));
      expect(again).toEqual({ ok: true, path: p, token: null });
      // The token is the first token parameter of the query, as the browser sent it.
      const q = raw.split('#')[0]!.indexOf('?');
      if (q >= 0) {
        const query = raw.split('#')[0]!.slice(q + 1);
        expect(r.token).toBe(new URLSearchParams(query).get('token'));
      } else expect(r.token).toBe(null);
    }),
    { seed: SEED, numRuns: RUNS },
  );
});
