// The Electron shell: one instance, the host, the window, the tray and desktop notifications.
// Everything it decides lives in electron/host; this file only wires Electron to it.
import { app, BrowserWindow, dialog, shell } from 'electron';
import { startResident } from '../host/intake/resident.js';
import type { PanelNotification, Push } from '../../shared/ipc.js';
import { startPanelSession } from '../host/panel/session.js';
import { waitingReviews } from '../host/panel/waiting-reviews.js';
import { hostEnvFromProcess } from '../host/paths.js';
import { HookHost } from '../host/service.js';
import { bindIpc } from './ipc-main.js';
import { handleRequest } from '../host/panel/api.js';
import { RequestNotifier, showDesktopNotification } from './notify.js';
import { TrayService } from './tray.js';
import { createMainWindow } from './window.js';

let win: BrowserWindow | null = null;
let quitting = false;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => showWindow());
  app.on('window-all-closed', () => {
    // Closing the window keeps Hookpanel in the tray; Quit is in the tray menu.
  });
  void app.whenReady().then(start);
}

function showWindow(): BrowserWindow {
  if (!win || win.isDestroyed()) {
    win = createMainWindow();
    win.on('close', (e) => {
      if (!quitting) {
        e.preventDefault();
        win?.hide();
      }
    });
  }
  win.show();
  win.focus();
  return win;
}

async function start(): Promise<void> {
  const host = await HookHost.open(hostEnvFromProcess());
  const started = await startResident(host, {
    info: (line) => console.log(line),
    error: (line) => console.error(`hookpanel: ${line}`),
  });
  if (started.kind === 'host-running') {
    // One host per home: `hookpanel serve` already runs on it (claim.ts).
    dialog.showErrorBox('Hookpanel is already running', `Hookpanel: ${started.message}.`);
    quitting = true;
    app.quit();
    return;
  }
  const { resident } = started;
  // The session pushes through IPC once it is bound (the binding needs the session's API first).
  const ipcRef: { push: (event: Push, payload: unknown) => void } = { push: () => {} };
  const session = startPanelSession(host, {
    mode: 'electron',
    workspace: host.settings.workspaces[0] ?? null,
    push: (event, payload) => ipcRef.push(event, payload),
    openPath: async (path, reveal) => {
      if (reveal) {
        shell.showItemInFolder(path);
        return { ok: true, message: `Revealed ${path}` };
      }
      const error = await shell.openPath(path);
      return error ? { ok: false, message: error } : { ok: true, message: `Opened ${path}` };
    },
  });
  const ipc = bindIpc(session.api, () => win, 'file://');
  ipcRef.push = ipc.push;
  const navigate = (target: PanelNotification['target']) => {
    showWindow();
    session.push('navigate', target);
  };
  let reviewCount = 0;
  const refreshReview = async () => {
    // Every workspace the person named, as the sidebar's badge counts them.
    const waiting = await waitingReviews(host, host.settings.workspaces);
    reviewCount = waiting.reduce((n, w) => n + w.files.length, 0);
    tray.render();
  };
  const tray = new TrayService(
    () => ({ paused: host.settings.paused, reviewCount, waitingCount: host.permissions?.list().length ?? 0 }),
    {
      open: (t) =>
        t
          ? navigate({ view: 'history', eventId: t.eventId, dispatchId: t.dispatchId, path: null })
          : void showWindow(),
      review: () => navigate({ view: 'review', eventId: null, dispatchId: null, path: null }),
      requests: () => {
        const first = host.permissions?.list()[0];
        if (first) focusRequest(first.id);
        else showWindow();
      },
      setPaused: (paused) => void host.updateSettings((s) => ({ ...s, paused })).then(() => tray.render()),
      quit: () => {
        quitting = true;
        app.quit();
      },
    },
  );
  host.on('record', (r) => r.type === 'dispatch' && tray.noteDispatch(r));
  host.on('sourcesChanged', () => void refreshReview());
  session.notifications.on('show', (n) => showDesktopNotification(n, navigate));
  // Waiting permission requests: Allow / Deny go through the panel's own handler, as the card's do.
  const requestNotes = new RequestNotifier({
    enabled: () => host.settings.notifications.permissionRequest,
    answer: async (id, behavior) => {
      const r = await handleRequest(session.api, 'requests:answer', { id, behavior, reason: null });
      return r.ok ? (r.result as { ok: boolean; message: string }) : { ok: false, message: r.error };
    },
    open: (id) => focusRequest(id),
  });
  const focusRequest = (id: string) => {
    showWindow();
    session.push('focusRequest', { id });
  };
  host.permissions?.on('changed', (list) => {
    requestNotes.update(list);
    tray.render();
  });
  host.on('settings', () => {
    requestNotes.update(host.permissions?.list() ?? []);
    void refreshReview();
  });
  void refreshReview();
  // Reads move off this thread; a JSON-lines history from before the database is imported once.
  void host.history.start().catch((e: Error) => process.stderr.write(`hookpanel: history: ${e.message}\n`));
  app.setLoginItemSettings({ openAtLogin: host.settings.startAtLogin });
  host.on('settings', (s) => app.setLoginItemSettings({ openAtLogin: s.startAtLogin }));
  showWindow();
  let closing = false;
  app.on('before-quit', (e) => {
    quitting = true;
    if (closing) return;
    // Quit waits for the host: history written, background hooks drained, MCP servers stopped.
    e.preventDefault();
    closing = true;
    resident.close();
    tray.destroy();
    requestNotes.dispose();
    ipc.dispose();
    const hardStop = setTimeout(() => app.exit(0), 10_000);
    void Promise.allSettled([session.close(), host.close(2000)]).then(() => {
      clearTimeout(hardStop);
      app.exit(0);
    });
  });
}
