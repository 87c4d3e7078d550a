// The local endpoint's routes, the HTTP status that carries a protocol exit code to the curl fast path
// (see hookpanel-hook.sh), and what the bridge needs of each dialect. `hookpanel emit` loads it before it
// sends, so npm run build bundles it with the manifests into one file (electron/cli/light.vite.config.mts).
import { DIALECT_IDS, DIALECT_MANIFESTS } from '../../../shared/dialects.js';
import type { DialectManifest } from '../../../shared/manifest.js';

export const EMIT_PATH = '/v1/emit';
export const HOOK_PATH = '/v1/hook';
export const HEALTH_PATH = '/v1/health';

/** exit code ↔ HTTP status for the fast path: 200 → 0 (stdout), 422 → 2, 424 → 1 (stderr). */
export const EXIT_STATUS: Record<number, number> = { 0: 200, 2: 422, 1: 424 };
export const CWD_HEADER = 'x-hookpanel-cwd';
export const PARENT_HEADER = 'x-hookpanel-dispatch';
/** Every dialect's id, from the manifests (plain data, no zod). */
export const KNOWN_DIALECTS: readonly string[] = DIALECT_IDS;

/** How a dialect's harness hands `hookpanel emit` the payload and reads its answer, or null if unknown. */
export function bridgeConventions(dialect: string): DialectManifest['conventions'] | null {
  return DIALECT_MANIFESTS.find((m) => m.id === dialect)?.conventions ?? null;
}
