// The one contract between the panel and the host: every request channel and every pushed event,
// each with zod schemas. The Electron main process and the browser-mode server both validate
// against it; the renderer talks only through a client typed by it.
import { z } from 'zod';
import { REQUEST_CHANNELS, PUSH_EVENTS, type Channel, type Push } from './channels.js';
import { DispatchRecordSchema, EventRecordSchema, HistoryRecordSchema } from './dispatch.js';
import { DialectSchema, HttpUrlSchema, SourceSchema } from './model.js';

const Workspace = z.string().min(1).nullable();
const Filter = z.object({
  dialect: DialectSchema.optional(),
  event: z.string().optional(),
  rule: z.string().optional(),
  outcome: z.string().optional(),
  since: z.number().optional(),
  until: z.number().optional(),
  text: z.string().optional(),
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
export type PlannedRun = z.infer<typeof PlannedRunSchema>;

export const DryRunSchema = z.object({
  workspace: z.string().nullable(),
  runs: z.array(PlannedRunSchema),
  /** What the decision is before any hook answers, and what could change it. */
  predicted: z.object({ decision: z.enum(['allow', 'block', 'cancel']), because: z.string() }),
});
export type DryRun = z.infer<typeof DryRunSchema>;

export const ReviewItemSchema = z.object({
  source: SourceSchema,
  status: z.enum(['untrusted', 'changed', 'trusted']),
  trustedAt: z.string().nullable(),
  /** Unified diff against the last trusted bytes (null when never trusted). */
  diff: z.string().nullable(),
  text: z.string().nullable(),
  commands: z.array(
    z.object({
      rule: z.string(),
      event: z.string(),
      argv: z.array(z.string()).nullable(),
      shell: z.string().nullable(),
      other: z.string().nullable(),
    }),
  ),
  scripts: z.array(
    z.object({
      path: z.string(),
      sha256: z.string().nullable(),
      changed: z.boolean(),
      diff: z.string().nullable(),
      text: z.string().nullable(),
    }),
  ),
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

export const NotificationKindSchema = z.enum(['turnDone', 'blocked', 'hookFailed', 'reviewNeeded']);
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
    view: z.enum(['history', 'review']),
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
  historyMaxFileBytes: z.number().int().positive(),
  historyMaxFiles: z.number().int().positive(),
  startAtLogin: z.boolean(),
  /** Per-file role overrides: hosted (Hookpanel runs it) or inspected (its agent does). */
  roles: z.record(z.string(), z.enum(['hosted', 'inspected'])),
  /** Messages API base URL for prompt and agent hooks (null: ANTHROPIC_BASE_URL, else Anthropic's). */
  modelBaseUrl: HttpUrlSchema.nullable(),
  /** Whether an API key is saved; the key itself never leaves the host. */
  modelApiKeySet: z.boolean(),
});
export type PanelSettings = z.infer<typeof PanelSettingsSchema>;
/** A settings change: the key is write-only (a string saves it, null forgets it). */
/** Options may be sent in part: only the keys given change. */
export const PanelSettingsUpdateSchema = PanelSettingsSchema.omit({ modelApiKeySet: true })
  .partial()
  .extend({ modelApiKey: z.string().trim().min(1).nullable().optional() });
export type PanelSettingsUpdate = z.infer<typeof PanelSettingsUpdateSchema>;

export const RuleStatsSchema = z.array(
  z.object({
    rule: z.string(),
    dialect: z.string(),
    count: z.number(),
    failures: z.number(),
    medianMs: z.number(),
    p95Ms: z.number(),
  }),
);

export const AgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  detected: z.boolean(),
  kind: z.enum(['hosted', 'own']),
  files: z.array(z.string()),
  connected: z.boolean(),
  lastEventAt: z.string().nullable(),
  what: z.string(),
});
export type Agent = z.infer<typeof AgentSchema>;

type Schemas = { req: z.ZodType; res: z.ZodType };

/** Every request channel (shared/channels.ts): its request and its response. */
export const REQUESTS = {
  'host:info': {
    req: z.object({}),
    res: z.object({
      home: z.string(),
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
  'history:query': {
    req: z.object({ filter: Filter, limit: z.number().int().positive().max(200_000) }),
    res: z.object({ dispatches: z.array(DispatchRecordSchema), events: z.array(EventRecordSchema) }),
  },
  'history:stats': { req: z.object({ filter: Filter }), res: RuleStatsSchema },
  'history:replay': { req: z.object({ eventId: z.string() }), res: DryRunSchema },
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
  'review:trust': {
    req: z.object({
      path: z.string().min(1),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      workspace: Workspace,
    }),
    res: z.object({ ok: z.boolean(), message: z.string() }),
  },
  'review:revoke': {
    req: z.object({ path: z.string().min(1) }),
    res: z.object({ ok: z.boolean(), message: z.string() }),
  },
  'settings:get': { req: z.object({}), res: PanelSettingsSchema },
  'settings:update': { req: PanelSettingsUpdateSchema, res: PanelSettingsSchema },
  'notifications:list': { req: z.object({}), res: z.array(NotificationSchema) },
  'notifications:clear': { req: z.object({}), res: z.object({ ok: z.boolean() }) },
  'agents:list': { req: z.object({}), res: z.array(AgentSchema) },
  'agents:preview': {
    req: z.object({ agent: z.string().min(1), connect: z.boolean() }),
    res: z.object({ path: z.string(), diff: z.string(), changed: z.boolean() }),
  },
  'agents:connect': {
    req: z.object({ agent: z.string().min(1), diff: z.string() }),
    res: z.object({ ok: z.boolean(), message: z.string() }),
  },
  'agents:disconnect': {
    req: z.object({ agent: z.string().min(1) }),
    res: z.object({ ok: z.boolean(), message: z.string() }),
  },
  'cli:install': {
    req: z.object({}),
    res: z.object({ ok: z.boolean(), message: z.string(), paths: z.array(z.string()) }),
  },
} as const satisfies { [C in Channel]: Schemas };

/** Every pushed event from the host (shared/channels.ts). */
export const PUSHES = {
  record: HistoryRecordSchema,
  notification: NotificationSchema,
  sourcesChanged: z.object({ reason: z.string() }),
  settingsChanged: PanelSettingsSchema,
  navigate: NotificationSchema.shape.target,
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
