// The limits on an event's payload, checked alike by `hookpanel emit` and the intake server, and the
// one-line message that names the limit a payload broke. Free of heavy imports: emit loads it.

/** A PostToolUse payload carries a tool's whole output, which can be megabytes; 32 MiB leaves room. */
export const MAX_PAYLOAD_BYTES = 32 * 1024 * 1024;
/** Real payloads nest a few dozen levels; far deeper ones only exhaust the stack of whatever walks them. */
export const MAX_PAYLOAD_DEPTH = 512;

export type PayloadCheck =
  { ok: true; payload: Record<string, unknown> } | { ok: false; status: 400 | 413; message: string };

export function tooLarge(bytes: number | null): PayloadCheck {
  const size = bytes === null ? '' : ` (${formatBytes(bytes)})`;
  return {
    ok: false,
    status: 413,
    message: `the payload is larger than the ${formatBytes(MAX_PAYLOAD_BYTES)} limit${size}`,
  };
}

/** Parses a payload's text (empty means `{}`), refusing what breaks a limit or is not a JSON object. */
export function parsePayload(text: string): PayloadCheck {
  if (!text.trim()) return { ok: true, payload: {} };
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_PAYLOAD_BYTES) return tooLarge(bytes);
  if (nestingDepth(text, MAX_PAYLOAD_DEPTH) > MAX_PAYLOAD_DEPTH)
    return {
      ok: false,
      status: 400,
      message: `the payload nests deeper than the limit of ${MAX_PAYLOAD_DEPTH} levels`,
    };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return {
      ok: false,
      status: 400,
      message: `the payload is not JSON (${oneLine((e as Error).message, 200)})`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return {
      ok: false,
      status: 400,
      message: `the payload must be a JSON object, not ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}`,
    };
  return { ok: true, payload: value as Record<string, unknown> };
}

/**
 * The deepest nesting of arrays and objects in JSON text, counted without parsing (brackets inside
 * strings do not count); stops counting once past `stopAfter`.
 */
export function nestingDepth(text: string, stopAfter = Infinity): number {
  const stringEnd = /["\\]/g;
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      i = closingQuote(text, i + 1, stringEnd);
      if (i < 0) return deepest;
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > deepest && (deepest = depth) > stopAfter) return deepest;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return deepest;
}

/** Characters of a string read one by one before a regular expression looks for its end. */
const SHORT_STRING = 64;

/**
 * Where the string that starts at `from` ends (its closing quote), or -1 if it never does. A long one
 * (a tool's output of megabytes) is passed by a regular expression, natively: a loop over its characters
 * in JavaScript took 0.25 s for 20 MiB, 0.5–0.9 s under coverage's block counters, which a busy machine
 * stretched past the 5 s a caller waits for the host. Short ones, most of a payload, are read here.
 */
function closingQuote(text: string, from: number, stringEnd: RegExp): number {
  let i = from;
  for (const near = Math.min(text.length, from + SHORT_STRING); i < near; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */) i++;
    else if (c === 34) return i;
  }
  if (i >= text.length) return -1;
  // test() moves lastIndex past each quote or backslash without building a match.
  stringEnd.lastIndex = i;
  while (stringEnd.test(text)) {
    const at = stringEnd.lastIndex - 1;
    if (text.charCodeAt(at) === 34) return at;
    stringEnd.lastIndex = at + 2;
  }
  return -1;
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MiB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}

/** A message as one short line: a parser's may quote the input, newlines and all. */
export function oneLine(text: string, max = 300): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const line = text.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
