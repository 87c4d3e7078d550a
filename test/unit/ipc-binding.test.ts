// The Electron IPC entry, wired to an ipcMain-shaped EventEmitter that answers invokes the way Electron's
// does (the handler's result, or its error): the sender check and the contract sit between a frame and
// the host's handlers.
import { EventEmitter } from 'node:events';
import { describe, expect, test } from 'vitest';
import type { Handlers } from '../../electron/host/panel/api.js';
import { bindIpcTo, type IpcMainLike, type IpcWindow } from '../../electron/app/ipc-binding.js';
import { IPC_PUSH, IPC_REQUEST } from '../../shared/channels.js';

const APP = 'file:///opt/hookpanel/resources/app.asar/dist/renderer/index.html';

interface Frame {
  url: string;
  parent: Frame | null;
}

/** A window with its web contents and main frame, as the sender fields of Electron's events carry them. */
function makeWindow(url = APP) {
  const mainFrame: Frame = { url, parent: null };
  const sent: unknown[][] = [];
  const webContents = { mainFrame, send: (...args: unknown[]) => void sent.push(args) };
  const win: IpcWindow = { isDestroyed: () => false, webContents };
  return { win, webContents, mainFrame, sent };
}

/** ipcMain's handle/removeHandler over an EventEmitter; invoke() is what a renderer's invoke reaches. */
function makeIpcMain() {
  const bus = new EventEmitter();
  const ipc: IpcMainLike = {
    handle: (channel, listener) => {
      if (bus.listenerCount(channel))
        throw new Error(`Attempted to register a second handler for '${channel}'`);
      bus.on(channel, (reply: (p: Promise<unknown>) => void, event, ...args: unknown[]) =>
        reply(Promise.resolve().then(() => listener(event, ...args))),
      );
    },
    removeHandler: (channel) => void bus.removeAllListeners(channel),
  };
  const invoke = (event: { sender: unknown; senderFrame: Frame | null }, ...args: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      const handled = bus.emit(IPC_REQUEST, (p: Promise<unknown>) => p.then(resolve, reject), event, ...args);
      if (!handled) reject(new Error(`No handler registered for '${IPC_REQUEST}'`));
    });
  return { ipc, invoke };
}

function makeApi() {
  const calls: unknown[] = [];
  const api = {
    'history:query': async (req: unknown) => {
      calls.push(req);
      return { dispatches: [], events: [] };
    },
  } as unknown as Handlers;
  return { api, calls };
}

const query = { filter: {}, limit: 50 };

describe('the Electron IPC entry', () => {
  test("a request from our window's main frame at our origin reaches the handler", async () => {
    const { win, webContents, mainFrame } = makeWindow();
    const { ipc, invoke } = makeIpcMain();
    const { api, calls } = makeApi();
    bindIpcTo(ipc, api, () => win, 'file://');
    expect(await invoke({ sender: webContents, senderFrame: mainFrame }, 'history:query', query)).toEqual({
      dispatches: [],
      events: [],
    });
    expect(calls).toEqual([query]);
  });

  test('a foreign window, a subframe and a main frame navigated elsewhere are refused before the handler', async () => {
    const { win, webContents, mainFrame } = makeWindow();
    const other = makeWindow();
    const { ipc, invoke } = makeIpcMain();
    const { api, calls } = makeApi();
    bindIpcTo(ipc, api, () => win, 'file://');
    const refused = 'refused: request from an untrusted frame';
    // Another window of ours (or a webview): its own web contents and frame.
    await expect(
      invoke({ sender: other.webContents, senderFrame: other.mainFrame }, 'history:query', query),
    ).rejects.toThrow(refused);
    // Our web contents, but the message came from an iframe inside the page, even at our own origin.
    const subframe: Frame = { url: APP, parent: mainFrame };
    await expect(
      invoke({ sender: webContents, senderFrame: subframe }, 'history:query', query),
    ).rejects.toThrow(refused);
    // A frame already gone (senderFrame is null once it navigated or was destroyed).
    await expect(invoke({ sender: webContents, senderFrame: null }, 'history:query', query)).rejects.toThrow(
      refused,
    );
    // Our main frame after it navigated away from the app.
    mainFrame.url = 'https://evil.example/phish.html';
    await expect(
      invoke({ sender: webContents, senderFrame: mainFrame }, 'history:query', query),
    ).rejects.toThrow(refused);
    expect(calls).toEqual([]);
  });

  test('an invalid payload or an unknown channel is refused by the contract; with no window nothing is allowed', async () => {
    let current: IpcWindow | null = null;
    const { win, webContents, mainFrame } = makeWindow();
    const { ipc, invoke } = makeIpcMain();
    const { api, calls } = makeApi();
    bindIpcTo(ipc, api, () => current, 'file://');
    const ours = { sender: webContents, senderFrame: mainFrame };
    await expect(invoke(ours, 'history:query', query)).rejects.toThrow('untrusted frame');
    current = win;
    await expect(invoke(ours, 'history:query', { filter: {}, limit: -1 })).rejects.toThrow(
      /^invalid request for history:query: limit: /,
    );
    await expect(invoke(ours, 'shell:exec', { command: 'id' })).rejects.toThrow(
      'unknown channel "shell:exec"',
    );
    expect(calls).toEqual([]);
  });

  test('pushes go to a live window only; dispose removes the handler', async () => {
    let destroyed = false;
    const { webContents, mainFrame, sent } = makeWindow();
    const win: IpcWindow = { isDestroyed: () => destroyed, webContents };
    const { ipc, invoke } = makeIpcMain();
    const binding = bindIpcTo(ipc, makeApi().api, () => win, 'file://');
    binding.push('record', { id: 1 });
    destroyed = true;
    binding.push('record', { id: 2 });
    expect(sent).toEqual([[IPC_PUSH, 'record', { id: 1 }]]);
    binding.dispose();
    await expect(
      invoke({ sender: webContents, senderFrame: mainFrame }, 'history:query', query),
    ).rejects.toThrow('No handler registered');
  });
});
