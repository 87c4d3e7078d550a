// An agent's permission request held for a person (docs/agents/permission-requests.md), and the
// person's answer: the shapes the panel, `hookpanel requests --json` and `hookpanel answer` share.
import { z } from 'zod';
import { DialectSchema } from './value-schemas.js';

// ---- "Always allow" (docs/agents/permission-requests.md, "Always allow"): the exact rule offered, and
// the person's confirmation of it.

/** One rule set "Always allow" can write, computed by the host from the request's payload. */
export const AlwaysOfferSchema = z.object({
  /** The rules exactly as they will be written: `Bash(git status)`, or a Codex `prefix_rule(…)` line. */
  rules: z.array(z.string()).min(1),
  /** The file they go in; null: this session only, nothing written. */
  file: z.string().nullable(),
  /** That place in words: "this project's local settings", "this session only, nothing written". */
  where: z.string(),
  /** Who writes it: the agent (Claude Code applies the suggestion itself) or Hookpanel (Codex's rules). */
  writer: z.enum(['agent', 'hookpanel']),
  /**
   * Codex: the command's words. The rule is a prefix_rule for these or for a shorter leading part of
   * them (at least `minWords`), which the person may choose; null for a rule that cannot be shortened.
   */
  words: z.array(z.string()).nullable(),
  minWords: z.number().int().positive().nullable(),
});
export type AlwaysOffer = z.infer<typeof AlwaysOfferSchema>;

export const AlwaysSchema = z.object({
  offers: z.array(AlwaysOfferSchema),
  /** Why nothing is offered, when `offers` is empty. */
  whyNot: z.string().nullable(),
});
export type Always = z.infer<typeof AlwaysSchema>;

/** The person's "Allow always": which offer, and its rules exactly as shown (a shortened prefix too). */
export const AlwaysChoiceSchema = z.object({
  offer: z.number().int().min(0).max(100),
  rules: z.array(z.string().max(20_000)).min(1).max(100),
});
export type AlwaysChoice = z.infer<typeof AlwaysChoiceSchema>;

/** A string as Starlark writes it (Codex's rules files): JSON's escapes are Starlark's too. */
const starlark = (s: string) => JSON.stringify(s);

/** Codex's exec-policy rule that allows every command starting with these words. */
export function prefixRule(words: readonly string[]): string {
  return `prefix_rule(pattern=[${words.map(starlark).join(', ')}], decision="allow")`;
}

/** The rules an offer writes when the person keeps `count` of its words (Codex), else its rules. */
export function offerRules(offer: AlwaysOffer, count?: number): string[] {
  if (!offer.words || count === undefined) return offer.rules;
  return [prefixRule(offer.words.slice(0, count))];
}

/**
 * A flag of Trust review's (electron/host/trust/review-risks.ts) raised by what the request would do:
 * the person is asked to look, and no answer is offered as the obvious one.
 */
export const RequestRiskSchema = z.object({
  kind: z.string(),
  /** Plain words: "Deletes files recursively". */
  title: z.string(),
  /** Why that matters, in one sentence. */
  explain: z.string(),
  /** What in the request raised it: "rm -rf build". */
  because: z.string(),
});
export type RequestRisk = z.infer<typeof RequestRiskSchema>;

/** What a Write or Edit request would do to its file: its content, or the change as diff hunks. */
export const FileChangeSchema = z.object({
  path: z.string(),
  /** `create`: a new file with `content`; `replace`, `edit`: `diff` against the file as it is now. */
  kind: z.enum(['create', 'replace', 'edit']),
  content: z.string().nullable(),
  /** Unified diff hunks (`@@ … @@` and their lines), no file header. */
  diff: z.string().nullable(),
  /** Only the first part is shown (a long file). */
  truncated: z.boolean(),
  /** Edit: the text to replace was not found in the file as it is now, so the diff is of the edit alone. */
  note: z.string().nullable(),
});
export type FileChange = z.infer<typeof FileChangeSchema>;

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
  /** What "Always allow" would write for this request, or why it is not offered (absent: not computed). */
  always: AlwaysSchema.optional(),
  /** Trust review's risk flags on the command or file (absent: not computed). */
  risks: z.array(RequestRiskSchema).optional(),
  /** Write and Edit: the file and what would be written (absent: not a file change). */
  change: FileChangeSchema.optional(),
  /** The machine it came from (user@host), for an agent reached over ssh; absent for this computer. */
  machine: z.string().optional(),
});
export type WaitingRequest = z.infer<typeof WaitingRequestSchema>;

export const PermissionChoiceSchema = z.object({
  behavior: z.enum(['allow', 'deny']),
  /** With deny: told to the model. */
  reason: z.string().trim().max(2000).nullable().default(null),
  /** With allow: the person confirmed this "always" rule, exactly as it was shown. */
  always: AlwaysChoiceSchema.optional(),
});
export type PermissionChoice = z.infer<typeof PermissionChoiceSchema>;

/** What answering says: `hookpanel answer --json` prints it; the panel shows the message. */
export const AnswerResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  /** The request answered; null when the answer was refused. */
  request: WaitingRequestSchema.nullable(),
});
export type AnswerResult = z.infer<typeof AnswerResultSchema>;

export const AnswerRequestSchema = z.object({ id: z.string().min(1).max(100) }).and(PermissionChoiceSchema);

/** Ask me for one agent: off by default; `tools` limits it to those tool names (empty: every tool). */
export const AskMeSchema = z.object({
  on: z.boolean().default(false),
  tools: z.array(z.string().min(1)).default([]),
  /** How long the host holds a request before it answers "no decision": a little under the hook's 600 s. */
  waitSeconds: z.number().int().positive().max(3600).default(590),
});
export type AskMe = z.infer<typeof AskMeSchema>;
