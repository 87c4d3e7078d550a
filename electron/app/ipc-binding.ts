// The IPC entry, free of Electron (types only) so it is tested under plain Node with an ipcMain-shaped
// object: every request is checked for its sender (the main frame of our own window, at our own
// origin), then validated against the contract by handleRequest.
import type { Push } from '../../shared/ipc.js';
import { handleRequest, type Handlers } from '../host/panel/api.js';
import { IPC_PUSH, IPC_REQUEST } from '../../shared/channels.js';
import { isTrustedSender } from './sender.js';

type SenderEvent = Parameters<typeof isTrustedSender>[0];

/** What the binding uses of Electron's ipcMain. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: SenderEvent, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** What it uses of the BrowserWindow. */
export interface IpcWindow {
  isDestroyed(): boolean;
  webContents: { mainFrame: unknown; send(channel: string, ...args: unknown[]): void };
}

export function bindIpcTo(
  ipc: IpcMainLike,
  api: Handlers,
  window: () => IpcWindow | null,
  appOrigin: string,
): { push(event: Push, payload: unknown): void; dispose(): void } {
  ipc.handle(IPC_REQUEST, async (event, channel, req) => {
    if (!isTrustedSender(event, window(), appOrigin))
      throw new Error('refused: request from an untrusted frame');
    const outcome = await handleRequest(api, channel, req);
    if (!outcome.ok) throw new Error(outcome.error);
    return outcome.result;
  });
  return {
    push(event, payload) {
      const win = window();
      if (win && !win.isDestroyed()) win.webContents.send(IPC_PUSH, event, payload);
    },
    dispose: () => ipc.removeHandler(IPC_REQUEST),
  };
}
