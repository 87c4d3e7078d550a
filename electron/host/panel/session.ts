// One panel session over a host: the API, the notification center, live pushes and file watching.
// The Electron shell and `hookpanel serve` both build one and differ only in transport and adapters.
import { z } from 'zod';
import { PUSHES, type Push, type PushPayload } from '../../../shared/ipc.js';
import { BudgetWatcher } from '../history/budgets.js';
import type { HookHost } from '../service.js';
import { createPanelApi, toPanelSettings, type Handlers, type PanelContext } from './api.js';
import { NotificationCenter } from './notifications.js';
import { followScripts } from './pinned-scripts.js';
import { waitingReviews } from './waiting-reviews.js';
import { watchSources, type WatchedScripts } from './watch.js';
import { inBackground } from '../background.js';
import { hubOf } from '../remote/hub.js';

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
    /**
     * Whether a push would reach a panel now (the browser panel with none connected would drop it):
     * a push nobody receives is neither checked nor sent. Without it, every push is.
     */
    listening?: () => boolean;
    openPath?: PanelContext['openPath'];
  },
): PanelSession {
  const notifications = new NotificationCenter(() => host.settings.notifications);
  const workspace = () => opts.workspace ?? host.settings.workspaces[0] ?? null;
  const push = (event: Push, payload: unknown) => {
    // Every event's record is pushed: its check is a tenth of a millisecond of each event's host.
    if (opts.listening && !opts.listening()) return;
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
  const workspaces = () => [workspace(), ...host.settings.workspaces];
  let scripts: WatchedScripts = { files: [], folders: [] };
  const watcher = watchSources(host, workspaces, () => scripts);
  // One pass at a time, each after the change that asked for it; the first covers what changed while
  // the host was not running.
  let following: Promise<void> = Promise.resolve();
  let closed = false;
  const follow = () => {
    following = following
      .catch(() => {})
      .then(async () => {
        if (closed) return;
        const next = await followScripts(host, workspaces());
        if (closed) return;
        if (JSON.stringify(next.scripts) !== JSON.stringify(scripts)) {
          scripts = next.scripts;
          await watcher.rearm();
        }
        for (const { part, changes } of next.changed) {
          const closed = changes.filter((c) => c.closed);
          if (!closed.length) continue;
          host.invalidate();
          host.emit(
            'sourcesChanged',
            `${part.closedTitle}: ${closed.map((c) => `${c.rule} (${c.path})`).join(', ')}`,
          );
        }
      });
    inBackground(following, 'scripts');
  };
  follow();
  // Watching starts with the hook files; it is whole once the scripts they run are watched too.
  const watching = watcher.ready.then(() => following.catch(() => {}));
  const onRecord = (r: unknown) => push('record', r);
  const onSignal = (s: Parameters<NotificationCenter['accept']>[0]) => notifications.accept(s);
  const onShow = (n: unknown) => push('notification', n);
  const onSources = (reason: string) => {
    inBackground(watcher.rearm(), 'live reload');
    push('sourcesChanged', { reason });
    follow();
  };
  let known = [...host.settings.workspaces];
  const onSettings = () => {
    push('settingsChanged', toPanelSettings(host.settings));
    // A workspace added in Settings: what waits for review there is told at once, as a notice.
    const added = host.settings.workspaces.filter((w) => !known.includes(w));
    known = [...host.settings.workspaces];
    if (added.length)
      inBackground(
        waitingReviews(host, added).then((found) => {
          for (const { workspace: ws, files } of found)
            notifications.accept({
              kind: 'reviewNeeded',
              dialect: files[0]!.dialect,
              workspace: ws,
              eventId: '',
              paths: files.map((f) => f.path),
            });
        }),
        'review notice',
      );
    inBackground(budgets.rejudge(), 'budgets'); // a budget changed: flags follow at once, not at the rule's next run
  };
  const onImport = (p: unknown) => push('historyImport', p);
  const onRequests = (list: unknown) => push('requests', list);
  host.permissions?.on('changed', onRequests);
  // Settings → Machines: each machine's connection, as it changes.
  const remotes = hubOf(host);
  const onMachines = () =>
    inBackground(
      api['machines:list']({}).then((list) => push('machines', list)),
      'machines',
    );
  remotes?.on('changed', onMachines);
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
    watching,
    close: async () => {
      host.off('record', onRecord);
      host.off('signal', onSignal);
      host.off('sourcesChanged', onSources);
      host.off('settings', onSettings);
      host.history.off('import', onImport);
      host.permissions?.off('changed', onRequests);
      remotes?.off('changed', onMachines);
      budgets.close();
      closed = true;
      await following.catch(() => {});
      await watcher.close();
    },
  };
}
