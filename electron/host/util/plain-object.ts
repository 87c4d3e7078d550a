// A JSON object (not an array, not null): what every reader of parsed files and payloads checks first.
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
