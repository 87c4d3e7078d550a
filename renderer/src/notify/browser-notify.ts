// Browser mode's desktop notifications: turn done, blocked, failed (as the host pushes them, its
// per-kind switches already applied) and waiting permission requests (shared/request-notices.ts).
// They are shown through the service worker, which alone can carry Allow / Deny buttons; its clicks
// come back here as messages and are answered over this page's socket, with its token.
import type { PanelNotification } from '../../../shared/ipc.js';
import type { WaitingRequest } from '../../../shared/permissions.js';
import { planRequestNotices, requestIdOfTag, requestTag } from '../../../shared/request-notices.js';
import { api } from '../client.js';
import { readUnlessPushed } from '../fresh-read.js';
import { useStore } from '../store.js';
import { focusRequestCard } from './focus-request.js';
import type { NoticeData, WorkerMessage } from './messages.js';
import { notificationsSupported, notifying, useNotify } from './state.js';

/** Built from renderer/src/notify/sw.ts to the panel's root, so its scope is the whole panel. */
const WORKER_URL = './notify-sw.js';
/** How long one show or close may take before the queue moves on. */
const STEP_MS = 5000;
/**
 * Held by every panel page of this origin and by the worker while they list or show notifications.
 * Chromium drops a notification shown while another call lists them (the listing deletes what the
 * desktop does not show yet): 18 of 40 shows lost beside a loop of getNotifications, none with this
 * lock. The worker (sw.ts) and the end-to-end tier spell the same name: the worker imports nothing.
 */
const NOTIFICATIONS_LOCK = 'hookpanel-notifications';

function stalled(ms: number): Promise<never> {
  return new Promise((_, reject) =>
    setTimeout(() => reject(new Error(`the browser did not answer within ${ms / 1000} s`)), ms),
  );
}

/** One step under the lock, which it gives back within STEP_MS even if the browser never answers. */
async function lockedStep(step: () => Promise<void>): Promise<void> {
  const bounded = () => Promise.race([step(), stalled(STEP_MS)]);
  await (navigator.locks ? navigator.locks.request(NOTIFICATIONS_LOCK, bounded) : bounded());
}

/** Starts once: the card focus (both modes) and, in a browser, the notifications themselves. */
export function startNotify(): void {
  api.on('focusRequest', ({ id }) => focusRequestCard(id));
  const fromHash = /^#request=([\w-]+)$/.exec(location.hash)?.[1];
  if (fromHash) focusRequestCard(fromHash);
  if (notificationsSupported()) startBrowserNotifications();
}

function startBrowserNotifications(): void {
  const worker = navigator.serviceWorker.register(WORKER_URL, { scope: './' }).then(
    () => navigator.serviceWorker.ready,
    (e: Error) => {
      console.error(`hookpanel: desktop notifications need the service worker: ${e.message}`);
      return null;
    },
  );
  // The page without its query (the token) or hash: what the worker opens when no panel page is left.
  // Notification data is kept by the browser (and listed to any page of the origin) after this page
  // is gone, so the token stays out of it: the page opened then asks for the URL `hookpanel serve` printed.
  const panel = `${location.origin}${location.pathname}`;
  /** Requests this page showed a notification for: a dismissed one is not shown again. */
  const mine = new Set<string>();
  let waiting: WaitingRequest[] = [];
  // One queue for every show and close, in the order the pushes came: a close never overtakes its show.
  let queue: Promise<void> = Promise.resolve();
  // A step the browser never settles (a notification service that does not answer) must not hold
  // back every notification after it: each step gets a few seconds, then the next one goes.
  const enqueue = (step: () => Promise<void>) => {
    queue = queue
      .then(() => lockedStep(step))
      .catch((e: Error) => console.error(`hookpanel: notifications: ${e.message}`));
  };

  const syncRequests = async () => {
    const registration = await worker;
    const enabled = useStore.getState().settings?.notifications.permissionRequest !== false;
    if (waiting.length && enabled) useNotify.getState().wouldNotify();
    if (!registration) return;
    // Shown by this page or by another (an earlier page, another tab): either way not shown again.
    const listed = (await registration.getNotifications()).flatMap((n) => requestIdOfTag(n.tag) ?? []);
    const plan = planRequestNotices(new Set([...mine, ...listed]), waiting, enabled && notifying());
    for (const id of plan.close) {
      mine.delete(id);
      for (const n of await registration.getNotifications({ tag: requestTag(id) })) n.close();
    }
    for (const notice of plan.show) {
      const data: NoticeData = { panel, requestId: notice.requestId, target: null };
      await registration.showNotification(notice.title, {
        body: notice.body,
        tag: notice.tag,
        data,
        requireInteraction: true,
        // Where the browser has no buttons (Notification.maxActions 0) a click opens the card.
        actions: notice.actions,
      } as NotificationOptions);
      // Only once shown: a show that failed is tried again at the next change of the list.
      mine.add(notice.requestId);
    }
  };
  const resync = () => enqueue(syncRequests);

  const show = async (n: PanelNotification) => {
    useNotify.getState().wouldNotify();
    const registration = await worker;
    if (!registration || !notifying()) return;
    const data: NoticeData = { panel, requestId: null, target: n.target };
    await registration.showNotification(n.count > 1 ? `${n.title} (×${n.count})` : n.title, {
      body: n.body,
      tag: n.id,
      data,
      silent: n.kind === 'turnDone',
    });
  };

  const answer = async (requestId: string, action: 'allow' | 'deny') => {
    const res = await api
      .request('requests:answer', { id: requestId, behavior: action, reason: null })
      .catch((e: Error) => ({ ok: false, message: e.message }));
    if (res.ok) return;
    enqueue(async () => {
      const registration = await worker;
      await registration?.showNotification('Hookpanel could not answer', {
        body: res.message,
        // Not a request tag: a sync of the waiting list would close it at once.
        tag: `hookpanel-answer-failed:${requestId}`,
      });
    });
  };

  navigator.serviceWorker.addEventListener('message', (e: MessageEvent<WorkerMessage>) => {
    const m = e.data;
    if (m?.type === 'hookpanel:answer' && (m.action === 'allow' || m.action === 'deny'))
      void answer(m.requestId, m.action);
    else if (m?.type === 'hookpanel:open') {
      if (m.requestId) focusRequestCard(m.requestId);
      else if (m.target) useStore.getState().go(m.target.view, m.target);
    }
  });
  api.on('notification', (n) => enqueue(() => show(n)));
  api.on('requests', (list) => {
    waiting = list;
    resync();
  });
  // Switched on here, or request notifications switched on or off in Settings: catch up.
  useNotify.subscribe((s, prev) =>
    s.permission !== prev.permission || s.wanted !== prev.wanted ? resync() : undefined,
  );
  useStore.subscribe((s, prev) => {
    if (s.settings?.notifications.permissionRequest !== prev.settings?.notifications.permissionRequest)
      resync();
  });
  // A push after the read below was asked is newer than its answer: that answer is then dropped.
  void readUnlessPushed('requests:list', {}, 'requests').then((list) => {
    if (!list) return;
    waiting = list;
    resync();
  });
}
