// Desktop notifications: the NotificationCenter and the request model (shared/request-notices.ts)
// decide; this adapter shows them, routes clicks and closes request notifications once answered.
import { Notification, type NotificationConstructorOptions } from 'electron';
import type { PanelNotification } from '../../shared/ipc.js';
import type { WaitingRequest } from '../../shared/permissions.js';
import { planRequestNotices, type RequestAction, type RequestNotice } from '../../shared/request-notices.js';

export function showDesktopNotification(
  n: PanelNotification,
  onClick: (target: PanelNotification['target']) => void,
): void {
  if (!Notification.isSupported()) return;
  const note = new Notification({
    title: n.count > 1 ? `${n.title} (×${n.count})` : n.title,
    body: n.body,
    silent: n.kind === 'turnDone',
  });
  note.on('click', () => onClick(n.target));
  note.show();
}

export interface RequestNotifierOptions {
  /** Whether request notifications are on (Settings → Notifications). */
  enabled(): boolean;
  /** Answers through the panel's own request handler, as the card does. */
  answer(requestId: string, action: RequestAction): Promise<{ ok: boolean; message: string }>;
  /** Shows the window on the request's card. */
  open(requestId: string): void;
  /** Electron offers notification buttons on macOS only; elsewhere a click opens the card. */
  actions?: boolean;
}

/** One native notification per waiting request, closed when the request leaves the list. */
export class RequestNotifier {
  private readonly shown = new Map<string, Notification>();

  constructor(private readonly opts: RequestNotifierOptions) {}

  update(waiting: readonly WaitingRequest[]): void {
    if (!Notification.isSupported()) return;
    const plan = planRequestNotices(this.shown.keys(), waiting, this.opts.enabled());
    for (const id of plan.close) {
      this.shown.get(id)?.close();
      this.shown.delete(id);
    }
    for (const notice of plan.show) this.show(notice);
  }

  dispose(): void {
    for (const note of this.shown.values()) note.close();
    this.shown.clear();
  }

  private show(notice: RequestNotice): void {
    const withActions = this.opts.actions ?? process.platform === 'darwin';
    const options: NotificationConstructorOptions = {
      title: notice.title,
      body: notice.body,
      // A person must see it until they answer or the request goes (Linux, Windows).
      timeoutType: 'never',
      urgency: 'critical',
    };
    if (withActions) {
      options.actions = notice.actions.map((a) => ({ type: 'button', text: a.title }));
      options.closeButtonText = 'Later';
    }
    const note = new Notification(options);
    note.on('action', (details) => {
      const action = notice.actions[details.actionIndex]?.action;
      if (!action) return;
      // Answered elsewhere a moment before, or expired: say so rather than fail in silence.
      void this.opts
        .answer(notice.requestId, action)
        .then(
          (r) => r.ok || new Notification({ title: 'Hookpanel could not answer', body: r.message }).show(),
        );
    });
    note.on('click', () => this.opts.open(notice.requestId));
    // Kept while the request waits, even when dismissed, so a later list change does not show it again.
    this.shown.set(notice.requestId, note);
    note.show();
  }
}
