// Whether an IPC request comes from our own window's main frame at our own origin. Kept free of
// Electron imports (types only) so it is tested under plain Node.
import type { BrowserWindow, IpcMainInvokeEvent } from 'electron';

type SenderEvent = { sender: unknown; senderFrame: { url: string } | null };
type WindowLike = { webContents: { mainFrame: unknown } };

export function isTrustedSender(
  event: SenderEvent | Pick<IpcMainInvokeEvent, 'senderFrame' | 'sender'>,
  win: WindowLike | BrowserWindow | null,
  appOrigin: string,
): boolean {
  if (!win || event.sender !== win.webContents) return false;
  const frame = event.senderFrame;
  if (!frame || frame !== win.webContents.mainFrame) return false;
  try {
    const url = new URL(frame.url);
    return appOrigin === 'file://' ? url.protocol === 'file:' : url.origin === appOrigin;
  } catch {
    return false;
  }
}
