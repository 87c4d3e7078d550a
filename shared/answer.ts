// The answer to one emitted event: what the host sends back over the local socket and `hookpanel emit`
// reads (and prints with --json). One schema, checked on both sides: the host checks with it, and emit
// with a validator generated from it (answer-check.generated.ts), since loading zod would cost emit
// ~50 ms.
import { z } from 'zod';
import { validate } from './answer-check.generated.js';
import { OUTCOMES } from './outcomes.js';

export const DecisionSchema = z.enum(['allow', 'block', 'cancel']);
export type Decision = z.infer<typeof DecisionSchema>;

export const OutcomeSchema = z.enum(OUTCOMES);
export type Outcome = z.infer<typeof OutcomeSchema>;

export const DispatchSummarySchema = z.object({
  rule: z.string(),
  source: z.string(),
  outcome: OutcomeSchema,
  exitCode: z.int().nullable(),
  signal: z.string().nullable(),
  timedOut: z.boolean(),
  durationMs: z.number(),
  skipReason: z.string().nullable(),
});
export type DispatchSummary = z.infer<typeof DispatchSummarySchema>;

/** The answer in the harness's own hook protocol. */
export const ProtocolAnswerSchema = z.object({
  exitCode: z.int(),
  stdout: z.string(),
  stderr: z.string(),
});

/** The answer to one emitted event (the `--json` shape of `hookpanel emit`, plus `protocol`). */
export const EmitAnswerSchema = z.object({
  eventId: z.string(),
  decision: DecisionSchema,
  reason: z.string().nullable(),
  /** pw/claude `additionalContext` joined in config order. */
  context: z.string().nullable(),
  /** pw/claude `updatedInput`, chrys `modify` args. */
  updatedInput: z.unknown().optional(),
  /** pw/claude hookSpecificOutput.permissionDecision when a hook gave one. */
  permissionDecision: z.string().nullable(),
  dispatches: z.array(DispatchSummarySchema),
  protocol: ProtocolAnswerSchema,
});
export type EmitAnswer = z.infer<typeof EmitAnswerSchema>;

/**
 * The answer checked against its schema; throws naming each key that is wrong. The host checks every
 * answer before sending it: the validator generated from the schema passes a good one in a few
 * microseconds, where zod's parse took a tenth of a millisecond of each event's path; zod reads a bad
 * one, for its words.
 */
export function checkEmitAnswer(value: unknown): EmitAnswer {
  if ((validate as (v: unknown) => boolean)(value)) return value as EmitAnswer;
  const parsed = EmitAnswerSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new Error(
    parsed.error.issues.map((i) => `${i.path.join('.') || '(the answer)'}: ${i.message}`).join('; '),
  );
}
