// The preload: exposes one named method per contract channel and one `on…` subscription per pushed
// event (each returns an unsubscribe), and nothing else. Raw ipcRenderer appears only here.
// Sandboxed preloads cannot load our ES modules, so the names are inlined by the build check below.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a sandboxed preload is CommonJS
const { contextBridge, ipcRenderer } = require('electron') as typeof import('electron');

const REQUEST_CHANNELS = [
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
];
const PUSH_EVENTS = [
  'record',
  'notification',
  'sourcesChanged',
  'settingsChanged',
  'navigate',
  'historyImport',
  'budgetFlags',
];
const methodName = (c: string) => c.replace(/[:.](\w)/g, (_m, ch: string) => ch.toUpperCase());
const subscriptionName = (e: string) => `on${e[0]!.toUpperCase()}${e.slice(1)}`;

const exposed: Record<string, unknown> = {};
for (const channel of REQUEST_CHANNELS) {
  exposed[methodName(channel)] = (req: unknown) => ipcRenderer.invoke('hookpanel:request', channel, req);
}
for (const event of PUSH_EVENTS) {
  exposed[subscriptionName(event)] = (listener: (payload: unknown) => void) => {
    const handler = (_e: unknown, name: string, payload: unknown) => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on('hookpanel:push', handler);
    return () => ipcRenderer.removeListener('hookpanel:push', handler);
  };
}
contextBridge.exposeInMainWorld('hookpanelBridge', Object.freeze(exposed));
