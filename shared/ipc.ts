// The one contract between the panel and the host: every request channel and every pushed event,
// each with zod schemas. The Electron main process and the browser-mode server both validate
// against it; the renderer talks only through a client typed by it.
import { z } from 'zod';
import { RuleMachinesMapSchema } from './rule-machines.js';
import { AnswerRequestSchema, AskMeSchema, WaitingRequestSchema } from './permissions.js';
import { ConnectSummarySchema } from './connect-summary.js';
import { REQUEST_CHANNELS, PUSH_EVENTS, type Channel, type Push } from './channels.js';
import { DispatchRecordSchema, EventRecordSchema, HistoryRecordSchema } from './dispatch.js';
import { SessionChannels } from './history-sessions.js';
import { MachineChannels, MachineViewSchema } from './machines.js';
import { SourceSchema } from './model.js';
import { DialectSchema, HttpUrlSchema } from './value-schemas.js';
import { RISK_KINDS, type RiskKind } from './risks.js';

const Workspace = z.string().min(1).nullable();
const Filter = z.object({
  dialect: DialectSchema.optional(),
  event: z.string().optional(),
  rule: z.string().optional(),
  outcome: z.string().optional(),
  since: z.number().optional(),
  until: z.number().optional(),
  text: z.string().optional(),
  workspace: z.string().optional(),
  /** Records of one machine (user@host), or THIS_COMPUTER's own (shared/machines.ts). */
  machine: z.string().optional(),
  /** One event: its summary, or the dispatches it made. */
  eventId: z.string().optional(),
});
export type HistoryFilterInput = z.infer<typeof Filter>;

export const EventSpecSchema = z.object({
  name: z.string(),
  description: z.string(),
  matcherField: z.string().nullable(),
  blockable: z.boolean(),
  dormantReason: z.string().nullable(),
  toolEvent: z.boolean(),
  sample: z.record(z.string(), z.unknown()),
});

export const PlannedRunSchema = z.object({
  rule: z.string(),
  source: z.string(),
  handler: z.string(),
  argv: z.array(z.string()).nullable(),
  mode: z.string(),
  runClass: z.string(),
  timeoutMs: z.number(),
  skip: z.string().nullable(),
  canDecide: z.boolean(),
});

export const DryRunSchema = z.object({
  workspace: z.string().nullable(),
  runs: z.array(PlannedRunSchema),
  /** What the decision is before any hook answers, and what could change it. */
  predicted: z.object({ decision: z.enum(['allow', 'block', 'cancel']), because: z.string() }),
});
export type DryRun = z.infer<typeof DryRunSchema>;

/** Flags loud enough to colour a command red and to ask for a deliberate confirm even on a first trust. */
export const LOUD_RISKS: readonly RiskKind[] = ['sends-credentials', 'runs-download', 'runs-hidden-code'];
export const RiskSchema = z.object({
  kind: z.enum(RISK_KINDS),
  /** Plain words: "Sends credentials over the network". */
  title: z.string(),
  /** Why that matters, in one sentence. */
  explain: z.string(),
  /** What in the command raised it: "curl to https://x.example, with ~/.ssh/id_rsa". */
  because: z.string(),
});
export type Risk = z.infer<typeof RiskSchema>;

/** A command against the last trusted version: `new` when the file was never trusted. */
export const ChangeStatusSchema = z.enum(['new', 'added', 'changed', 'removed', 'unchanged']);
export type ChangeStatus = z.infer<typeof ChangeStatusSchema>;

/** What runs: an argv, a shell string, or something else described in words (http, mcp_tool, prompt). */
const RunsSchema = z.object({
  argv: z.array(z.string()).nullable(),
  shell: z.string().nullable(),
  other: z.string().nullable(),
});
export type ReviewRuns = z.infer<typeof RunsSchema>;

export const ReviewCommandSchema = RunsSchema.extend({
  /** Stable within the item, for the panel's lists. */
  key: z.string(),
  /** The rule's name, or `mcpServers.NAME` for a server. */
  rule: z.string(),
  event: z.string(),
  matcher: z.string().nullable(),
  kind: z.enum(['rule', 'server']),
  status: ChangeStatusSchema,
  /** What ran before, for `changed`. */
  before: RunsSchema.nullable(),
  /** Other differences in plain words: "timeout: 60 s → 600 s", "the script it runs changed". */
  changes: z.array(z.string()),
  risks: z.array(RiskSchema),
  /** Scripts this command runs (paths among the item's scripts). */
  scripts: z.array(z.string()),
  /**
   * Where the files it runs cannot be known ahead of time, each reason in plain words with the folders
   * watched instead ("it runs the files a pattern matches (hooks/*.sh); any change under hooks/ …").
   */
  unpinned: z.array(z.string()),
});
export type ReviewCommand = z.infer<typeof ReviewCommandSchema>;

export const ReviewScriptSchema = z.object({
  path: z.string(),
  sha256: z.string().nullable(),
  status: ChangeStatusSchema,
  /** Unified diff against the trusted copy (changed scripts whose copy is kept). */
  diff: z.string().nullable(),
  /** Null when the file is missing or too large to show. */
  text: z.string().nullable(),
  risks: z.array(RiskSchema),
  /** What limits this review of it (too large to show, read for flags in part), or null. */
  note: z.string().nullable(),
  /** A folder watched in place of files Hookpanel cannot pin: its status covers every file under it. */
  folder: z.boolean().optional(),
});
export type ReviewScript = z.infer<typeof ReviewScriptSchema>;

/** Project files waiting for review, per known workspace that has any (the sidebar's badge). */
const WaitingReviewsSchema = z.array(
  z.object({
    workspace: z.string(),
    files: z.array(z.object({ path: z.string(), dialect: DialectSchema })),
  }),
);
export type WaitingReviews = z.infer<typeof WaitingReviewsSchema>;

export const ReviewItemSchema = z.object({
  source: SourceSchema,
  status: z.enum(['untrusted', 'changed', 'trusted']),
  trustedAt: z.string().nullable(),
  /**
   * What kind of change, by meaning: never trusted; formatting only (same rules, settings, servers and
   * scripts); what runs changed; only scripts changed; unchanged; or unknown (the trusted copy is gone).
   */
  change: z.enum(['new', 'formatting', 'changed', 'scripts', 'same', 'unknown']),
  /** Plain-words lines, biggest risk first; the CLI prints the same lines. */
  summary: z.array(z.string()),
  /** File-level settings that changed (chrys settings and the like), as JSON text. */
  settings: z.array(
    z.object({ key: z.string(), before: z.string().nullable(), after: z.string().nullable() }),
  ),
  /** A deliberate confirm is asked before trusting: a trusted file gained or changed what it runs, or a loud flag. */
  confirm: z.boolean(),
  /** Unified diff against the last trusted bytes (null when never trusted), one click away. */
  diff: z.string().nullable(),
  text: z.string().nullable(),
  commands: z.array(ReviewCommandSchema),
  scripts: z.array(ReviewScriptSchema),
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

const BudgetMs = z.number().int().positive().nullable();
export const BudgetDefaultsSchema = z.object({ tool: BudgetMs, turn: BudgetMs, other: BudgetMs });

export const NotificationKindSchema = z.enum([
  'turnDone',
  'blocked',
  'hookFailed',
  'reviewNeeded',
  'overBudget',
  /** An agent's permission request waits (Ask me): a desktop notification only, the card is in the panel. */
  'permissionRequest',
]);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

export const NotificationSchema = z.object({
  id: z.string(),
  kind: NotificationKindSchema,
  title: z.string(),
  body: z.string(),
  time: z.string(),
  /** How many repeats were collapsed into this one. */
  count: z.number().int(),
  /** Where a click leads in the panel. */
  target: z.object({
    view: z.enum(['history', 'review', 'cost']),
    eventId: z.string().nullable(),
    dispatchId: z.string().nullable(),
    path: z.string().nullable(),
  }),
});
export type PanelNotification = z.infer<typeof NotificationSchema>;

/** Each dialect's options (declared in its manifest) by dialect id and option key. */
export const DialectOptionsSchema = z.record(z.string(), z.record(z.string(), z.boolean()));
export type DialectOptions = z.infer<typeof DialectOptionsSchema>;

export const PanelSettingsSchema = z.object({
  paused: z.boolean(),
  /** Every declared option's value (its default where unset). */
  dialectOptions: DialectOptionsSchema,
  notifications: z.record(NotificationKindSchema, z.boolean()),
  workspaces: z.array(z.string()),
  historyMaxBytes: z.number().int().positive(),
  historyMaxAgeDays: z.number().int().positive(),
  /** Latency budgets (ms, null: none): a default per event kind, and per rule keyed `source#rule`. */
  budgetDefaults: BudgetDefaultsSchema,
  ruleBudgets: z.record(z.string(), z.number().int().positive().nullable()),
  /** Where hosted rules run, keyed `source#rule`; a rule with no entry runs everywhere. */
  ruleMachines: RuleMachinesMapSchema,
  startAtLogin: z.boolean(),
  /** Per-file role overrides: hosted (Hookpanel runs it) or inspected (its agent does). */
  roles: z.record(z.string(), z.enum(['hosted', 'inspected'])),
  /** Messages API base URL for prompt and agent hooks (null: ANTHROPIC_BASE_URL, else Anthropic's). */
  modelBaseUrl: HttpUrlSchema.nullable(),
  /** Whether an API key is saved; the key itself never leaves the host. */
  modelApiKeySet: z.boolean(),
  /** Ask me per agent (every agent that can be asked, defaults filled in). */
  askMe: z.record(z.string(), AskMeSchema),
});
export type PanelSettings = z.infer<typeof PanelSettingsSchema>;
/** A settings change: the key is write-only (a string saves it, null forgets it). */
/** Options may be sent in part: only the keys given change. */
export const PanelSettingsUpdateSchema = PanelSettingsSchema.omit({ modelApiKeySet: true })
  .partial()
  .extend({ modelApiKey: z.string().trim().min(1).nullable().optional() });
export type PanelSettingsUpdate = z.infer<typeof PanelSettingsUpdateSchema>;

/** Time and failures per rule over the newest matching runs (electron/host/history/rule-stats.ts). */
export const RuleStatsSchema = z.object({
  rules: z.array(
    z.object({
      rule: z.string(),
      dialect: z.string(),
      /** The rule's file, what it runs and where it is in the file: same-named rules of two files differ. */
      source: z.string(),
      handler: z.string(),
      ruleIndex: z.number().int(),
      count: z.number(),
      failures: z.number(),
      medianMs: z.number(),
      p95Ms: z.number(),
    }),
  ),
  /** The runs counted, and when the oldest of them started (ISO 8601). */
  runs: z.number().int(),
  since: z.string().nullable(),
  /** False when older matching runs were left out. */
  complete: z.boolean(),
});

const DistributionSchema = z.object({
  count: z.number(),
  p50Ms: z.number().nullable(),
  p95Ms: z.number().nullable(),
  totalMs: z.number(),
});
const TallySchema = z.object({
  tool: DistributionSchema,
  turn: DistributionSchema,
  runs: z.number(),
  failures: z.number(),
  timeouts: z.number(),
});
/** What hooks cost over a range of days (histograms kept per day; percentiles within ±4%). */
export const CostReportSchema = z.object({
  days: z.array(z.string()),
  /** Per machine (null: this computer), the most costly first; empty while every figure is this computer's. */
  machines: z.array(TallySchema.extend({ machine: z.string().nullable() })),
  agents: z.array(TallySchema.extend({ dialect: z.string() })),
  daily: z.array(TallySchema.extend({ day: z.string() })),
  events: z.array(
    z.object({
      dialect: z.string(),
      event: z.string(),
      tool: z.string().nullable(),
      kind: z.string(),
      cost: DistributionSchema,
    }),
  ),
  rules: z.array(
    z.object({
      dialect: z.string(),
      source: z.string(),
      rule: z.string(),
      events: z.array(z.string()),
      runs: z.number(),
      failures: z.number(),
      timeouts: z.number(),
      added: DistributionSchema,
      /** The budget that applies (the rule's own, else its event kind's default), null for none. */
      budgetMs: z.number().nullable(),
    }),
  ),
});
export type CostReport = z.infer<typeof CostReportSchema>;

/** A rule whose recent p95 went over its latency budget (flagged once, until it recovers). */
export const BudgetFlagSchema = z.object({
  dialect: z.string(),
  source: z.string(),
  rule: z.string(),
  event: z.string(),
  tool: z.string().nullable(),
  p95Ms: z.number(),
  budgetMs: z.number(),
  samples: z.number(),
  since: z.string(),
});
export type BudgetFlag = z.infer<typeof BudgetFlagSchema>;

/** The one-time import of the JSON-lines history into the database. */
export const HistoryImportSchema = z.object({
  state: z.enum(['importing', 'verifying', 'done', 'failed']),
  files: z.number(),
  bytesDone: z.number(),
  bytesTotal: z.number(),
  records: z.number(),
  unreadable: z.number(),
  message: z.string(),
});
export type HistoryImport = z.infer<typeof HistoryImportSchema>;

export const AgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** On this machine: its program, its own settings or its own folder (not files Hookpanel made). */
  detected: z.boolean(),
  /** Its program on PATH (null path: not installed) and the version it gives; null for hosted harnesses. */
  program: z
    .object({ name: z.string(), path: z.string().nullable(), version: z.string().nullable() })
    .nullable(),
  /** The settings file Connect edits: there or not, and whether Connect created it. */
  settings: z.object({ path: z.string(), exists: z.boolean(), createdByHookpanel: z.boolean() }).nullable(),
  /** The agent's own folder, and whether anything but what Hookpanel wrote is in it. */
  folder: z.object({ path: z.string(), used: z.boolean() }).nullable(),
  kind: z.enum(['hosted', 'own']),
  files: z.array(z.string()),
  connected: z.boolean(),
  /** Its guarded mode is on: every event comes through Hookpanel's system-wide file, connected or not. */
  guarded: z.boolean(),
  /** When Hookpanel connected it (ISO time), so the panel can say how long it has waited for an event. */
  connectedAt: z.string().nullable().optional(),
  lastEventAt: z.string().nullable(),
  what: z.string(),
});
export type Agent = z.infer<typeof AgentSchema>;

/**
 * How a person makes an agent run a hook it skips: `trust`, a click (Hookpanel records the agent's own
 * trust, the hook's `trustable`, once the command was seen); `words`, where only the person can: what
 * to do, in which file, and the exact text to put there, for the whole file or for this hook alone.
 */
export const AgentHookFixSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('trust') }),
  z.object({
    kind: z.literal('words'),
    scope: z.enum(['file', 'hook']),
    text: z.string(),
    file: z.string().nullable(),
    code: z.string().nullable(),
  }),
]);
export type AgentHookFix = z.infer<typeof AgentHookFixSchema>;

/** One hook of an agent's own files, as the agent itself will treat it (its trust gate, its switches). */
export const AgentHookTrustSchema = z.object({
  /** The source file and the rule's index in it (Rules places the badge by these). */
  path: z.string(),
  ruleIndex: z.number().int(),
  rule: z.string(),
  event: z.string(),
  matcher: z.string().nullable(),
  /** The exact command the agent would run. */
  command: z.string().nullable(),
  status: z.enum(['runs', 'skips', 'unknown']),
  /** The agent's own word for it: trusted, untrusted, modified, managed, folder-untrusted, off, … */
  state: z.string(),
  /** "Codex will run this" / "Codex will skip this: not trusted in Codex" / "unknown: Codex is not installed". */
  message: z.string(),
  /** Where Hookpanel can record the agent's trust for it (Codex): the key and hash, exactly as listed. */
  trustable: z.object({ key: z.string(), hash: z.string() }).nullable(),
  /** How to make the agent run it, where it skips it and a way is known. */
  fix: AgentHookFixSchema.nullish(),
  /**
   * Gemini CLI's fingerprint of a project hook (`name:command`) and whether Gemini has recorded it
   * (it warns once about a new one, records it, and runs it).
   */
  fingerprint: z.object({ key: z.string(), known: z.boolean() }).nullish(),
});
export type AgentHookTrust = z.infer<typeof AgentHookTrustSchema>;

export const AgentTrustReportSchema = z.object({
  dialect: DialectSchema,
  label: z.string(),
  hooks: z.array(AgentHookTrustSchema),
  /** How to make the agent run the hooks it skips, in words. */
  fix: z.string().nullable(),
  /** Whether the agent's program is on PATH; absent where the report does not depend on it. */
  installed: z.boolean().nullish(),
  /** The agent's trust of the workspace folder, where it has one (Gemini CLI), in words. */
  folder: z
    .object({ path: z.string(), trusted: z.boolean().nullable(), why: z.string(), file: z.string() })
    .nullish(),
});
export type AgentTrustReport = z.infer<typeof AgentTrustReportSchema>;

type Schemas = { req: z.ZodType; res: z.ZodType };

/** Every request channel (shared/channels.ts): its request and its response. */
// --- Ask me in Settings (README.md, "Ask me: answer an agent's permission request from Hookpanel") ---
/** Per agent that can be asked: the tools to offer, and what keeps its requests from Hookpanel. */
export const AskMeStatusSchema = z.object({
  agent: z.string(),
  label: z.string(),
  /** The agent's common tools, then those it asked about in History: what the panel offers as chips. */
  tools: z.array(z.string()),
  /** Of those, the ones it has asked about (History). */
  asked: z.array(z.string()),
  /** What the agent asks permission for, when narrower than any tool (Codex: shell commands). */
  scope: z.string().nullable(),
  /** Ask me is on but the requests cannot arrive: not connected, or connected without the hook. */
  gap: z
    .object({ kind: z.enum(['not-connected', 'no-bridge']), path: z.string(), message: z.string() })
    .nullable(),
});
export type AskMeStatus = z.infer<typeof AskMeStatusSchema>;
// --- end Ask me in Settings ---

export const REQUESTS = {
  'host:info': {
    req: z.object({}),
    res: z.object({
      /** Hookpanel's own home (settings, history, trust). */
      home: z.string(),
      /** The user's home folder, shown as ~ in paths. */
      userHome: z.string(),
      socket: z.string(),
      mode: z.enum(['electron', 'browser']),
      workspace: z.string().nullable(),
      folders: z.array(z.object({ dialect: DialectSchema, path: z.string(), layer: z.string() })),
    }),
  },
  'sources:list': {
    req: z.object({ workspace: Workspace }),
    res: z.object({ workspace: z.string().nullable(), sources: z.array(SourceSchema) }),
  },
  'sources:validate': {
    req: z.object({ workspace: Workspace }),
    res: z.object({ workspace: z.string().nullable(), sources: z.array(SourceSchema) }),
  },
  'sources:open': {
    req: z.object({ path: z.string().min(1), reveal: z.boolean() }),
    res: z.object({ ok: z.boolean(), message: z.string() }),
  },
  'catalog:events': { req: z.object({ dialect: DialectSchema }), res: z.array(EventSpecSchema) },
  /**
   * Rule runs newest first, with the events they belong to. Listed events carry their summary (`call`),
   * not their payload, unless the filter names one event (`eventId`); the same for `history:events`.
   */
  'history:query': {
    req: z.object({ filter: Filter, limit: z.number().int().positive().max(200_000) }),
    res: z.object({ dispatches: z.array(DispatchRecordSchema), events: z.array(EventRecordSchema) }),
  },
  /**
   * Events newest first, with or without rules (what `hookpanel history --events` lists). With a rule or
   * outcome filter: the events that have a dispatch matching it.
   */
  'history:events': {
    req: z.object({ filter: Filter, limit: z.number().int().positive().max(200_000) }),
    res: z.object({ events: z.array(EventRecordSchema) }),
  },
  'history:stats': { req: z.object({ filter: Filter }), res: RuleStatsSchema },
  'history:replay': { req: z.object({ eventId: z.string() }), res: DryRunSchema },
  'history:cost': {
    req: z.object({
      days: z.number().int().min(1).max(366),
      dialect: DialectSchema.optional(),
      /** One machine's (user@host), or THIS_COMPUTER's (shared/machines.ts). */
      machine: z.string().max(300).optional(),
    }),
    res: CostReportSchema,
  },
  'history:budgets': { req: z.object({}), res: z.array(BudgetFlagSchema) },
  'history:status': {
    req: z.object({}),
    res: z.object({
      import: HistoryImportSchema.nullable(),
      /** Every workspace an event was recorded in. */
      workspaces: z.array(z.string()),
    }),
  },
  /** How many records a filter matches (History's search says it), counted up to `max` + 1. */
  'history:count': {
    req: z.object({ kind: z.enum(['events', 'dispatches']), filter: Filter }),
    res: z.object({ count: z.number().int(), max: z.number().int() }),
  },
  ...SessionChannels,
  'fire:dryRun': {
    req: z.object({
      dialect: DialectSchema,
      event: z.string().min(1),
      payload: z.record(z.string(), z.unknown()),
      workspace: Workspace,
    }),
    res: DryRunSchema,
  },
  'fire:run': {
    req: z.object({
      dialect: DialectSchema,
      event: z.string().min(1),
      payload: z.record(z.string(), z.unknown()),
      workspace: Workspace,
    }),
    res: z.object({ eventId: z.string(), decision: z.string(), reason: z.string().nullable() }),
  },
  'review:list': { req: z.object({ workspace: Workspace }), res: z.array(ReviewItemSchema) },
  'review:waiting': { req: z.object({}), res: WaitingReviewsSchema },
  'review:trust': {
    req: z.object({
      path: z.string().min(1),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      /** The scripts' digests as shown; when given, a script changed since refuses the trust too. */
      scripts: z
        .array(
          z.object({
            path: z.string(),
            sha256: z
              .string()
              .regex(/^[0-9a-f]{64}$/)
              .nullable(),
          }),
        )
        .optional(),
      workspace: Workspace,
    }),
    res: z.object({ ok: z.boolean(), message: z.string() }),
  },
  'review:revoke': {
    req: z.object({ path: z.string().min(1), workspace: Workspace.optional() }),
    res: z.object({ ok: z.boolean(), message: z.string() }),
  },
  'settings:get': { req: z.object({}), res: PanelSettingsSchema },
  'settings:update': { req: PanelSettingsUpdateSchema, res: PanelSettingsSchema },
  'notifications:list': { req: z.object({}), res: z.array(NotificationSchema) },
  'notifications:clear': { req: z.object({}), res: z.object({ ok: z.boolean() }) },
  'agents:list': { req: z.object({}), res: z.array(AgentSchema) },
  'agents:preview': {
    req: z.object({ agent: z.string().min(1), connect: z.boolean() }),
    res: z.object({
      path: z.string(),
      diff: z.string(),
      changed: z.boolean(),
      /** The change in a person's words, counted from the edit (shared/connect-summary.ts says it). */
      summary: ConnectSummarySchema,
    }),
  },
  'agents:connect': {
    req: z.object({ agent: z.string().min(1), diff: z.string() }),
    res: z.object({ ok: z.boolean(), message: z.string() }),
  },
  'agents:disconnect': {
    /** `diff`: the change as shown; when given, a file that changed since is not written. */
    req: z.object({ agent: z.string().min(1), diff: z.string().optional() }),
    res: z.object({ ok: z.boolean(), message: z.string() }),
  },
  /** Per agent, whether it will itself run each hook of its own files (Codex asks Codex; cached). */
  'agents:trust': { req: z.object({ workspace: Workspace }), res: z.array(AgentTrustReportSchema) },
  /** Records the agent's own trust (Codex: through its app server) for hooks exactly as shown. */
  'agents:recordTrust': {
    req: z.object({
      agent: DialectSchema,
      workspace: Workspace,
      hooks: z
        .array(z.object({ key: z.string().min(1).max(4096), hash: z.string().min(1).max(200) }))
        .min(1)
        .max(500),
    }),
    res: z.object({ ok: z.boolean(), message: z.string() }),
  },
  /** Claude Code's guarded mode: whether it is on, and the exact file and text `on` writes or `off` removes. */
  'guard:preview': {
    req: z.object({ on: z.boolean() }),
    res: z.object({
      guarded: z.boolean(),
      file: z.string(),
      /** What `on` writes, or what `off` removes as it is now; null when there is nothing to do. */
      text: z.string().nullable(),
    }),
  },
  /** Writes or removes the drop-in, exactly as previewed (`text`): a file that changed since is refused. */
  'guard:set': {
    req: z.object({ on: z.boolean(), text: z.string().max(1_000_000) }),
    res: z.object({ ok: z.boolean(), message: z.string() }),
  },
  'cli:install': {
    req: z.object({}),
    res: z.object({ ok: z.boolean(), message: z.string(), paths: z.array(z.string()) }),
  },
  /** Agents' permission requests waiting for a person, oldest first. */
  'requests:list': { req: z.object({}), res: z.array(WaitingRequestSchema) },
  /** Answers one: the agent gets the choice; a second answer or an unknown id is refused (ok: false). */
  'requests:answer': {
    req: AnswerRequestSchema,
    res: z.object({ ok: z.boolean(), message: z.string() }),
  },
  'askMe:status': { req: z.object({}), res: z.array(AskMeStatusSchema) },
  ...MachineChannels,
} as const satisfies { [C in Channel]: Schemas };

/** Every pushed event from the host (shared/channels.ts). */
export const PUSHES = {
  record: HistoryRecordSchema,
  notification: NotificationSchema,
  sourcesChanged: z.object({ reason: z.string() }),
  settingsChanged: PanelSettingsSchema,
  navigate: NotificationSchema.shape.target,
  historyImport: HistoryImportSchema,
  budgetFlags: z.array(BudgetFlagSchema),
  /** The waiting permission requests, each time the list changes. */
  requests: z.array(WaitingRequestSchema),
  /** Show and focus the "Waiting for you" card of this request (its desktop notification was clicked). */
  focusRequest: z.object({ id: z.string() }),
  machines: z.array(MachineViewSchema),
} as const satisfies { [P in Push]: z.ZodType };

export type { Channel, Push };
export type Req<C extends Channel> = z.input<(typeof REQUESTS)[C]['req']>;
export type Res<C extends Channel> = z.infer<(typeof REQUESTS)[C]['res']>;
export type PushPayload<P extends Push> = z.infer<(typeof PUSHES)[P]>;

export const CHANNELS: readonly Channel[] = REQUEST_CHANNELS;
export const PUSH_NAMES: readonly Push[] = PUSH_EVENTS;

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.hasOwn(REQUESTS, name);
}

/** The typed client the renderer uses, whatever carries it (Electron IPC or the browser's WebSocket). */
export interface HostApi {
  request<C extends Channel>(channel: C, req: Req<C>): Promise<Res<C>>;
  on<P extends Push>(event: P, listener: (payload: PushPayload<P>) => void): () => void;
}
