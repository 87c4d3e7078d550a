// Recording what an agent sends its hooks, and keeping it as fixtures: a recorder hook writes each
// payload to its own file; fixtures hold one normalized payload per event, and a live run must
// match each fixture's shape (its top-level keys and their JSON types).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, type TestEnv } from '../helpers/env.js';
import type { Dialect } from '../../shared/dialects.js';

/** A POSIX sh hook that stores its stdin (one payload) as a new file in `dir`. */
export function recorderCommand(env: TestEnv, dir: string): string {
  const script = env.write(
    'bin/record-payload.sh',
    '#!/bin/sh\n# Stores one hook payload (stdin) as its own file, so concurrent hooks never interleave.\n' +
      'mkdir -p "$1" && cat > "$(mktemp "$1/payload.XXXXXX")"\n',
  );
  return `sh '${script}' '${dir}'`;
}

/** Every payload recorded in `dir`, parsed, in no particular order. */
export function recordedPayloads(dir: string): Record<string, unknown>[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')) as Record<string, unknown>);
}

/** The first payload recorded for each event, by `hook_event_name`. */
export function firstPerEvent(payloads: Record<string, unknown>[]): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const p of payloads) {
    const event = String(p.hook_event_name);
    if (!out.has(event)) out.set(event, p);
  }
  return out;
}

export type Shape = Record<string, string>;

/** Top-level keys and their JSON types: what a consumer of the payload relies on. */
export function shapeOf(payload: Record<string, unknown>): Shape {
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  return Object.fromEntries(
    Object.keys(payload)
      .sort()
      .map((k) => [k, kind(payload[k])]),
  );
}

/** A payload with the run's temporary paths, ids and clock replaced, and long text shortened. */
export function normalizePayload(payload: unknown, env: TestEnv): unknown {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      let s = v
        .split(env.root)
        .join('$TMP')
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
        .replace(/\d{4}-\d{2}-\d{2}T\d{2}[:-]\d{2}([:-]\d{2}(\.\d+)?Z?)?/g, '<time>')
        .replace(/\/\d{4}\/\d{2}\/\d{2}\//g, '/<date>/');
      if (s.length > 300) s = `${s.slice(0, 200)}… [${s.length} characters]`;
      return s;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(payload);
}

/** `test/fixtures/<agent>/payloads/<Event>.json`, rewritten from the live run when HOOKPANEL_UPDATE_FIXTURES=1. */
export function payloadFixture(
  agent: Dialect,
  event: string,
  live: Record<string, unknown>,
  env: TestEnv,
): { fixture: Record<string, unknown>; updated: boolean } {
  const dir = join(FIXTURES, agent, 'payloads');
  const path = join(dir, `${event}.json`);
  if (process.env.HOOKPANEL_UPDATE_FIXTURES === '1') {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path, `${JSON.stringify(normalizePayload(live, env), null, 2)}\n`);
    return { fixture: live, updated: true };
  }
  return { fixture: JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>, updated: false };
}
