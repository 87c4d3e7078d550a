// One panel session over a host: the API, the notification center, live pushes and file watching.
// The Electron shell and `hookpanel serve` both build one and differ only in transport and adapters.
import type { Push } from '../../../shared/ipc.js';
import { BudgetWatcher } from '../history/budgets.js';
import type { HookHost } from '../service.js';
import { createPanelApi, toPanelSettings, type Handlers, type PanelContext } from './api.js';
import { NotificationCenter } from './notifications.js';
import { watchSources } from './watch.js';

export interface PanelSession {
  api: Handlers;
  notifications: NotificationCenter;
  /** Resolves once file watching has started. */
  watching: Promise<void>;
  close(): Promise<void>;
}

export function startPanelSession(
  host: HookHost,
  opts: {
    mode: PanelContext['mode'];
    workspace: string | null;
    push: (event: Push, payload: unknown) => void;
    openPath?: PanelContext['openPath'];
  },
): PanelSession {
  const notifications = new NotificationCenter(() => host.settings.notifications);
  const workspace = () => opts.workspace ?? host.settings.workspaces[0] ?? null;
  const budgets = new BudgetWatcher(
    host.history,
    () => host.settings.budgets,
    (s) => notifications.accept(s),
    (flags) => opts.push('budgetFlags', flags),
  );
  const api = createPanelApi({
    host,
    mode: opts.mode,
    workspace,
    notifications,
    budgets,
    openPath: opts.openPath,
  });
  const watcher = watchSources(host, () => [workspace(), ...host.settings.workspaces]);
  const onRecord = (r: unknown) => opts.push('record', r);
  const onSignal = (s: Parameters<NotificationCenter['accept']>[0]) => notifications.accept(s);
  const onShow = (n: unknown) => opts.push('notification', n);
  const onSources = (reason: string) => {
    watcher.rearm();
    opts.push('sourcesChanged', { reason });
  };
  const onSettings = () => {
    opts.push('settingsChanged', toPanelSettings(host.settings));
    void budgets.rejudge(); // a budget changed: flags follow at once, not at the rule's next run
  };
  const onImport = (p: unknown) => opts.push('historyImport', p);
  host.history.on('import', onImport);
  host.on('record', onRecord);
  host.on('signal', onSignal);
  host.on('sourcesChanged', onSources);
  host.on('settings', onSettings);
  notifications.on('show', onShow);
  return {
    api,
    notifications,
    watching: watcher.ready,
    close: async () => {
      host.off('record', onRecord);
      host.off('signal', onSignal);
      host.off('sourcesChanged', onSources);
      host.off('settings', onSettings);
      host.history.off('import', onImport);
      budgets.close();
      await watcher.close();
    },
  };
}
