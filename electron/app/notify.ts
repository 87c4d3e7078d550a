// Desktop notifications: the NotificationCenter decides; this adapter shows them and routes clicks.
import { Notification } from 'electron';
import type { PanelNotification } from '../../shared/ipc.js';

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
