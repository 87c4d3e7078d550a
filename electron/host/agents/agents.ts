// The agents Hookpanel finds on this machine, and connecting or disconnecting the ones that run their
// own hooks (every `kind: 'agent'` dialect with a connect.ts): one mechanism for all of them, used alike
// by `hookpanel connect` and the panel. The diff first; the change only once approved, backed up and
// written atomically; a file the agent could not read is never written; what connect changed is
// remembered (agents.json in Hookpanel's home), so disconnect takes back exactly it.
import { existsSync, type Stats } from 'node:fs';
import {
  copyFile,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  realpath,
  rm,
  rmdir,
  stat,
} from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { DIALECT_MODULES, dialectModule } from '../dialects/registry.js';
import { DiagnosticSink } from '../diagnostics/sink.js';
import { homePaths, type HostEnv } from '../paths.js';
import type { HookHost } from '../service.js';
import { askMeOf } from '../permissions/ask-me.js';
import { DEFAULT_SETTINGS, loadSettings } from '../settings/settings.js';
import { parseDocument } from '../sources/parse.js';
import { looseCandidate } from '../sources/single.js';
import { writeFileAtomic } from '../util/atomic.js';
import { findProgram } from '../util/which.js';
import { bridgeArgv, bridgeCommand, thisInstallation, type CommandTarget } from './bridge-command.js';
import { thisComputer } from './agent-machine.js';
import { agentConnector, agentConnectors, type LoadedConnector } from './connector.js';
import { agentGuardedMode } from './guarded-mode.js';
import { planOwnFile, type OwnFile } from './own-file-edit.js';
import { programVersion } from './program-version.js';
import { refuse, unlessRefused, type ConnectRefused } from './refusal.js';
import {
  eventsWithList,
  hasTopLevelKey,
  isConnected,
  isEmptyObject,
  mergeEntries,
  planConnect,
  planDisconnect,
  type BridgeSpec,
  type EditPlan,
} from './settings-edit.js';

const EntrySchema = z.object({ event: z.string(), group: z.number().int(), hook: z.number().int() });
const RecordSchema = z.object({
  fileExisted: z.boolean(),
  hadHooksKey: z.boolean(),
  /** Events whose list connect found in the file (`"Stop": []`): disconnect leaves the list there. */
  keptEvents: z.array(z.string()).default([]),
  connectedAt: z.string(),
  /** The bridge hooks connect wrote, where they were written. */
  entries: z.array(EntrySchema).default([]),
  /** Trust records connect made in the agent's own configuration (Codex's hooks.state). */
  trusted: z.array(z.object({ key: z.string(), hash: z.string() })).default([]),
  /** What the agent's part noted for disconnect. */
  notes: z.record(z.string(), z.unknown()).default({}),
});
const StateSchema = z.record(z.string(), RecordSchema);
type AgentRecord = z.infer<typeof RecordSchema>;

/** What connect and disconnect need of the host: its environment, and a way to say the files changed. */
export interface AgentsDeps {
  host: HostEnv;
  invalidate?: () => void;
}

export interface AgentInfo {
  id: string;
  name: string;
  /**
   * On this machine: its program on PATH, its settings file, or its own folder in use. Files Hookpanel
   * itself made when connecting do not count: they say nothing of the agent.
   */
  detected: boolean;
  /** The agent's program: where PATH finds it and the version it gives; null for hosted harnesses. */
  program: { name: string; path: string | null; version: string | null } | null;
  /** The settings file connect edits: whether it is there, and whether connecting created it. */
  settings: { path: string; exists: boolean; createdByHookpanel: boolean } | null;
  /** The agent's own folder (~/.codex): whether anything but what Hookpanel wrote is in it. */
  folder: { path: string; used: boolean } | null;
  /** `hosted`: Hookpanel runs its hook files; `own`: the agent runs its own hooks and calls the bridge. */
  kind: 'hosted' | 'own';
  files: string[];
  connected: boolean;
  /**
   * Its guarded mode is on: a system-wide file of Hookpanel's sends every event, whether or not its own
   * settings file is connected (README.md, "What trust means for each agent").
   */
  guarded: boolean;
  /** When Hookpanel connected it (agents.json); null when not connected by Hookpanel. */
  connectedAt: string | null;
  /** When the last event from it reached Hookpanel (live status). */
  lastEventAt: string | null;
  what: string;
}

export interface ConnectPlan extends EditPlan {
  agent: string;
  label: string;
  /** Disconnect removes the file itself: connect created it and nothing else is left in it. */
  removesFile: boolean;
}

/** The change previewed, or why Hookpanel would not make it. */
export type ConnectPreview = { kind: 'planned'; plan: ConnectPlan } | ConnectRefused;

/** Connect or disconnect done, or why Hookpanel would not make it (then nothing was written). */
export type ConnectResult = ConnectOutcome | ConnectRefused;

export interface ConnectOutcome {
  kind: 'done';
  /** What was done, in lines a person reads. */
  message: string;
  backup: string | null;
  /** The change was made, but the agent will not run some of the hooks (e.g. Codex's trust failed). */
  incomplete: boolean;
}

function statePath(host: HostEnv): string {
  return join(homePaths(host).root, 'agents.json');
}

async function readState(host: HostEnv): Promise<z.infer<typeof StateSchema>> {
  try {
    const parsed = StateSchema.safeParse(JSON.parse(await readFile(statePath(host), 'utf8')));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

async function writeState(host: HostEnv, state: z.infer<typeof StateSchema>): Promise<void> {
  await writeFileAtomic(statePath(host), `${JSON.stringify(state, null, 2)}\n`);
}

/** Every agent, with what is known of it; `notItsOwn`: events Test fire sent in an agent's name (ids). */
export async function listAgents(
  host: HookHost,
  workspace: string | null,
  notItsOwn: readonly string[] = [],
): Promise<AgentInfo[]> {
  const last = await host.history.lastEvents(
    DIALECT_MODULES.map((m) => m.dialect),
    notItsOwn,
  );
  const state = await readState(host.host);
  const own = await Promise.all(
    (await agentConnectors()).map(async ({ id, label, connector }): Promise<AgentInfo> => {
      const path = connector.settingsPath(host.host);
      const text = await readSettings(path).catch(() => null);
      const own = ownFileOf({ id, label, connector }, host.host, thisInstallation());
      const connected = own ? own.owns(text) : isConnected(text, { dialect: id, events: connector.events });
      const record = state[id];
      const exists = existsSync(path);
      const createdByHookpanel = exists && !!record && !record.fileExisted;
      const folder = connector.homeDir(host.host);
      const used = await folderUsed(folder, createdByHookpanel ? path : null);
      const found = findProgram(connector.program, host.host.env.PATH, null, host.host.platform);
      const version = found ? await programVersion(found, host.host.env, host.host.home) : null;
      const guarded = (await agentGuardedMode(id))?.part.isGuarded(host.host) ?? false;
      return {
        id,
        name: label,
        detected: found !== null || (exists && !createdByHookpanel) || used,
        program: { name: connector.program, path: found, version },
        settings: { path, exists, createdByHookpanel },
        folder: { path: folder, used },
        kind: 'own',
        files: [path],
        connected,
        guarded,
        connectedAt: connected ? (record?.connectedAt ?? null) : null,
        lastEventAt: last[id] ?? null,
        what: connector.what,
      };
    }),
  );
  // Harnesses' files are Hookpanel's to run; agents that run their own hooks are connected instead.
  const hosted = DIALECT_MODULES.filter((m) => m.manifest.kind === 'harness').map((m): AgentInfo => {
    const files = m.locate(host.context(workspace)).map((c) => c.path);
    return {
      id: m.dialect,
      name: m.label,
      detected: files.some((f) => existsSync(f)),
      program: null,
      settings: null,
      folder: null,
      kind: 'hosted',
      files,
      connected: files.some((f) => existsSync(f)),
      guarded: false,
      connectedAt: null,
      lastEventAt: last[m.dialect] ?? null,
      what: `Hookpanel hosts its hook files and runs them when ${m.label} sends events through hookpanel emit ${m.dialect} <event>.`,
    };
  });
  return [...own, ...hosted];
}

/**
 * Whether an agent's folder holds anything of its own: the settings file connect created (and the
 * folders made for it) is Hookpanel's, not a sign the agent was ever used here.
 */
async function folderUsed(folder: string, ours: string | null): Promise<boolean> {
  const entries = await readdir(folder).catch(() => [] as string[]);
  const made = ours && dirname(ours) === folder ? basename(ours) : null;
  return entries.some((e) => e !== made);
}

async function connectorFor(dialect: string): Promise<LoadedConnector> {
  const found = await agentConnector(dialect);
  if (found) return found;
  const harness = DIALECT_MODULES.find((m) => m.dialect === dialect);
  if (harness)
    refuse(
      `${harness.label} has nothing to connect: Hookpanel hosts its files (hookpanel emit ${dialect} <event> is its bridge)`,
    );
  const ids = (await agentConnectors()).map((c) => c.id).join(', ');
  refuse(`unknown agent "${dialect}"; one of ${ids}`);
}

function bridgeSpec(c: LoadedConnector, host: HostEnv, target: CommandTarget, askMe: boolean): BridgeSpec {
  return {
    dialect: c.id,
    events: askMe ? [...c.connector.events, ...(c.connector.askMeEvents ?? [])] : c.connector.events,
    command: (event) => bridgeCommand(target, host, c.id, event, c.connector.fastEvents.includes(event)),
    extras: (event) => c.connector.extras(event),
  };
}

/** The whole file connect writes for an agent whose hooks are code; null for settings-file agents. */
function ownFileOf(c: LoadedConnector, host: HostEnv, target: CommandTarget): OwnFile | null {
  return (
    c.connector.ownFile?.((event) =>
      bridgeArgv(target, host, c.id, event, c.connector.fastEvents.includes(event)),
    ) ?? null
  );
}

/**
 * What the agent itself makes of the text, by its dialect's own checks: problems that make it drop the
 * whole file or refuse to start, as `path:line:col: message`. Empty when it reads the file.
 */
async function rejections(id: string, path: string, text: string, host: HostEnv): Promise<string[]> {
  const mod = dialectModule(id as Parameters<typeof dialectModule>[0]);
  const ctx = { host, workspace: null, settings: DEFAULT_SETTINGS };
  const candidate = mod.locate(ctx).find((c) => c.path === path) ?? looseCandidate(mod, path);
  const doc = parseDocument(text, candidate.format, mod.yamlVersion, mod.parse);
  const sink = new DiagnosticSink(path, doc);
  if (doc.syntaxProblems.length)
    for (const p of doc.syntaxProblems) sink.error('syntax', p.message, { position: p.position });
  else if ((await mod.load(doc, candidate, sink, ctx)).valid) return [];
  return sink.list
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.path}${d.line !== null ? `:${d.line}:${d.column ?? 1}` : ''}: ${d.message}`);
}

/** The change connect or disconnect would make, as a diff; nothing is written. */
export function previewConnect(
  deps: AgentsDeps,
  dialect: string,
  connect: boolean,
  target: CommandTarget = thisInstallation(),
): Promise<ConnectPreview> {
  return unlessRefused(async () => ({
    kind: 'planned' as const,
    plan: await planFor(deps, dialect, connect, target),
  }));
}

async function planFor(
  deps: AgentsDeps,
  dialect: string,
  connect: boolean,
  target: CommandTarget,
): Promise<ConnectPlan> {
  const c = await connectorFor(dialect);
  const path = c.connector.settingsPath(deps.host);
  const before = await readSettings(path);
  const own = ownFileOf(c, deps.host, target);
  if (own) {
    const plan = planOwnFile(path, before, own, connect);
    return { ...plan, agent: c.id, label: c.label, removesFile: !connect && plan.changed };
  }
  if (before !== null) {
    const problems = await rejections(c.id, path, before, deps.host);
    if (problems.length)
      refuse(
        `${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}; ${c.label} cannot read ${path} as it is, so Hookpanel does not edit it: fix it first, nothing was written`,
      );
  }
  const askMe = askMeOf((await loadSettings(deps.host)).settings, c.id).on;
  const spec = bridgeSpec(c, deps.host, target, askMe);
  let plan: EditPlan;
  let removesFile = false;
  if (connect) {
    plan = planConnect(path, before, spec);
    const problems = plan.changed ? await rejections(c.id, path, plan.after, deps.host) : [];
    if (problems.length)
      refuse(
        `the connected ${path} would not be readable by ${c.label} (${problems[0]}); nothing was written`,
      );
  } else {
    const record = (await readState(deps.host))[c.id];
    plan = planDisconnect(path, before, spec, record ? !record.hadHooksKey : true, record?.keptEvents);
    removesFile = plan.changed && !!record && !record.fileExisted && isEmptyObject(plan.after);
  }
  return { ...plan, agent: c.id, label: c.label, removesFile };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * One connect or disconnect at a time in this process: a double click on Connect is then one change and
 * one backup, the second finding the first's work done rather than racing it to the file.
 */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/** Connects an agent: the change previewed as `shownDiff`, written only if the file still gives it. */
export function connectAgent(
  deps: AgentsDeps,
  dialect: string,
  shownDiff: string,
  target: CommandTarget = thisInstallation(),
): Promise<ConnectResult> {
  return oneAtATime(() => unlessRefused(() => connectNow(deps, dialect, shownDiff, target)));
}

async function connectNow(
  deps: AgentsDeps,
  dialect: string,
  shownDiff: string,
  target: CommandTarget,
): Promise<ConnectOutcome> {
  const plan = await planFor(deps, dialect, true, target);
  // The diff shown is out of date; where the file is already connected (the same request twice), there
  // is nothing left to approve.
  if (plan.diff !== shownDiff && plan.changed)
    refuse(`${plan.path} changed since the preview; look at the new diff`);
  const { connector } = await connectorFor(dialect);
  const state = await readState(deps.host);
  const previous: AgentRecord | undefined = state[plan.agent];
  const lines: string[] = [];
  let backup: string | null = null;
  // A folder connect creates for its own file goes again at disconnect, when nothing else is in it.
  const madeFolder =
    plan.changed && plan.before === null && connector.ownFile
      ? await mkdir(dirname(plan.path), { recursive: true })
      : undefined;
  if (plan.changed) {
    backup = (await applyPlan(deps.host, plan)).backup;
    lines.push(`Connected ${plan.label}: ${plan.path}${backup ? ` (backup: ${backup})` : ''}`);
  } else lines.push(`${plan.label} is already connected; nothing changed in ${plan.path}`);
  const entries = mergeEntries(previous?.entries ?? [], plan.written);
  const record: AgentRecord = {
    fileExisted: previous ? previous.fileExisted : plan.before !== null,
    hadHooksKey: previous
      ? previous.hadHooksKey
      : plan.before !== null && hasTopLevelKey(plan.before, 'hooks'),
    // An event this connect added a group to, whose list was there already (a later connect may add
    // one the person listed since).
    keptEvents: [
      ...new Set([
        ...(previous?.keptEvents ?? []),
        ...eventsWithList(plan.path, plan.before, plan.summary.added),
      ]),
    ],
    connectedAt: previous?.connectedAt ?? new Date().toISOString(),
    entries,
    trusted: previous?.trusted ?? [],
    notes: { ...previous?.notes, ...(madeFolder ? { madeFolder } : {}) },
  };
  let incomplete = false;
  if (connector.afterConnect) {
    const after = await connector.afterConnect({
      host: deps.host,
      machine: thisComputer(deps.host),
      path: plan.path,
      entries,
      trusted: record.trusted,
      notes: record.notes,
    });
    record.trusted = after.trusted;
    record.notes = { ...record.notes, ...after.notes };
    incomplete = !!after.failed;
    if (after.message) lines.push(after.message);
  }
  if (plan.changed || previous) {
    state[plan.agent] = record;
    await writeState(deps.host, state);
  }
  deps.invalidate?.();
  return { kind: 'done', message: lines.join('\n'), backup, incomplete };
}

/** Disconnects an agent: removes the bridge groups (exactly what connect adds) and connect's trust records. */
export function disconnectAgent(
  deps: AgentsDeps,
  dialect: string,
  shownDiff?: string,
  target: CommandTarget = thisInstallation(),
): Promise<ConnectResult> {
  return oneAtATime(() => unlessRefused(() => disconnectNow(deps, dialect, shownDiff, target)));
}

async function disconnectNow(
  deps: AgentsDeps,
  dialect: string,
  shownDiff: string | undefined,
  target: CommandTarget,
): Promise<ConnectOutcome> {
  const plan = await planFor(deps, dialect, false, target);
  if (shownDiff !== undefined && plan.diff !== shownDiff && plan.changed)
    refuse(`${plan.path} changed since the preview; look at the new diff`);
  const { connector } = await connectorFor(dialect);
  const state = await readState(deps.host);
  const record = state[plan.agent];
  const lines: string[] = [];
  let backup: string | null = null;
  if (!plan.changed) lines.push(`${plan.label} was not connected; nothing changed in ${plan.path}`);
  else if (plan.removesFile) {
    // Connect created the file: disconnect removes it, unless it changed since the preview.
    if ((await readSettings(plan.path)) !== plan.before)
      refuse(`${plan.path} changed since the preview; look at the new diff`);
    await rm(plan.path, { force: true });
    lines.push(`Disconnected ${plan.label}: removed ${plan.path}, which connect had created`);
    const made = record?.notes.madeFolder;
    if (typeof made === 'string') await removeEmptyFolders(dirname(plan.path), made);
  } else {
    backup = (await applyPlan(deps.host, plan)).backup;
    lines.push(`Disconnected ${plan.label}: ${plan.path}${backup ? ` (backup: ${backup})` : ''}`);
  }
  if (record && connector.afterDisconnect) {
    const said = await connector.afterDisconnect({
      host: deps.host,
      machine: thisComputer(deps.host),
      path: plan.path,
      entries: record.entries,
      trusted: record.trusted,
      notes: record.notes,
    });
    if (said) lines.push(said);
  }
  if (record) {
    delete state[plan.agent];
    await writeState(deps.host, state);
  }
  deps.invalidate?.();
  return { kind: 'done', message: lines.join('\n'), backup, incomplete: false };
}

/** Removes `folder` and its parents up to `top`, each only while empty: what connect made for its file. */
async function removeEmptyFolders(folder: string, top: string): Promise<void> {
  for (let dir = folder; dir.startsWith(top); dir = dirname(dir)) {
    if ((await readdir(dir).catch(() => ['?'])).length) return;
    await rmdir(dir).catch(() => undefined);
    if (dir === top) return;
  }
}

export async function readSettings(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    refuse(`${path} cannot be read: ${(e as Error).message}`);
  }
}

/** Applies a plan: backs the file up into Hookpanel's home first, then writes atomically. */
async function applyPlan(host: HostEnv, plan: ConnectPlan): Promise<{ backup: string | null }> {
  if (!plan.changed) return { backup: null };
  const current = await readSettings(plan.path);
  if (current !== plan.before) refuse(`${plan.path} changed since the preview; look at the new diff`);
  const target = await writeTarget(plan.path);
  let backup: string | null = null;
  if (plan.before !== null) {
    const dir = join(homePaths(host).root, 'backups');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const time = new Date().toISOString().replace(/[:.]/g, '-');
    backup = join(dir, `${plan.agent}-${basename(plan.path)}.${time}.bak`);
    await copyFile(target.file, backup);
  }
  const was = target.stat;
  try {
    await writeFileAtomic(
      target.file,
      plan.after,
      was ? was.mode & 0o777 : 0o600,
      was ? { uid: was.uid, gid: was.gid } : undefined,
    );
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (was && (code === 'EPERM' || code === 'EACCES'))
      refuse(
        `${target.file} was left as it was: it belongs to user ${was.uid}, group ${was.gid}, and a file written here could not keep that owner (${(e as Error).message})`,
      );
    throw e;
  }
  return { backup };
}

/**
 * The file a change to `path` replaces, and how it is now: a symbolic link is written through (the
 * file it leads to is replaced, the link stays as it is), and a file its owner made read-only is not
 * written at all. Replacing a file makes a new inode: its mode, owner and group are given back.
 */
export async function writeTarget(path: string): Promise<{ file: string; stat: Stats | null }> {
  const link = await lstat(path).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null;
    refuse(`${path} cannot be read: ${e.message}`);
  });
  if (!link) return { file: path, stat: null };
  let file = path;
  if (link.isSymbolicLink()) {
    try {
      file = await realpath(path);
    } catch {
      refuse(
        `${path} is a symbolic link to ${await readlink(path).catch(() => '?')}, which does not exist; create the file it leads to, or remove the link`,
      );
    }
  }
  const now = await stat(file);
  if (!now.isFile()) refuse(`${file} is not a regular file; it was left as it was`);
  if ((now.mode & 0o222) === 0)
    refuse(
      `${file} is read-only (mode ${(now.mode & 0o777).toString(8).padStart(4, '0')}), so it was left as it was; make it writable (chmod u+w) to let Hookpanel change it`,
    );
  return { file, stat: now };
}
