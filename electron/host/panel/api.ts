// The panel's API on the host side: one handler per contract channel, transport-agnostic. The
// Electron IPC binding and the browser-mode WebSocket both call `handleRequest`, which validates the
// channel and the request against the contract before anything runs.
import type { z } from 'zod';
import { dialectManifest, isDialect } from '../../../shared/dialects.js';
import {
  isChannel,
  REQUESTS,
  type Channel,
  type DialectOptions,
  type PanelSettings,
  type Res,
} from '../../../shared/ipc.js';
import {
  connectAgent,
  disconnectAgent,
  listAgents,
  previewConnect,
  type AgentsDeps,
} from '../agents/agents.js';
import { agentTrustReports, recordAgentTrust } from '../agents/agent-trust.js';
import { trustFile, untrustFile } from '../agents/file-trust.js';
import { thisInstallation, type CommandTarget } from '../agents/bridge-command.js';
import { installCommand } from '../agents/install-command.js';
import { agentGuardedMode, type AgentGuardedMode } from '../agents/guarded-mode.js';
import { checkWorkspaces, missingWorkspace } from './workspaces.js';
import { DIALECT_MODULES } from '../dialects/registry.js';
import type { HookHost } from '../service.js';
import { dialectOptions, type Settings } from '../settings/settings.js';
import { placeFile } from '../sources/single.js';
import { budgetFor, type BudgetWatcher } from '../history/budgets.js';
import { localDay } from '../history/cost-rows.js';
import { COUNT_MAX } from '../history/queries.js';
import type { EventRecord } from '../../../shared/dispatch.js';
import type { NotificationCenter } from './notifications.js';
import { waitingReviews } from './waiting-reviews.js';
import { reviewItems } from './review.js';
import { answerRequest, checkAskMe } from './requests.js';
import { ASK_ME_AGENTS, askMeOf } from '../permissions/ask-me.js';
import { askMeStatus } from './ask-me-status.js';
import { machineHandlers } from './machines.js';

export interface PanelContext {
  host: HookHost;
  mode: 'electron' | 'browser';
  /** The workspace the panel shows when a request names none. */
  workspace: () => string | null;
  notifications: NotificationCenter;
  /** Latency budgets watched over the records (absent: flags are read from the history). */
  budgets?: BudgetWatcher;
  /** How this installation runs its CLI, for `cli:install` (the Electron shell runs it with its own Electron). */
  commandTarget?: CommandTarget;
  /** Opens a file in the editor or reveals it in its folder (Electron shell); absent in browser mode. */
  openPath?: (path: string, reveal: boolean) => Promise<{ ok: boolean; message: string }>;
}

export type Handlers = { [C in Channel]: (req: z.infer<(typeof REQUESTS)[C]['req']>) => Promise<Res<C>> };

export function toPanelSettings(s: Settings): PanelSettings {
  return {
    paused: s.paused,
    dialectOptions: dialectOptions(s),
    notifications: { ...s.notifications },
    workspaces: s.workspaces,
    historyMaxBytes: s.history.maxBytes,
    historyMaxAgeDays: s.history.maxAgeDays,
    budgetDefaults: { ...s.budgets.defaults },
    ruleBudgets: { ...s.budgets.rules },
    ruleMachines: { ...s.ruleMachines },
    startAtLogin: s.startAtLogin,
    roles: { ...s.roles },
    modelBaseUrl: s.model.baseUrl,
    modelApiKeySet: s.model.apiKey !== null,
    askMe: Object.fromEntries(ASK_ME_AGENTS.map((a) => [a, askMeOf(s, a)])),
  };
}

export function createPanelApi(ctx: PanelContext): Handlers {
  const { host } = ctx;
  // Events Test fire sent: an agent is live when it sends one itself, not when the panel fired as it.
  const fired = new Set<string>();
  const ws = (w: string | null) => w ?? ctx.workspace();
  const agentsDeps = (): AgentsDeps => ({ host: host.host, invalidate: () => host.invalidate() });
  const known = async (path: string) => {
    const sources = await host.sources(ctx.workspace());
    return sources.some((s) => s.path === path) || placeFile(path, host.context(ctx.workspace())) !== null;
  };
  return {
    'host:info': async () => {
      const workspace = ctx.workspace();
      const context = host.context(workspace);
      return {
        home: host.paths.root,
        userHome: host.host.home,
        socket: host.paths.socket,
        mode: ctx.mode,
        workspace,
        folders: DIALECT_MODULES.flatMap((m) =>
          m.locate(context).map((c) => ({ dialect: m.dialect, path: c.path, layer: c.layer })),
        ),
      };
    },
    'sources:list': async ({ workspace }) => ({
      workspace: ws(workspace),
      sources: await host.sources(ws(workspace)),
    }),
    'sources:validate': async ({ workspace }) => {
      host.invalidate();
      return { workspace: ws(workspace), sources: await host.sources(ws(workspace)) };
    },
    'sources:open': async ({ path, reveal }) => {
      if (!(await known(path))) return { ok: false, message: `${path} is not a hook file Hookpanel knows` };
      if (!ctx.openPath)
        return { ok: false, message: `Open ${path} in your editor (the browser panel cannot open files).` };
      return ctx.openPath(path, reveal);
    },
    'catalog:events': async ({ dialect }) => dialectManifest(dialect).events.map((e) => ({ ...e })),
    'history:query': async ({ filter, limit }) => {
      const { dispatches, events } = await host.history.query(filter, limit);
      return { dispatches, events: listed(filter, [...events.values()]) };
    },
    'history:events': async ({ filter, limit }) => {
      if (!filter.rule && !filter.outcome)
        return { events: listed(filter, await host.history.events(limit, filter)) };
      const { events } = await host.history.query(filter, limit);
      return {
        events: listed(
          filter,
          [...events.values()].sort((a, b) => b.time.localeCompare(a.time)),
        ),
      };
    },
    'history:count': async ({ kind, filter }) => ({
      count: await host.history.count(kind, filter),
      max: COUNT_MAX,
    }),
    'history:sessions': async ({ limit, ...filter }) => host.history.sessions(filter, limit),
    'history:timeline': async ({ key, after, limit }) => host.history.timeline(key, after, limit),
    'history:stats': ({ filter }) => host.history.ruleStats(filter),
    'history:replay': async ({ eventId }) => {
      const event = await host.history.event(eventId);
      if (!event) throw new Error(`no recorded event ${eventId}`);
      if (event.payloadTruncated)
        throw new Error('the recorded payload was truncated, so it cannot be replayed exactly');
      return host.preview({
        dialect: event.dialect,
        event: event.event,
        payload: event.payload as Record<string, unknown>,
        project: event.workspace,
        callerCwd: event.workspace ?? host.host.home,
      });
    },
    'history:cost': async ({ days, dialect, machine }) => {
      const until = Date.now();
      const report = await host.history.cost({
        since: localDay(until - (days - 1) * 86_400_000),
        until: localDay(until),
        dialect,
        machine,
      });
      const budgets = host.settings.budgets;
      return {
        ...report,
        // A rule on several events takes the budget of the first; its runs are charted together.
        rules: report.rules.map((r) => ({
          ...r,
          budgetMs: budgetFor(budgets, r.source, r.rule, r.dialect, r.events[0] ?? ''),
        })),
      };
    },
    'history:budgets': async () => ctx.budgets?.list() ?? host.history.budgetFlags(),
    // No counts of records: each is a scan of a table (0.3–0.8 s at 1,000,000 records), which held up
    // every history read behind it as the panel opened.
    'history:status': async () => ({
      import: host.history.importProgress,
      workspaces: await host.history.workspaces(),
    }),
    'fire:dryRun': async ({ dialect, event, payload, workspace }) => {
      await refuseMissingWorkspace(payload, ws(workspace));
      return host.preview({
        dialect,
        event,
        payload,
        project: ws(workspace),
        callerCwd: ws(workspace) ?? host.host.home,
      });
    },
    'fire:run': async ({ dialect, event, payload, workspace }) => {
      await refuseMissingWorkspace(payload, ws(workspace));
      const { answer } = await host.dispatch({
        dialect,
        event,
        payload,
        project: ws(workspace),
        callerCwd: ws(workspace) ?? host.host.home,
      });
      fired.add(answer.eventId);
      if (fired.size > 1000) fired.delete(fired.values().next().value!);
      return { eventId: answer.eventId, decision: answer.decision, reason: answer.reason };
    },
    'review:list': async ({ workspace }) =>
      reviewItems(await host.sources(ws(workspace)), host.trust, host.context(ws(workspace))),
    'review:waiting': () => waitingReviews(host, [ctx.workspace(), ...host.settings.workspaces]),
    // The one code path of the panel's Trust this version / Revoke and `hookpanel trust` / `untrust`:
    // Hookpanel's record, and the agent's own trust where Hookpanel records it (Codex's).
    'review:trust': async ({ path, sha256: shown, scripts, workspace }) => {
      const r = await trustFile(host.trust, host.context(ws(workspace)), { path, sha256: shown, scripts });
      if (r.ok) {
        host.invalidate();
        host.emit('sourcesChanged', `trusted ${path}`);
      }
      return { ok: r.ok, message: r.lines.join(' ') };
    },
    'review:revoke': async ({ path, workspace }) => {
      const r = await untrustFile(host.trust, host.context(ws(workspace ?? null)), path);
      host.invalidate();
      host.emit('sourcesChanged', `revoked ${path}`);
      return { ok: r.ok, message: r.lines.join(' ') };
    },
    'settings:get': async () => toPanelSettings(host.settings),
    'settings:update': async (patch) => {
      const workspaces = patch.workspaces
        ? await checkWorkspaces(patch.workspaces, host.settings.workspaces, host.host.home)
        : undefined;
      const next = await host.updateSettings((s) => ({
        ...s,
        paused: patch.paused ?? s.paused,
        dialects: mergeDialectOptions(s.dialects, patch.dialectOptions ?? {}),
        notifications: { ...s.notifications, ...(patch.notifications ?? {}) },
        workspaces: workspaces ?? s.workspaces,
        history: {
          ...s.history,
          maxBytes: patch.historyMaxBytes ?? s.history.maxBytes,
          maxAgeDays: patch.historyMaxAgeDays ?? s.history.maxAgeDays,
        },
        budgets: {
          defaults: patch.budgetDefaults ?? s.budgets.defaults,
          rules: patch.ruleBudgets ?? s.budgets.rules,
        },
        ruleMachines: patch.ruleMachines ?? s.ruleMachines,
        startAtLogin: patch.startAtLogin ?? s.startAtLogin,
        askMe: patch.askMe ? checkAskMe(s.askMe, patch.askMe) : s.askMe,
        roles: patch.roles ?? s.roles,
        model: {
          baseUrl: patch.modelBaseUrl !== undefined ? patch.modelBaseUrl : s.model.baseUrl,
          apiKey: patch.modelApiKey !== undefined ? patch.modelApiKey : s.model.apiKey,
        },
      }));
      return toPanelSettings(next);
    },
    'notifications:list': async () => ctx.notifications.list(),
    'requests:list': async () => host.permissions?.list() ?? [],
    'requests:answer': async ({ id, ...choice }) => {
      const { ok, message } = await answerRequest(host, id, choice);
      return { ok, message };
    },
    // An agent is live when it sends an event itself, not when the panel fired one in its name.
    'agents:list': async () => listAgents(host, ctx.workspace(), [...fired]),
    'agents:preview': async ({ agent, connect }) => {
      const preview = await previewConnect(agentsDeps(), agent, connect, ctx.commandTarget);
      // The preview's answer has no place for a refusal: it reaches the panel as the request's error.
      if (preview.kind === 'refused') throw new Error(preview.message);
      const { plan } = preview;
      return {
        path: plan.path,
        diff: plan.diff,
        changed: plan.changed,
        summary: { ...plan.summary, removesFile: plan.removesFile },
      };
    },
    'agents:connect': async ({ agent, diff }) => {
      const r = await connectAgent(agentsDeps(), agent, diff, ctx.commandTarget);
      switch (r.kind) {
        case 'done':
          return { ok: !r.incomplete, message: r.message };
        case 'refused':
          return { ok: false, message: r.message };
      }
    },
    'agents:disconnect': async ({ agent, diff }) => {
      const r = await disconnectAgent(agentsDeps(), agent, diff, ctx.commandTarget);
      return { ok: r.kind === 'done', message: r.message };
    },
    'agents:trust': async ({ workspace }) =>
      agentTrustReports(await host.sources(ws(workspace)), host.context(ws(workspace))),
    'agents:recordTrust': async ({ agent, workspace, hooks }) => {
      const r = await recordAgentTrust(agent, hooks, host.context(ws(workspace)));
      if (r.kind === 'recorded') {
        host.invalidate();
        host.emit('sourcesChanged', `recorded ${agent}'s trust`);
      }
      // The panel's result keeps its { ok, message } shape.
      return { ok: r.kind === 'recorded', message: r.message };
    },
    'guard:preview': async ({ on }) => {
      const mode = await guardedMode();
      const plan = mode.plan(host.host, on, ctx.commandTarget);
      return {
        guarded: mode.isGuarded(host.host),
        file: plan.file,
        text: plan.steps.length ? (on ? plan.contents : plan.current) : null,
      };
    },
    'guard:set': async ({ on, text }) => {
      const mode = await guardedMode();
      const plan = mode.plan(host.host, on, ctx.commandTarget);
      if ((on ? plan.contents : plan.current) !== text)
        return {
          ok: false,
          message: `${plan.file} changed since it was shown; look again before changing it.`,
        };
      const r = await mode.apply(host.host, plan);
      if (r.kind !== 'failed') {
        host.invalidate();
        host.emit('sourcesChanged', `guarded mode ${on ? 'on' : 'off'}`);
      }
      // The panel's result keeps its { ok, message } shape.
      return { ok: r.kind !== 'failed', message: r.message };
    },
    'cli:install': async () => {
      const r = await installCommand(host.host, ctx.commandTarget ?? thisInstallation());
      return { ok: true, message: r.message, paths: r.paths };
    },
    'notifications:clear': async () => {
      ctx.notifications.clear();
      return { ok: true };
    },
    // Ask me in Settings (README.md, "Ask me: answer an agent's permission request from Hookpanel").
    'askMe:status': async () => askMeStatus(host),
    ...machineHandlers(host),
  } as Handlers;
}

/** Test fire into a folder that is not there: say so, rather than let every hook fail to start in it. */
async function refuseMissingWorkspace(payload: Record<string, unknown>, workspace: string | null) {
  const where = typeof payload.cwd === 'string' && payload.cwd ? payload.cwd : workspace;
  const missing = where ? await missingWorkspace(where) : null;
  if (missing) throw new Error(`${missing}; hooks run in the workspace, so none could start`);
}

/** Options the panel changes, merged over the saved ones; an option no manifest declares is refused. */
/** The guard channels are Claude Code's guarded mode (shared/ipc.ts, `guard:preview`). */
async function guardedMode(): Promise<AgentGuardedMode> {
  const found = await agentGuardedMode('claude');
  if (!found) throw new Error('electron/host/dialects/claude/guarded-mode.ts must export its guardedMode');
  return found.part;
}

function mergeDialectOptions(saved: Settings['dialects'], patch: DialectOptions): Settings['dialects'] {
  const out = { ...saved };
  for (const [id, values] of Object.entries(patch)) {
    const manifest = isDialect(id) ? dialectManifest(id) : null;
    for (const key of Object.keys(values))
      if (!manifest?.options.some((o) => o.key === key))
        throw new Error(`${id} has no option ${key}${manifest ? '' : ' (no such dialect)'}`);
    out[id] = { ...out[id], ...values };
  }
  return out;
}

/**
 * Events as a list carries them: each with its summary (`call`), not its payload, which may be as large
 * as the history keeps (a page of rule runs once carried 1,000 payloads to show one line each). One
 * event asked for by its id keeps it: its detail shows it.
 */
function listed(filter: { eventId?: string }, events: EventRecord[]): EventRecord[] {
  return filter.eventId ? events : events.map((e) => ({ ...e, payload: null }));
}

export type RequestOutcome = { ok: true; result: unknown } | { ok: false; error: string };

/** Validates channel and request against the contract, runs the handler, validates the response. */
export async function handleRequest(
  api: Handlers,
  channel: unknown,
  payload: unknown,
): Promise<RequestOutcome> {
  if (!isChannel(channel)) return { ok: false, error: `unknown channel ${JSON.stringify(channel)}` };
  const spec = REQUESTS[channel];
  const parsed = spec.req.safeParse(payload);
  if (!parsed.success)
    return {
      ok: false,
      error: `invalid request for ${channel}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    };
  try {
    const result = await (api[channel] as (r: unknown) => Promise<unknown>)(parsed.data);
    return { ok: true, result: spec.res.parse(result) };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}
