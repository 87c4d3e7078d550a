import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { DIALECT_MANIFESTS, type DialectManifest } from '../../../shared/dialects.js';
import { HttpUrlSchema } from '../../../shared/value-schemas.js';
import { AskMeSchema } from '../../../shared/permissions.js';
import { RuleMachinesMapSchema } from '../../../shared/rule-machines.js';
import { homePaths, type HostEnv } from '../paths.js';
import { writeFileAtomic } from '../util/atomic.js';
import { settingsProblem } from './settings-problem.js';

export const NOTIFICATION_KINDS = [
  'turnDone',
  'blocked',
  'hookFailed',
  'reviewNeeded',
  'overBudget',
  'permissionRequest',
] as const;

const SettingsShape = z.object({
  /** Pause every hook Hookpanel hosts; matching rules are recorded as skipped. */
  paused: z.boolean().default(false),
  /**
   * Each dialect's options, declared in its manifest (chrys `projectHooksEnabled`: its user-level
   * `project.hooks_enabled`, which a project file cannot set). Only values set are stored.
   */
  dialects: z.record(z.string(), z.record(z.string(), z.boolean())).default({}),
  /** Per-source role overrides, keyed by absolute path. */
  roles: z.record(z.string(), z.enum(['hosted', 'inspected'])).default({}),
  notifications: z
    .object(
      Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean().default(true)])) as Record<
        (typeof NOTIFICATION_KINDS)[number],
        z.ZodDefault<z.ZodBoolean>
      >,
    )
    .prefault({}),
  workspaces: z.array(z.string()).default([]),
  history: z
    .object({
      /** Retention: the oldest records go once the database holds more than this. */
      maxBytes: z
        .number()
        .int()
        .positive()
        .default(2 * 1024 * 1024 * 1024),
      /** Retention: records older than this many days go. */
      maxAgeDays: z.number().int().positive().default(180),
    })
    .prefault({}),
  /**
   * Latency budgets, in ms of time a hook may add to an event it is awaited on (its p95 over recent
   * runs): per rule (keyed `source#rule`), else the default of the event's kind.
   */
  budgets: z
    .object({
      defaults: z
        .object({
          tool: z.number().int().positive().nullable().default(1000),
          turn: z.number().int().positive().nullable().default(10_000),
          other: z.number().int().positive().nullable().default(10_000),
        })
        .prefault({}),
      rules: z.record(z.string(), z.number().int().positive().nullable()).default({}),
    })
    .prefault({}),
  /**
   * Where hosted rules run (this computer, machines reached over ssh), keyed `source#rule`; a rule
   * with no entry runs everywhere (shared/rule-machines.ts).
   */
  ruleMachines: RuleMachinesMapSchema.default({}),
  startAtLogin: z.boolean().default(false),
  /** Ask me, per agent id: the host holds the agent's permission requests for a person to answer. */
  askMe: z.record(z.string(), AskMeSchema).default({}),
  /**
   * The Messages API endpoint for prompt and agent hooks. Unset values fall back to ANTHROPIC_BASE_URL
   * and ANTHROPIC_API_KEY. The key stays in this file (mode 0600) and is never sent to the panel.
   */
  model: z
    .object({
      baseUrl: HttpUrlSchema.nullable().default(null),
      apiKey: z.string().min(1).nullable().default(null),
    })
    .prefault({}),
});

/**
 * Settings files from before dialect options kept them under the dialect's id at the top level
 * (`"chrys": { "projectHooksEnabled": true }`); they are read into `dialects`, losing nothing.
 */
function migrateDialectOptions(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const input = raw as Record<string, unknown>;
  const dialects = isRecord(input.dialects) ? { ...input.dialects } : {};
  let moved = false;
  for (const m of DIALECT_MANIFESTS) {
    const legacy = input[m.id];
    if (!m.options.length || !isRecord(legacy)) continue;
    const current = isRecord(dialects[m.id]) ? (dialects[m.id] as Record<string, unknown>) : {};
    const carried = Object.fromEntries(
      m.options.filter((o) => o.key in legacy && !(o.key in current)).map((o) => [o.key, legacy[o.key]]),
    );
    dialects[m.id] = { ...carried, ...current };
    moved = true;
  }
  return moved ? { ...input, dialects } : raw;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export const SettingsSchema = z.preprocess(migrateDialectOptions, SettingsShape);
export type ModelSettings = Settings['model'];
export type Settings = z.infer<typeof SettingsShape>;

/** A dialect option's value: what the settings say, else the manifest's default. */
export function dialectOption(settings: Settings, manifest: DialectManifest, key: string): boolean {
  const option = manifest.options.find((o) => o.key === key);
  if (!option) throw new Error(`${manifest.id} declares no option ${key}`);
  return settings.dialects[manifest.id]?.[key] ?? option.default;
}

/** Every declared option of every dialect with its value, for the panel. */
export function dialectOptions(settings: Settings): Record<string, Record<string, boolean>> {
  return Object.fromEntries(
    DIALECT_MANIFESTS.filter((m) => m.options.length).map((m) => [
      m.id,
      Object.fromEntries(m.options.map((o) => [o.key, dialectOption(settings, m, o.key)])),
    ]),
  );
}

export const DEFAULT_SETTINGS: Settings = SettingsSchema.parse({});

export interface LoadedSettings {
  settings: Settings;
  /** Set when the file exists but could not be used; defaults apply then. */
  problem: string | null;
}

export async function loadSettings(h: HostEnv): Promise<LoadedSettings> {
  const path = homePaths(h).settings;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { settings: DEFAULT_SETTINGS, problem: null };
    return { settings: DEFAULT_SETTINGS, problem: `${path}: ${(e as Error).message}` };
  }
  try {
    const parsed = SettingsSchema.safeParse(JSON.parse(text));
    if (parsed.success) return { settings: parsed.data, problem: null };
    return {
      settings: DEFAULT_SETTINGS,
      problem: settingsProblem(path, text, parsed.error.issues),
    };
  } catch (e) {
    return { settings: DEFAULT_SETTINGS, problem: `${path}: invalid JSON: ${(e as Error).message}` };
  }
}

export async function saveSettings(h: HostEnv, settings: Settings): Promise<void> {
  await writeFileAtomic(
    homePaths(h).settings,
    `${JSON.stringify(SettingsSchema.parse(settings), null, 2)}\n`,
  );
}
