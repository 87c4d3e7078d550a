// The agents Hookpanel finds on this machine, and connecting or disconnecting the ones that run
// their own hooks (Claude Code). What connect changed is remembered so disconnect undoes exactly it.
import { readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseTree } from 'jsonc-parser';
import { z } from 'zod';
import { DIALECT_MODULES } from '../dialects/registry.js';
import type { HookHost } from '../service.js';
import { writeFileAtomic } from '../util/atomic.js';
import { findProgram } from '../util/which.js';
import {
  applyPlan,
  claudeSettingsPath,
  ConnectError,
  isConnected,
  planConnect,
  planDisconnect,
  readSettings,
  type ConnectPlan,
} from './claude-connect.js';

const RecordSchema = z.object({
  fileExisted: z.boolean(),
  hadHooksKey: z.boolean(),
  connectedAt: z.string(),
});
const StateSchema = z.record(z.string(), RecordSchema);

export interface AgentInfo {
  id: string;
  name: string;
  /** Found on this machine: its program on PATH or its files present. */
  detected: boolean;
  /** `hosted`: Hookpanel runs its hook files; `own`: the agent runs its own hooks and calls the bridge. */
  kind: 'hosted' | 'own';
  files: string[];
  connected: boolean;
  /** When the last event from it reached Hookpanel (live status). */
  lastEventAt: string | null;
  what: string;
}

function statePath(host: HookHost): string {
  return join(host.paths.root, 'agents.json');
}

async function readState(host: HookHost): Promise<z.infer<typeof StateSchema>> {
  try {
    const parsed = StateSchema.safeParse(JSON.parse(await readFile(statePath(host), 'utf8')));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export async function listAgents(host: HookHost, workspace: string | null): Promise<AgentInfo[]> {
  const last = new Map<string, string>();
  for (const e of await host.history.events(500)) if (!last.has(e.dialect)) last.set(e.dialect, e.time);
  const path = claudeSettingsPath(host.host);
  const text = await readSettings(path).catch(() => null);
  const claude: AgentInfo = {
    id: 'claude',
    name: 'Claude Code',
    detected:
      findProgram('claude', host.host.env.PATH, null, host.host.platform) !== null ||
      existsSync(join(host.host.home, '.claude')),
    kind: 'own',
    files: [path],
    connected: isConnected(text),
    lastEventAt: last.get('claude') ?? null,
    what: 'Runs its own hooks. Connect adds hookpanel emit claude <Event> to its user settings, so turn-done, blocked and needs-input events reach Hookpanel and your hosted claude rules run.',
  };
  // Harnesses' files are Hookpanel's to run; agents that run their own hooks are connected instead.
  const hosted = DIALECT_MODULES.filter((m) => m.manifest.kind === 'harness').map((m): AgentInfo => {
    const files = m.locate(host.context(workspace)).map((c) => c.path);
    return {
      id: m.dialect,
      name: m.label,
      detected: files.some((f) => existsSync(f)),
      kind: 'hosted',
      files,
      connected: files.some((f) => existsSync(f)),
      lastEventAt: last.get(m.dialect) ?? null,
      what: `Hookpanel hosts its hook files and runs them when ${m.label} sends events through hookpanel emit ${m.dialect} <event>.`,
    };
  });
  return [claude, ...hosted];
}

export async function previewConnect(host: HookHost, agent: string, connect: boolean): Promise<ConnectPlan> {
  if (agent !== 'claude')
    throw new ConnectError(`${agent} has nothing to connect: Hookpanel hosts its files`);
  const path = claudeSettingsPath(host.host);
  const before = await readSettings(path);
  if (connect) return planConnect(path, before);
  const record = (await readState(host)).claude;
  return planDisconnect(path, before, record ? !record.hadHooksKey : true);
}

export async function connectAgent(
  host: HookHost,
  agent: string,
  shownDiff: string,
): Promise<{ message: string; backup: string | null }> {
  const plan = await previewConnect(host, agent, true);
  if (plan.diff !== shownDiff)
    throw new ConnectError('the settings file changed since the preview; look at the new diff');
  if (!plan.changed) return { message: 'Claude Code is already connected; nothing changed', backup: null };
  const hadHooksKey = plan.before !== null && hasKey(plan.before, 'hooks');
  const { backup } = await applyPlan(host.host, plan);
  const state = await readState(host);
  state.claude = { fileExisted: plan.before !== null, hadHooksKey, connectedAt: new Date().toISOString() };
  await writeFileAtomic(statePath(host), `${JSON.stringify(state, null, 2)}\n`);
  host.invalidate();
  return { message: `Connected Claude Code: ${plan.path}${backup ? ` (backup: ${backup})` : ''}`, backup };
}

export async function disconnectAgent(
  host: HookHost,
  agent: string,
): Promise<{ message: string; backup: string | null }> {
  const plan = await previewConnect(host, agent, false);
  const state = await readState(host);
  const record = state.claude;
  if (!plan.changed) return { message: 'Claude Code was not connected; nothing changed', backup: null };
  let backup: string | null = null;
  if (record && !record.fileExisted && isEmptyObject(plan.after)) {
    // Connect created the file: disconnect removes it, unless it changed since the preview.
    if ((await readSettings(plan.path)) !== plan.before)
      throw new ConnectError(`${plan.path} changed since the preview; look at the new diff`);
    await rm(plan.path, { force: true });
  } else {
    backup = (await applyPlan(host.host, plan)).backup;
  }
  delete state.claude;
  await writeFileAtomic(statePath(host), `${JSON.stringify(state, null, 2)}\n`);
  host.invalidate();
  return { message: `Disconnected Claude Code: ${plan.path}`, backup };
}

function hasKey(text: string, key: string): boolean {
  const tree = parseTree(text);
  return !!tree?.children?.some((p) => p.children?.[0]?.value === key);
}

function isEmptyObject(text: string): boolean {
  const tree = parseTree(text);
  return tree?.type === 'object' && !tree.children?.length;
}
