// The contract's shapes for History by session: a session as listed, and its timeline's entries.
import { z } from 'zod';
import { CallSummarySchema, DispatchRecordSchema, EventRecordSchema } from './dispatch.js';
import { DialectSchema } from './value-schemas.js';

export const SessionSchema = z.object({
  /** The key its events are grouped by (the agent and its session id, else its workspace). */
  key: z.string(),
  dialect: DialectSchema,
  sessionId: z.string().nullable(),
  workspace: z.string().nullable(),
  /** Its first and last event (ms). */
  first: z.number(),
  last: z.number(),
  events: z.number().int(),
  blocks: z.number().int(),
});
export type SessionInfo = z.infer<typeof SessionSchema>;

const Cursor = z.object({ time: z.number(), seq: z.number().int() });

export const TimelineEntrySchema = z.object({
  /** The event without its payload (its detail is a click away), with what it was about. */
  event: EventRecordSchema.omit({ payload: true }).extend({ call: CallSummarySchema }),
  /** Its rule runs (a person's answer to a request among them), in the order they ran. */
  dispatches: z.array(DispatchRecordSchema),
  /** Whether the agent's turn ended with it. */
  turnEnd: z.boolean(),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

export const SessionChannels = {
  'history:sessions': {
    req: z.object({
      dialect: DialectSchema.optional(),
      workspace: z.string().optional(),
      /** One session, by its key: a timeline's summary, however old the session. */
      key: z.string().optional(),
      before: z.number().optional(),
      limit: z.number().int().positive().max(5000),
    }),
    res: z.array(SessionSchema),
  },
  'history:timeline': {
    req: z.object({
      key: z.string(),
      after: Cursor.nullable(),
      limit: z.number().int().positive().max(5000),
    }),
    res: z.object({ entries: z.array(TimelineEntrySchema), next: Cursor.nullable() }),
  },
} as const;
