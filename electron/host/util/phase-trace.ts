// Where one event's time goes: each step of an event's path (read, parse, plan, spawn, wait, settle,
// answer, then record) says when it ended on one diagnostics channel. Nobody listens in the product, so a
// mark costs one check; `npm run bench -- bridge` listens and prints the breakdown.
import { channel } from 'node:diagnostics_channel';

/** The steps in the order one event passes them (docs/engine.md, "What one tool call costs"). */
export const PHASES = [
  'read',
  'parse',
  'plan',
  'prepare',
  'spawn',
  'wait',
  'settle',
  'verdict',
  'keep',
  'answer',
  'record',
] as const;
export type Phase = (typeof PHASES)[number];
/** `arrived` begins an event (its request's headers are in); every other mark ends the step it names. */
type Mark = 'arrived' | Phase;

/** Each mark: `{ phase, at }`, `at` being performance.now() when that step of the event ended. */
export const PHASE_CHANNEL = 'hookpanel:phase';
const phases = channel(PHASE_CHANNEL);

export function phaseEnded(phase: Mark): void {
  if (phases.hasSubscribers) phases.publish({ phase, at: performance.now() });
}
