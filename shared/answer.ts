// The answer to one emitted event: what the host sends back over the local socket and `hookpanel emit`
// reads (and prints with --json). One schema, checked on both sides. Written with zod/mini so the
// bridge's light path can carry it as a small bundle (see electron/cli/answer.ts).
import * as z from 'zod/mini';

export const DecisionSchema = z.enum(['allow', 'block', 'cancel']);
export type Decision = z.infer<typeof DecisionSchema>;

export const OutcomeSchema = z.enum(['ok', 'failed', 'timeout', 'blocked', 'skipped']);
export type Outcome = z.infer<typeof OutcomeSchema>;

export const DispatchSummarySchema = z.object({
  rule: z.string(),
  source: z.string(),
  outcome: OutcomeSchema,
  exitCode: z.nullable(z.int()),
  signal: z.nullable(z.string()),
  timedOut: z.boolean(),
  durationMs: z.number(),
  skipReason: z.nullable(z.string()),
});
export type DispatchSummary = z.infer<typeof DispatchSummarySchema>;

/** The answer in the harness's own hook protocol. */
export const ProtocolAnswerSchema = z.object({
  exitCode: z.int(),
  stdout: z.string(),
  stderr: z.string(),
});
export type ProtocolAnswer = z.infer<typeof ProtocolAnswerSchema>;

/** The answer to one emitted event (the `--json` shape of `hookpanel emit`, plus `protocol`). */
export const EmitAnswerSchema = z.object({
  eventId: z.string(),
  decision: DecisionSchema,
  reason: z.nullable(z.string()),
  /** pw/claude `additionalContext` joined in config order. */
  context: z.nullable(z.string()),
  /** pw/claude `updatedInput`, chrys `modify` args. */
  updatedInput: z.optional(z.unknown()),
  /** pw/claude hookSpecificOutput.permissionDecision when a hook gave one. */
  permissionDecision: z.nullable(z.string()),
  dispatches: z.array(DispatchSummarySchema),
  protocol: ProtocolAnswerSchema,
});
export type EmitAnswer = z.infer<typeof EmitAnswerSchema>;

/** The answer checked against its schema; throws naming each key that is wrong. */
export function checkEmitAnswer(value: unknown): EmitAnswer {
  const parsed = EmitAnswerSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new Error(
    parsed.error.issues
      .map((i) => {
        const key = i.path.join('.') || '(the answer)';
        if (i.code === 'invalid_type') return `${key}: expected ${i.expected}`;
        if (i.code === 'invalid_value') return `${key}: expected one of ${i.values.join(', ')}`;
        return `${key}: ${i.code}`;
      })
      .join('; '),
  );
}
