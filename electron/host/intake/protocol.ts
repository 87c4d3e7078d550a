// The local endpoint's routes, the HTTP status that carries a protocol exit code to the curl fast path
// (see hookpanel-hook.sh), and what the bridge needs of each dialect. `hookpanel emit` loads it before it
// sends, so npm run build bundles it into the CLI's entry (electron/cli/main.vite.config.mts); what it
// holds of the dialects is a table generated from their manifests, which are too heavy for every call.
import { BRIDGE_CONVENTIONS } from '../../../shared/bridge-conventions.generated.js';
import type { DialectManifest } from '../../../shared/manifest.js';

export const EMIT_PATH = '/v1/emit';
export const HOOK_PATH = '/v1/hook';
export const HEALTH_PATH = '/v1/health';

/** exit code ↔ HTTP status for the fast path: 200 → 0 (stdout), 422 → 2, 424 → 1 (stderr). */
export const EXIT_STATUS: Record<number, number> = { 0: 200, 2: 422, 1: 424 };
export const CWD_HEADER = 'x-hookpanel-cwd';
/** The caller's folder as the hex of its bytes, for a path a header cannot carry as it is (hookpanel-hook.sh). */
export const CWD_HEX_HEADER = 'x-hookpanel-cwd-hex';
export const PARENT_HEADER = 'x-hookpanel-dispatch';
/**
 * A host that is working on an answer says so at least this often: an informational 102 on /v1/emit;
 * on the fast path, once the answer takes longer, status 202 and a byte of its streamed body.
 */
export const HEARTBEAT_MS = 1000;
/** A client that hears nothing from the host for this long treats it as absent (stopped, hung). */
export const HOST_SILENCE_MS = 5000;
/** The fast path's streamed answer: heartbeat dots, then `:<exit code>:` and the stdout or stderr. */
export const STREAMED_STATUS = 202;

/** What `hookpanel emit` reads of a dialect's conventions (its manifest says what each means). */
export type BridgeConventions = Pick<DialectManifest['conventions'], 'payloadEnv' | 'answerFileEnv'>;

const BY_DIALECT: ReadonlyMap<string, BridgeConventions> = new Map(Object.entries(BRIDGE_CONVENTIONS));

/** Every dialect's id, in the manifests' order. */
export const KNOWN_DIALECTS: readonly string[] = [...BY_DIALECT.keys()];

/** How a dialect's harness hands `hookpanel emit` the payload and reads its answer, or null if unknown. */
export function bridgeConventions(dialect: string): BridgeConventions | null {
  return BY_DIALECT.get(dialect) ?? null;
}
