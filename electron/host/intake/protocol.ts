// The local endpoint's routes and the HTTP status that carries a protocol exit code to the
// curl fast path (see hookpanel-hook.sh). Free of heavy imports: `hookpanel emit` loads it.
export const EMIT_PATH = '/v1/emit';
export const HOOK_PATH = '/v1/hook';
export const HEALTH_PATH = '/v1/health';

/** exit code ↔ HTTP status for the fast path: 200 → 0 (stdout), 422 → 2, 424 → 1 (stderr). */
export const EXIT_STATUS: Record<number, number> = { 0: 200, 2: 422, 1: 424 };
export const CWD_HEADER = 'x-hookpanel-cwd';
export const PARENT_HEADER = 'x-hookpanel-dispatch';
export const KNOWN_DIALECTS = ['arya', 'io', 'chrys', 'pw', 'claude'];
