// The only file that touches ipcMain: it hands Electron's to the binding (ipc-binding.ts).
import { ipcMain, type BrowserWindow } from 'electron';
import type { Push } from '../../shared/ipc.js';
import type { Handlers } from '../host/panel/api.js';
import { bindIpcTo } from './ipc-binding.js';

export function bindIpc(
  api: Handlers,
  window: () => BrowserWindow | null,
  appOrigin: string,
): { push(event: Push, payload: unknown): void; dispose(): void } {
  return bindIpcTo(ipcMain, api, window, appOrigin);
}
