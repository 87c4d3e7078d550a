// Whether this browser shows desktop notifications: what the browser allows, what the person chose
// here (kept in this browser only), and the one-time offer.
import { create } from 'zustand';

const WANTED_KEY = 'hookpanel.desktopNotifications';
const OFFER_KEY = 'hookpanel.desktopNotificationsOffer';

export type Permission = NotificationPermission | 'unsupported';

export interface NotifyState {
  permission: Permission;
  /** Off only when the person switched it off in this browser. */
  wanted: boolean;
  /** The offer shows the first time something would notify while the browser has not been asked. */
  offer: boolean;
  /** What the last request for permission came to, said plainly; null before any. */
  outcome: string | null;
  /** Asks the browser (call from a click: browsers ignore requests without a user gesture). */
  turnOn(): Promise<void>;
  turnOff(): void;
  /** Something would have notified: offer it once, if the browser has not been asked yet. */
  wouldNotify(): void;
  dismissOffer(): void;
}

/** Whether this page can show notifications at all: the API, a service worker, a secure context. */
export function notificationsSupported(): boolean {
  return (
    !window.hookpanelBridge && 'Notification' in window && 'serviceWorker' in navigator && isSecureContext
  );
}

export const BLOCKED =
  'This browser blocks notifications from the panel. Allow them in the site settings (the icon left of the address), then reload the page.';

const stored = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const store = (key: string, value: string) => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage off (private mode): the choice lasts this page.
  }
};

export const useNotify = create<NotifyState>((set, get) => ({
  permission: notificationsSupported() ? Notification.permission : 'unsupported',
  wanted: stored(WANTED_KEY) !== 'off',
  offer: false,
  outcome: null,
  turnOn: async () => {
    store(WANTED_KEY, 'on');
    set({ wanted: true });
    if (get().permission === 'unsupported') return;
    const permission = await Notification.requestPermission();
    set({
      permission,
      // The offer stays to say what happened, unless it worked.
      offer: permission !== 'granted' && get().offer,
      outcome:
        permission === 'granted'
          ? 'On: this browser shows them as desktop notifications.'
          : permission === 'denied'
            ? BLOCKED
            : 'The browser closed its question without an answer: try again.',
    });
    if (permission !== 'default') store(OFFER_KEY, 'done');
  },
  turnOff: () => {
    store(WANTED_KEY, 'off');
    set({ wanted: false, outcome: null });
  },
  wouldNotify: () => {
    const s = get();
    if (s.permission === 'default' && s.wanted && !s.offer && stored(OFFER_KEY) !== 'done')
      set({ offer: true });
  },
  dismissOffer: () => {
    store(OFFER_KEY, 'done');
    set({ offer: false });
  },
}));

/** Whether to show a desktop notification now. */
export function notifying(): boolean {
  const s = useNotify.getState();
  return s.permission === 'granted' && s.wanted;
}
