// The checks browser mode makes on a request before it routes it: whose Host and Origin, which token,
// which path. Each is a pure function, so every trick a hostile page can send is tested directly.
import { createHash, timingSafeEqual } from 'node:crypto';
import { posix } from 'node:path';

/**
 * Compares a secret given by a client with ours in constant time. Both sides are hashed first: the
 * digests always have equal byte lengths, so no input (a multi-byte token of the right character
 * count, say) can make the comparison throw, and its time says nothing about the length.
 */
export function secretMatches(given: string | null | undefined, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/** The Host values and Origins this server answers to (never a DNS name that could be rebound). */
export function ownHosts(port: number): { hosts: string[]; origins: string[] } {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  return { hosts, origins: hosts.map((h) => `http://${h}`) };
}

export type NormalizedPath = { ok: true; path: string; token: string | null } | { ok: false; why: string };

/**
 * Decodes a request target once and normalises it, so routing sees one canonical path: `/%69ndex.html`,
 * `//index.html` and `/./index.html` are all `/index.html`, and so need the token like it. Anything a
 * real asset URL never holds is refused rather than guessed at: a second layer of percent-encoding,
 * invalid or overlong UTF-8, NUL and other control characters, backslashes, `..` segments, and targets
 * that are not origin-form (`http://…`, `*`).
 */
export function normalizeTarget(rawTarget: string | undefined): NormalizedPath {
  const target = rawTarget ?? '/';
  if (!target.startsWith('/')) return { ok: false, why: 'the request target must be a path' };
  const hash = target.indexOf('#');
  const withoutFragment = hash === -1 ? target : target.slice(0, hash);
  const q = withoutFragment.indexOf('?');
  const rawPath = q === -1 ? withoutFragment : withoutFragment.slice(0, q);
  const query = q === -1 ? '' : withoutFragment.slice(q + 1);
  let decoded: string;
  try {
    // Throws on malformed escapes and on invalid or overlong UTF-8 (%C0%AE is not ".").
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { ok: false, why: 'the path is not valid percent-encoded UTF-8' };
  }
  if (decoded.includes('%')) return { ok: false, why: 'the path is percent-encoded twice' };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(decoded))
    return { ok: false, why: 'the path holds a control character or a backslash' };
  if (decoded.split('/').includes('..')) return { ok: false, why: 'the path climbs with ".."' };
  const path = posix.normalize(decoded).replace(/\/+$/, '') || '/';
  return { ok: true, path, token: tokenOf(query) };
}

/** The `token` query parameter (the first one), or null. */
function tokenOf(query: string): string | null {
  try {
    return new URLSearchParams(query).get('token');
  } catch {
    return null;
  }
}
