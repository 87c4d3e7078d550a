// What the engine records and answers: runtime-neutral, validated wherever it crosses a boundary.
import { z } from 'zod';
import { DecisionSchema, OutcomeSchema } from './answer.js';
import { DialectSchema } from './value-schemas.js';

export { type Decision, type DispatchSummary, type EmitAnswer, type Outcome } from './answer.js';

/** What an event was about, in one line (call-summary.ts computes it). */
export const CallSummarySchema = z.object({
  /** The tool called (`Bash`, `Write`, io's `shell`), null for an event that is not a tool call. */
  tool: z.string().nullable(),
  /** What the call is about: a command, a file, a pattern or URL, or the prompt's first words. */
  subject: z.string().nullable(),
  /** Which of those the subject is, so the panel can show a command as a command. */
  kind: z.enum(['command', 'path', 'prompt', 'text']).nullable(),
});
export type CallSummary = z.infer<typeof CallSummarySchema>;

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
  /** Why a matched rule did not run (untrusted, dormant, disabled, paused, not for the machine, chain ended). */
  skipReason: z.string().nullable(),
  decision: DecisionSchema.nullable(),
  reason: z.string().nullable(),
  stdoutTail: z.string(),
  stderrTail: z.string(),
  /** The machine its event came from (user@host), for an agent reached over ssh; absent for this one. */
  machine: z.string().optional(),
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
  /** The tool and its command or file, or the prompt's first words (absent in records from before it). */
  call: CallSummarySchema.optional(),
  decision: DecisionSchema,
  reason: z.string().nullable(),
  durationMs: z.number().nonnegative(),
  dispatchCount: z.number().int(),
  /** Rules that matched but did not run because their file is not trusted. */
  untrustedSkips: z.number().int(),
  /**
   * A permission request held for a person (Ask me): `waiting` until they answer, then `answered`
   * (the decision and reason are theirs) or `unanswered` (no decision: the agent decides; also when
   * Hookpanel stopped while it waited). Absent on every other event.
   */
  held: z.enum(['waiting', 'answered', 'unanswered']).optional(),
  /** The machine it came from (user@host), for an agent reached over ssh; absent for this one. */
  machine: z.string().optional(),
});
export type EventRecord = z.infer<typeof EventRecordSchema>;

export const HistoryRecordSchema = z.discriminatedUnion('type', [EventRecordSchema, DispatchRecordSchema]);
export type HistoryRecord = z.infer<typeof HistoryRecordSchema>;

const SignalBase = {
  dialect: DialectSchema,
  workspace: z.string().nullable(),
  eventId: z.string(),
  /** The machine its event came from (user@host), for an agent reached over ssh; absent for this one. */
  machine: z.string().optional(),
};

/** What the engine reports for notifications; the host checks each one as it takes it from the engine. */
export const EngineSignalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('turnDone'), ...SignalBase, agent: z.string() }),
  z.object({
    kind: z.literal('blocked'),
    ...SignalBase,
    rule: z.string(),
    reason: z.string().nullable(),
    /** The dispatch that decided, what it runs (to name it by) and its file, where one did. */
    dispatchId: z.string().nullable().optional(),
    handler: z.string().nullable().optional(),
    source: z.string().nullable().optional(),
  }),
  z.object({
    kind: z.literal('hookFailed'),
    ...SignalBase,
    dispatchId: z.string(),
    rule: z.string(),
    outcome: OutcomeSchema,
    reason: z.string().nullable(),
    handler: z.string().optional(),
    source: z.string().optional(),
  }),
  z.object({ kind: z.literal('reviewNeeded'), ...SignalBase, paths: z.array(z.string()) }),
]);
export type EngineSignal = z.infer<typeof EngineSignalSchema>;
