// The contract's names, free of zod: every request channel and every pushed event. shared/ipc.ts gives
// each one its schemas and does not compile unless it covers exactly these; the sandboxed preload is
// built with this file bundled in (electron/app/preload.vite.config.mts), so it exposes exactly them.
export const REQUEST_CHANNELS = [
  'host:info',
  'sources:list',
  'sources:validate',
  'sources:open',
  'catalog:events',
  'history:query',
  'history:events',
  'history:stats',
  'history:replay',
  'history:cost',
  'history:budgets',
  'history:status',
  // History by session (README.md, "The panel"): match counts, sessions, one session's timeline.
  'history:count',
  'history:sessions',
  'history:timeline',
  'fire:dryRun',
  'fire:run',
  'review:list',
  'review:waiting',
  'review:trust',
  'review:revoke',
  'settings:get',
  'settings:update',
  'notifications:list',
  'notifications:clear',
  'agents:list',
  'agents:preview',
  'agents:connect',
  'agents:disconnect',
  'agents:trust',
  'agents:recordTrust',
  // Claude Code's guarded mode (docs/agents/claude-code-managed.md): the managed drop-in shown, then
  // written or removed.
  'guard:preview',
  'guard:set',
  'cli:install',
  'requests:list',
  'requests:answer',
  // Ask me in Settings (README.md, "Ask me: …"): tools to choose from and what keeps requests from
  // arriving.
  'askMe:status',
  // Settings → Machines: agents on other machines, over ssh (docs/remote.md).
  'machines:list',
  'machines:plan',
  'machines:add',
  'machines:removal',
  'machines:remove',
] as const;
export const PUSH_EVENTS = [
  'record',
  'notification',
  'sourcesChanged',
  'settingsChanged',
  'navigate',
  'historyImport',
  'budgetFlags',
  'requests',
  /** A request's notification was clicked: show its card. */
  'focusRequest',
  /** The machines and their connections' states, each time one changes (docs/remote.md). */
  'machines',
] as const;

export type Channel = (typeof REQUEST_CHANNELS)[number];
export type Push = (typeof PUSH_EVENTS)[number];

/** The one Electron IPC channel requests travel on, and the one pushes travel on. */
export const IPC_REQUEST = 'hookpanel:request';
export const IPC_PUSH = 'hookpanel:push';

/** `sources:list` → `sourcesList`: the preload's method for a channel. */
export function methodName(channel: string): string {
  return channel.replace(/[:.](\w)/g, (_m, c: string) => c.toUpperCase());
}

/** `record` → `onRecord`. */
export function subscriptionName(event: string): string {
  return `on${event[0]!.toUpperCase()}${event.slice(1)}`;
}
