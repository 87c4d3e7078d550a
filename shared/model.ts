// The runtime-neutral model: what a source, rule, diagnostic and dispatch are.
// Every boundary (CLI JSON, IPC, history file) validates against these schemas.
import { z } from 'zod';
import { DialectSchema } from './value-schemas.js';
import { DIALECT_IDS, type Dialect } from './dialects.js';

/** Every dialect's id, from the manifests (shared/dialects.ts). */
export const DIALECTS = DIALECT_IDS;
export type { Dialect };

export const SeveritySchema = z.enum(['error', 'warning', 'info']);
export type Severity = z.infer<typeof SeveritySchema>;

export const DiagnosticSchema = z.object({
  severity: SeveritySchema,
  code: z.string(),
  message: z.string(),
  /** The file the diagnostic is about (usually the source itself, sometimes a script it points at). */
  path: z.string(),
  line: z.number().int().nullable(),
  column: z.number().int().nullable(),
  ruleIndex: z.number().int().nullable(),
  /** Dotted key path inside the file, e.g. `hooks[2].execution.mode`. */
  key: z.string().nullable(),
  /** The offending line of text, for display beside the message. */
  excerpt: z.string().nullable(),
});
export type Diagnostic = z.infer<typeof DiagnosticSchema>;

export const HandlerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('exec'), argv: z.array(z.string()).min(1) }),
  z.object({ kind: z.literal('shell'), command: z.string() }),
  z.object({
    kind: z.literal('script'),
    path: z.string(),
    interpreter: z.array(z.string()),
    args: z.array(z.string()),
  }),
  z.object({ kind: z.literal('append'), path: z.string() }),
  z.object({ kind: z.literal('http'), url: z.string(), headers: z.record(z.string(), z.string()) }),
  z.object({ kind: z.literal('mcp_tool'), server: z.string(), tool: z.string(), input: z.unknown() }),
  z.object({ kind: z.literal('prompt'), prompt: z.string(), model: z.string().nullable() }),
  z.object({ kind: z.literal('agent'), prompt: z.string(), model: z.string().nullable() }),
]);
export type Handler = z.infer<typeof HandlerSchema>;
export type HandlerKind = Handler['kind'];

export const ChrysArgMatchSchema = z.object({
  equals: z.string().optional(),
  contains: z.string().optional(),
  regex: z.string().optional(),
});
export const ChrysMatchSchema = z.object({
  profile: z.string().optional(),
  profiles: z.array(z.string()).optional(),
  tool_kind: z.string().optional(),
  tool_name: z.string().optional(),
  args: z.record(z.string(), ChrysArgMatchSchema).optional(),
});
export type ChrysMatch = z.infer<typeof ChrysMatchSchema>;

/**
 * How a rule's run relates to the event:
 * - `blocking`: awaited, may decide (chrys blocking, pw/claude sync command hooks, io gates)
 * - `async`: awaited at turn end (chrys async)
 * - `fire_and_forget`: never awaited (chrys default, pw `async: true`)
 * - `observer`: runs after the event, cannot decide (arya, io `on` hooks)
 */
export const RuleModeSchema = z.enum(['blocking', 'async', 'fire_and_forget', 'observer']);
export type RuleMode = z.infer<typeof RuleModeSchema>;

export const RuleSchema = z.object({
  /** Position of the rule in its file, counted in file order from 0. */
  index: z.number().int(),
  /** id (chrys), name (arya), or a generated label (`PreToolUse[0].hooks[1]`). */
  name: z.string(),
  /** Events this rule listens to; `*` means every event. */
  events: z.array(z.string()),
  /** pw/claude matcher (null = every occurrence); io `tools` joined; chrys match summary. */
  matcher: z.string().nullable(),
  tools: z.array(z.string()).nullable(),
  match: ChrysMatchSchema.nullable(),
  handler: HandlerSchema,
  timeoutMs: z.number().int().nonnegative(),
  mode: RuleModeSchema,
  /**
   * What happens when the hook fails: arya `record`; io continue/cancel/refuse; chrys block/warn/ignore;
   * pw fail-open/fail-closed.
   */
  errorPolicy: z.string(),
  enabled: z.boolean(),
  dormant: z.boolean(),
  dormantReason: z.string().nullable(),
  detach: z.boolean(),
  durable: z.boolean(),
  env: z.record(z.string(), z.string()),
  cwd: z.string().nullable(),
  description: z.string().nullable(),
  /** pw/claude: index of the matcher group within the event, and of the hook within the group. */
  group: z.number().int().nullable(),
  hookIndex: z.number().int().nullable(),
  line: z.number().int().nullable(),
  column: z.number().int().nullable(),
});
export type Rule = z.infer<typeof RuleSchema>;

export const SOURCE_STATES = [
  'active',
  'absent',
  'invalid',
  'refused',
  'untrusted',
  'dormant',
  'disabled',
] as const;
export const SourceStateSchema = z.enum(SOURCE_STATES);
export type SourceState = z.infer<typeof SourceStateSchema>;

export const RoleSchema = z.enum(['hosted', 'inspected']);
export type Role = z.infer<typeof RoleSchema>;

export const ScriptRefSchema = z.object({
  path: z.string(),
  sha256: z.string().nullable(),
  /**
   * A folder watched in place of files Hookpanel cannot pin (a pattern, a variable, PATH into the
   * project): its digest covers every file under it.
   */
  folder: z.boolean().optional(),
});
export type ScriptRef = z.infer<typeof ScriptRefSchema>;

export const SourceSchema = z.object({
  path: z.string(),
  dialect: DialectSchema,
  /** user, global, project, local (and `hosted` for Hookpanel's own claude file). */
  layer: z.string(),
  /** Lower runs/lists first within a dialect's own merge order. */
  priority: z.number().int(),
  role: RoleSchema,
  state: SourceStateSchema,
  /** Whether this file comes with a workspace and so needs trust before it runs. */
  projectScoped: z.boolean(),
  workspace: z.string().nullable(),
  sha256: z.string().nullable(),
  /** Scripts that rules point at; trust covers their bytes too. */
  scripts: z.array(ScriptRefSchema),
  rules: z.array(RuleSchema),
  diagnostics: z.array(DiagnosticSchema),
  /** Dialect-level settings declared by the file (chrys `settings`, pw `allowedEnvVars`, …). */
  settings: z.record(z.string(), z.unknown()),
  /**
   * An agent's own file that the agent itself does not run while Hookpanel guards it (Claude Code's
   * guarded mode): Hookpanel runs it in the agent's place, only once trusted.
   */
  guarded: z.boolean().optional(),
});
export type Source = z.infer<typeof SourceSchema>;
