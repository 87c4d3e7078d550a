// Where a hosted rule runs: on this computer, on machines reached over ssh (docs/remote.md), or both.
// Kept in settings.json under `ruleMachines`, keyed `source#rule` as latency budgets are, so no hook
// file changes shape. A rule with no entry runs everywhere, as every rule did before machines could be
// chosen: a guard added before a machine keeps guarding it, and nothing stops running silently.
import { z } from 'zod';
import { TARGET_PATTERN } from './machine-target.js';

const RuleMachinesSchema = z
  .object({
    /** Events of agents on this computer. */
    thisComputer: z.boolean(),
    /** Events of agents on these machines (user@host, as `hookpanel remote add` named them). */
    machines: z.array(
      z.string().regex(TARGET_PATTERN, 'a machine is user@host, as `hookpanel remote add` named it'),
    ),
  })
  .strict()
  .refine((m) => m.thisComputer || m.machines.length > 0, {
    message: 'runs nowhere: name a machine or set thisComputer, or turn the rule off in its own file',
  });
export type RuleMachines = z.infer<typeof RuleMachinesSchema>;

/** The settings key of a rule: its file's path and its name in that file. */
export const ruleMachinesKey = (source: string, rule: string) => `${source}#${rule}`;

export const RuleMachinesMapSchema = z.record(
  z.string().regex(/^.+#.+$/, 'a key is "<hook file path>#<rule name>"'),
  RuleMachinesSchema,
);

/** Whether a rule runs for an event from `machine` (null: this computer); no entry runs everywhere. */
export function runsFor(where: RuleMachines | undefined, machine: string | null): boolean {
  if (!where) return true;
  return machine === null ? where.thisComputer : where.machines.includes(machine);
}

/** "this computer and me@devbox", "me@devbox only", "everywhere" (no entry). */
export function whereInWords(where: RuleMachines | undefined): string {
  if (!where) return 'this computer and every machine';
  const places = [...(where.thisComputer ? ['this computer'] : []), ...where.machines];
  if (places.length === 1) return `${places[0]} only`;
  return `${places.slice(0, -1).join(', ')} and ${places.at(-1)}`;
}

/** Why a rule that matched does not run for this event's machine, or null when it does. */
export function notHereReason(where: RuleMachines | undefined, machine: string | null): string | null {
  if (runsFor(where, machine)) return null;
  return `not for ${machine ?? 'this computer'}: this rule runs on ${whereInWords(where)}`;
}
