import { z } from 'zod';
import { CHRYS_EVENTS } from './events.js';

const EVENTS = CHRYS_EVENTS.map((e) => e.name) as [string, ...string[]];
const Env = z.record(z.string(), z.string());

export const ArgMatchSchema = z.strictObject({
  equals: z.string().optional(),
  contains: z.string().optional(),
  regex: z.string().optional(),
});

export const MatchSchema = z.strictObject({
  profile: z.string().optional(),
  profiles: z.array(z.string()).optional(),
  tool_kind: z.string().optional(),
  tool_name: z.string().optional(),
  args: z.record(z.string(), ArgMatchSchema).optional(),
});

const common = { args: z.array(z.string()).optional(), env: Env.optional(), cwd: z.string().optional() };
export const RunSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('script'), path: z.string().min(1), ...common }),
  z.strictObject({ type: z.literal('command'), argv: z.array(z.string()).min(1), ...common }),
  z.strictObject({ type: z.literal('shell'), shell: z.string().min(1), ...common }),
]);

export const ExecutionSchema = z.strictObject({
  mode: z.enum(['blocking', 'async', 'fire_and_forget']).optional(),
  detach: z.boolean().optional(),
  delivery: z.enum(['best_effort', 'durable']).optional(),
  timeout_seconds: z.number().positive().optional(),
  on_error: z.enum(['block', 'warn', 'ignore']).optional(),
});

export const HookSchema = z.strictObject({
  id: z.string().min(1),
  event: z.enum(EVENTS),
  enabled: z.boolean().optional(),
  description: z.string().optional(),
  match: MatchSchema.optional(),
  run: RunSchema,
  execution: ExecutionSchema.optional(),
});
export type ChrysHook = z.infer<typeof HookSchema>;

export const SettingsSchema = z.strictObject({
  shutdown_grace_seconds: z.number().nonnegative().optional(),
  max_parallel_hooks: z.number().int().positive().optional(),
  outbox_retry_age_seconds: z.number().nonnegative().optional(),
  outbox_max_retries: z.number().int().nonnegative().optional(),
});

export const CHRYS_SETTINGS_DEFAULTS = {
  shutdown_grace_seconds: 5,
  max_parallel_hooks: 4,
  outbox_retry_age_seconds: 60,
  outbox_max_retries: 3,
};
export type ChrysSettings = typeof CHRYS_SETTINGS_DEFAULTS;

export const FileSchema = z.strictObject({
  version: z.literal(1).optional(),
  settings: SettingsSchema.optional(),
  hooks: z.array(z.unknown()).optional(),
});

export const TEMPLATE_VARIABLES = ['workspace_cwd', 'chrys_home', 'session_id', 'profile'];
export const CHRYS_DEFAULT_TIMEOUT_SECONDS = 30;
