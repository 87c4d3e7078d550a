// What the page puts in a notification's data, and what the service worker posts back to the page.
// Types only: the worker imports nothing at run time.
import type { PanelNotification } from '../../../shared/ipc.js';
import type { RequestAction } from '../../../shared/request-notices.js';

export interface NoticeData {
  /** The page that showed it (with its token), opened when no panel page is left to focus. */
  panel: string;
  requestId: string | null;
  target: PanelNotification['target'] | null;
}

export type WorkerMessage =
  | { type: 'hookpanel:answer'; requestId: string; action: RequestAction }
  | { type: 'hookpanel:open'; requestId: string | null; target: PanelNotification['target'] | null };
