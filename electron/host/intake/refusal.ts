// What the bridge answers when it cannot run an event: a payload refused by a limit, or Hookpanel
// itself failing. A guard must not be bypassable by breaking it (seed 003), so on a guard event the
// answer blocks, in the dialect's own protocol; every other event goes on with a one-line error.
import type { EmitAnswer } from '../../../shared/dispatch.js';
import { CHRYS_EVENTS } from '../../../shared/events/chrys.js';
import { IO_GATE } from '../../../shared/events/io.js';
import { FAIL_CLOSED_EVENTS } from '../../../shared/events/pw.js';
import type { Dialect } from '../../../shared/model.js';

/** Events that gate an action: letting the action through unchecked is the failure to avoid. */
export function isGuardEvent(dialect: Dialect, event: string): boolean {
  if (dialect === 'pw' || dialect === 'claude') return FAIL_CLOSED_EVENTS.has(event);
  if (dialect === 'io') return event === IO_GATE;
  if (dialect === 'chrys') return CHRYS_EVENTS.some((e) => e.name === event && e.blockable);
  return false;
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
