// What the engine records and answers: runtime-neutral, validated wherever it crosses a boundary.
import { z } from 'zod';
import { DialectSchema } from './model.js';

export const DecisionSchema = z.enum(['allow', 'block', 'cancel']);
export type Decision = z.infer<typeof DecisionSchema>;

export const OutcomeSchema = z.enum(['ok', 'failed', 'timeout', 'blocked', 'skipped']);
export type Outcome = z.infer<typeof OutcomeSchema>;

export const DispatchRecordSchema = z.object({
  type: z.literal('dispatch'),
  id: z.string(),
  eventId: z.string(),
  time: z.string(),
  dialect: DialectSchema,
  event: z.string(),
  workspace: z.string().nullable(),
  source: z.string(),
  rule: z.string(),
  ruleIndex: z.number().int(),
  handler: z.string(),
  mode: z.string(),
  pid: z.number().int().nullable(),
  durationMs: z.number().nonnegative(),
  exitCode: z.number().int().nullable(),
  signal: z.string().nullable(),
  timedOut: z.boolean(),
  groupKilled: z.boolean(),
  outcome: OutcomeSchema,
  /** Why a matched rule did not run (untrusted, dormant, disabled, paused, chain ended). */
  skipReason: z.string().nullable(),
  decision: DecisionSchema.nullable(),
  reason: z.string().nullable(),
  stdoutTail: z.string(),
  stderrTail: z.string(),
});
export type DispatchRecord = z.infer<typeof DispatchRecordSchema>;

export const EventRecordSchema = z.object({
  type: z.literal('event'),
  id: z.string(),
  time: z.string(),
  dialect: DialectSchema,
  event: z.string(),
  workspace: z.string().nullable(),
  sessionId: z.string().nullable(),
  payloadDigest: z.string(),
  /** The payload, or its first bytes when it is larger than the history bound. */
  payload: z.unknown(),
  payloadTruncated: z.boolean(),
  decision: DecisionSchema,
  reason: z.string().nullable(),
  durationMs: z.number().nonnegative(),
  dispatchCount: z.number().int(),
  /** Rules that matched but did not run because their file is not trusted. */
  untrustedSkips: z.number().int(),
});
export type EventRecord = z.infer<typeof EventRecordSchema>;

export const HistoryRecordSchema = z.discriminatedUnion('type', [EventRecordSchema, DispatchRecordSchema]);
export type HistoryRecord = z.infer<typeof HistoryRecordSchema>;

/** The answer to one emitted event (the `--json` shape of `hookpanel emit`). */
export interface EmitAnswer {
  eventId: string;
  decision: Decision;
  reason: string | null;
  /** pw/claude `additionalContext` joined in config order. */
  context: string | null;
  /** pw/claude `updatedInput`, chrys `modify` args. */
  updatedInput: unknown;
  /** pw/claude hookSpecificOutput.permissionDecision when a hook gave one. */
  permissionDecision: string | null;
  dispatches: {
    rule: string;
    source: string;
    outcome: Outcome;
    exitCode: number | null;
    signal: string | null;
    timedOut: boolean;
    durationMs: number;
    skipReason: string | null;
  }[];
  /** The answer in the harness's own hook protocol. */
  protocol: { exitCode: number; stdout: string; stderr: string };
}

/** What the engine publishes for notifications. */
export type EngineSignal =
  | { kind: 'turnDone'; dialect: string; workspace: string | null; eventId: string; agent: string }
  | {
      kind: 'blocked';
      dialect: string;
      workspace: string | null;
      eventId: string;
      rule: string;
      reason: string | null;
    }
  | {
      kind: 'hookFailed';
      dialect: string;
      workspace: string | null;
      eventId: string;
      dispatchId: string;
      rule: string;
      outcome: Outcome;
      reason: string | null;
    }
  | { kind: 'reviewNeeded'; dialect: string; workspace: string | null; eventId: string; paths: string[] };
