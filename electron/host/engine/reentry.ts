// The re-entry refusal: a hook that calls `hookpanel emit` while Hookpanel is dispatching it is
// refused (no recursion). The variable alone proves nothing: anything can set HOOKPANEL_DISPATCH, and
// every process a hook starts inherits it. So its value is the event id and a secret, and the secret
// names a pass in Hookpanel's owner-only run folder that exists only while that dispatch's hooks run,
// held by a live process. A value that names no live pass is ignored: the event runs as any other.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { identityAlive, selfIdentity, type ProcessIdentity } from '../process/identity.js';

const TOKEN = /^([0-9a-f-]{36})\.([0-9a-f]{32})$/;

export interface DispatchPass {
  /** HOOKPANEL_DISPATCH for this dispatch's hooks. */
  token: string;
  /** The dispatch's hooks are all done: the token no longer names a live dispatch. */
  release(): void;
}

const passDir = (runDir: string) => join(runDir, 'dispatch');

/** A pass for one dispatch's hooks, or null where it cannot be written (then nothing can re-enter as it). */
export function issuePass(runDir: string, eventId: string): DispatchPass | null {
  const secret = randomBytes(16).toString('hex');
  const file = join(passDir(runDir), secret);
  const body = JSON.stringify({ event: eventId, owner: selfIdentity() });
  try {
    writeFileSync(file, body, { mode: 0o600, flag: 'wx' });
  } catch {
    try {
      mkdirSync(passDir(runDir), { recursive: true, mode: 0o700 });
      writeFileSync(file, body, { mode: 0o600, flag: 'wx' });
    } catch {
      return null;
    }
  }
  return { token: `${eventId}.${secret}`, release: () => rmSync(file, { force: true }) };
}

/**
 * The event id of the live dispatch a HOOKPANEL_DISPATCH value names, or null when it names none: a
 * forged value, a dispatch that has ended, or one whose process died (its pass is then removed).
 */
export function liveDispatch(runDir: string, token: string | null | undefined): string | null {
  const m = token ? TOKEN.exec(token) : null;
  if (!m) return null;
  const file = join(passDir(runDir), m[2]!);
  let pass: { event?: unknown; owner?: ProcessIdentity };
  try {
    pass = JSON.parse(readFileSync(file, 'utf8')) as typeof pass;
  } catch {
    return null;
  }
  if (pass.event !== m[1] || !pass.owner) return null;
  if (!identityAlive(pass.owner)) {
    rmSync(file, { force: true });
    return null;
  }
  return m[1]!;
}
