// The only file that touches ipcMain: every request is checked for its sender (the main frame of our
// own window and origin) and then validated against the contract by handleRequest.
import { ipcMain, type BrowserWindow } from 'electron';
import type { Push } from '../../shared/ipc.js';
import { handleRequest, type Handlers } from '../host/panel/api.js';
import { IPC_PUSH, IPC_REQUEST } from '../../shared/channels.js';
import { isTrustedSender } from './sender.js';

export function bindIpc(
  api: Handlers,
  window: () => BrowserWindow | null,
  appOrigin: string,
): { push(event: Push, payload: unknown): void; dispose(): void } {
  ipcMain.handle(IPC_REQUEST, async (event, channel: unknown, req: unknown) => {
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
    dispose: () => ipcMain.removeHandler(IPC_REQUEST),
  };
}
