// The panel's service worker, for one thing: clicks on its desktop notifications (a page cannot show
// notification buttons without one). It holds no token and sends nothing to the host: Allow or Deny is
// posted to an open panel page, which answers over its own authenticated socket like the card does; a
// click on the notification itself focuses the panel on what it is about. It imports nothing at run
// time, so the build emits it as one classic script (renderer/vite.config.ts).
import type { NoticeData, WorkerMessage } from './messages.js';

// The worker's own globals: the renderer compiles against the DOM library, which lacks them.
interface WindowClientLike {
  focused: boolean;
  visibilityState: string;
  focus(): Promise<unknown>;
  postMessage(message: WorkerMessage): void;
}
interface NotificationClickLike {
  notification: Notification;
  action: string;
  waitUntil(p: Promise<unknown>): void;
}
interface WorkerScope {
  addEventListener(type: 'notificationclick', listener: (e: NotificationClickLike) => void): void;
  addEventListener(
    type: 'install' | 'activate',
    listener: (e: { waitUntil(p: Promise<unknown>): void }) => void,
  ): void;
  clients: {
    matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  registration: ServiceWorkerRegistration;
  navigator: { locks?: LockManager };
  skipWaiting(): Promise<void>;
  /** The click handler by tag, for the end-to-end tier: nothing can click a desktop notification there. */
  clickNotification?: (tag: string, action: string) => Promise<void>;
}
declare const self: WorkerScope;

async function onNotificationClick(notification: Notification, action: string): Promise<void> {
  notification.close();
  const data = (notification.data ?? {}) as Partial<NoticeData>;
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const page = pages.find((p) => p.focused) ?? pages.find((p) => p.visibilityState === 'visible') ?? pages[0];
  if (data.requestId && (action === 'allow' || action === 'deny') && page) {
    page.postMessage({ type: 'hookpanel:answer', requestId: data.requestId, action });
    return;
  }
  const open: WorkerMessage = {
    type: 'hookpanel:open',
    requestId: data.requestId ?? null,
    target: data.target ?? null,
  };
  if (page) {
    await page.focus().catch(() => {});
    page.postMessage(open);
  } else if (data.panel) {
    // No panel open: open the page that showed it (its URL carries the token), on the request's card.
    await self.clients.openWindow(data.requestId ? `${data.panel}#request=${data.requestId}` : data.panel);
  }
}

self.addEventListener('install', (e) => e.waitUntil(self.skipWaiting()));
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('notificationclick', (e) => e.waitUntil(onNotificationClick(e.notification, e.action)));

self.clickNotification = async (tag, action) => {
  // Under the page's NOTIFICATIONS_LOCK (browser-notify.ts): a listing beside a show loses the show.
  const list = () => self.registration.getNotifications({ tag });
  const [notification] = await (self.navigator.locks?.request('hookpanel-notifications', list) ?? list());
  if (!notification) throw new Error(`no notification is shown with the tag ${tag}`);
  await onNotificationClick(notification, action);
};
