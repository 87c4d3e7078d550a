// An agent's permission request held for a person (issue 15), and the person's answer: the shapes the
// panel, `hookpanel requests --json` and `hookpanel answer` share.
import { z } from 'zod';
import { DialectSchema } from './model.js';

export const WaitingRequestSchema = z.object({
  /** Short and stable while it waits: what `hookpanel answer <id>` takes. */
  id: z.string(),
  agent: DialectSchema,
  /** When it reached the host, and when the host gives up and answers "no decision" (ISO times). */
  since: z.string(),
  deadline: z.string(),
  tool: z.string().nullable(),
  /** The command, file or other input the tool would act on, as one line. */
  subject: z.string().nullable(),
  /** Codex's justification for leaving the sandbox (tool_input.description). */
  justification: z.string().nullable(),
  workspace: z.string().nullable(),
  sessionId: z.string().nullable(),
  /** The event's id in History. */
  eventId: z.string(),
});
export type WaitingRequest = z.infer<typeof WaitingRequestSchema>;

export const PermissionChoiceSchema = z.object({
  behavior: z.enum(['allow', 'deny']),
  /** With deny: told to the model. */
  reason: z.string().trim().max(2000).nullable().default(null),
});
export type PermissionChoice = z.infer<typeof PermissionChoiceSchema>;

export const AnswerRequestSchema = z.object({ id: z.string().min(1).max(100) }).and(PermissionChoiceSchema);

/** Ask me for one agent: off by default; `tools` limits it to those tool names (empty: every tool). */
export const AskMeSchema = z.object({
  on: z.boolean().default(false),
  tools: z.array(z.string().min(1)).default([]),
  /** How long the host holds a request before it answers "no decision": a little under the hook's 600 s. */
  waitSeconds: z.number().int().positive().max(3600).default(590),
});
export type AskMe = z.infer<typeof AskMeSchema>;
