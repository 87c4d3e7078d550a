// What the bridge answers when it cannot run an event: a payload refused by a limit, or Hookpanel
// itself failing. A guard must not be bypassable by breaking it (../shared/seeds/003_c7fb5911eadfcab5.txt),
// so on a guard event the answer blocks, in the dialect's own protocol; every other event goes on with a
// one-line error.
import type { EmitAnswer } from '../../../shared/answer.js';
import { dialectManifest, type Dialect } from '../../../shared/dialects.js';

/** Events that gate an action (the manifest's guardEvents): letting it through unchecked is the failure to avoid. */
export function isGuardEvent(dialect: Dialect, event: string): boolean {
  return dialectManifest(dialect).conventions.guardEvents.includes(event);
}

/** The answer for an event that was not run, with `message` saying why in one line. */
export async function failureAnswer(dialect: Dialect, event: string, message: string): Promise<EmitAnswer> {
  const guard = isGuardEvent(dialect, event);
  const summary: Omit<EmitAnswer, 'protocol'> = {
    eventId: '',
    decision: guard ? 'block' : 'allow',
    reason: guard ? `hookpanel: ${message}; a guard on ${event} fails closed` : `hookpanel: ${message}`,
    context: null,
    updatedInput: undefined,
    permissionDecision: null,
    dispatches: [],
  };
  if (!guard) return { ...summary, protocol: { exitCode: 1, stdout: '', stderr: `${summary.reason}\n` } };
  // Only here is the dialect's runtime needed, to say "block" in its own protocol.
  const { dialectModule } = await import('../dialects/registry.js');
  const ev = { id: '', dialect, event, payload: {}, workspace: null, sessionId: null };
  return { ...summary, protocol: dialectModule(dialect).runtime.render(summary, ev) };
}
