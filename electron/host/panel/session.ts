// One panel session over a host: the API, the notification center, live pushes and file watching.
// The Electron shell and `hookpanel serve` both build one and differ only in transport and adapters.
import { z } from 'zod';
import { PUSHES, type Push, type PushPayload } from '../../../shared/ipc.js';
import { BudgetWatcher } from '../history/budgets.js';
import type { HookHost } from '../service.js';
import { createPanelApi, toPanelSettings, type Handlers, type PanelContext } from './api.js';
import { NotificationCenter } from './notifications.js';
import { watchSources } from './watch.js';
import { inBackground } from '../background.js';

export interface PanelSession {
  api: Handlers;
  /** Sends a push to the panel; every push goes through here and is checked against the contract once. */
  push<P extends Push>(event: P, payload: PushPayload<P>): void;
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
  const push = (event: Push, payload: unknown) => {
    const checked = PUSHES[event].safeParse(payload);
    if (checked.success) opts.push(event, checked.data);
    else
      process.stderr.write(
        `hookpanel: dropped a malformed ${event} push: ${z.prettifyError(checked.error)}\n`,
      );
  };
  const budgets = new BudgetWatcher(
    host.history,
    () => host.settings.budgets,
    (s) => notifications.accept(s),
    (flags) => push('budgetFlags', flags),
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
  const onRecord = (r: unknown) => push('record', r);
  const onSignal = (s: Parameters<NotificationCenter['accept']>[0]) => notifications.accept(s);
  const onShow = (n: unknown) => push('notification', n);
  const onSources = (reason: string) => {
    watcher.rearm();
    push('sourcesChanged', { reason });
  };
  const onSettings = () => {
    push('settingsChanged', toPanelSettings(host.settings));
    inBackground(budgets.rejudge(), 'budgets'); // a budget changed: flags follow at once, not at the rule's next run
  };
  const onImport = (p: unknown) => push('historyImport', p);
  const onRequests = (list: unknown) => push('requests', list);
  host.permissions?.on('changed', onRequests);
  host.history.on('import', onImport);
  host.on('record', onRecord);
  host.on('signal', onSignal);
  host.on('sourcesChanged', onSources);
  host.on('settings', onSettings);
  notifications.on('show', onShow);
  return {
    api,
    push,
    notifications,
    watching: watcher.ready,
    close: async () => {
      host.off('record', onRecord);
      host.off('signal', onSignal);
      host.off('sourcesChanged', onSources);
      host.off('settings', onSettings);
      host.history.off('import', onImport);
      host.permissions?.off('changed', onRequests);
      budgets.close();
      await watcher.close();
    },
  };
}
