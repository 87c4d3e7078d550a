// The contract's names without zod, for the sandboxed preload (which can load no modules of ours).
// A unit test checks these lists against shared/ipc.ts.
export const REQUEST_CHANNELS = [
  'host:info',
  'sources:list',
  'sources:validate',
  'sources:open',
  'catalog:events',
  'history:query',
  'history:stats',
  'history:replay',
  'history:cost',
  'history:budgets',
  'history:status',
  'fire:dryRun',
  'fire:run',
  'review:list',
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
  'cli:install',
] as const;
export const PUSH_EVENTS = [
  'record',
  'notification',
  'sourcesChanged',
  'settingsChanged',
  'navigate',
  'historyImport',
  'budgetFlags',
] as const;

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
