// The preload: exposes one named method per contract channel and one `on…` subscription per pushed
// event (each returns an unsubscribe), and nothing else. Raw ipcRenderer appears only here.
// A sandboxed preload can load no modules of ours, so `npm run build` bundles this file with
// shared/channels.ts into the preload.cjs the window loads (preload.vite.config.mts): the names come
// from the contract, not a copy. The source is named apart so tsc's own output never takes its place.
import { contextBridge, ipcRenderer } from 'electron';
import {
  IPC_PUSH,
  IPC_REQUEST,
  methodName,
  PUSH_EVENTS,
  REQUEST_CHANNELS,
  subscriptionName,
} from '../../shared/channels.js';

const exposed: Record<string, unknown> = {};
for (const channel of REQUEST_CHANNELS) {
  exposed[methodName(channel)] = (req: unknown) => ipcRenderer.invoke(IPC_REQUEST, channel, req);
}
for (const event of PUSH_EVENTS) {
  exposed[subscriptionName(event)] = (listener: (payload: unknown) => void) => {
    const handler = (_e: unknown, name: string, payload: unknown) => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(IPC_PUSH, handler);
    return () => ipcRenderer.removeListener(IPC_PUSH, handler);
  };
}
contextBridge.exposeInMainWorld('hookpanelBridge', Object.freeze(exposed));
