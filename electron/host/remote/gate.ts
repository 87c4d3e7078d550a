// What a machine's intake socket lets through: its agents' events, each carrying the machine's token.
// Not the requests of others (listing or answering permission requests is this computer's own socket),
// so a machine that was taken over reads and answers nothing but its own events' answers.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { EMIT_PATH, HEALTH_PATH, HOOK_PATH } from '../intake/protocol.js';

export interface MachineGate {
  /** user@host, as recorded with its events. */
  name: string;
  token: string;
}

export const TOKEN_HEADER = 'x-hookpanel-token';

/**
 * How often a host working on a machine's answer says so: its bridge gives up on a computer silent for
 * 2 s (remote-hook.sh), so that nothing there waits long for a computer that is gone.
 */
export const MACHINE_HEARTBEAT_MS = 250;

/** Why the request is refused (status and words), or null to let it through. */
export function machineAdmits(
  gate: MachineGate,
  req: IncomingMessage,
): { status: number; message: string } | null {
  const given = Buffer.from(String(req.headers[TOKEN_HEADER] ?? ''));
  const want = Buffer.from(gate.token);
  if (given.length !== want.length || !timingSafeEqual(given, want))
    return { status: 403, message: `hookpanel: not ${gate.name}'s token` };
  const path = new URL(req.url ?? '/', 'http://hookpanel').pathname;
  if (path === EMIT_PATH || path === HEALTH_PATH || path.startsWith(`${HOOK_PATH}/`)) return null;
  return { status: 404, message: `hookpanel: ${path} is not open to other machines` };
}
