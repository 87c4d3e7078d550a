// The one typed client: Electron's preload bridge when present, else the browser-mode WebSocket.
import { methodName, subscriptionName } from '../../shared/channels.js';
import {
  PUSHES,
  type Channel,
  type HostApi,
  type Push,
  type PushPayload,
  type Req,
  type Res,
} from '../../shared/ipc.js';

declare global {
  interface Window {
    /** Exposed by the Electron preload: one named method per channel, one `on…` per pushed event. */
    hookpanelBridge?: Record<string, (arg: unknown) => unknown>;
  }
}

type Listener = (payload: unknown) => void;

/** In the desktop app: the preload's named methods, behind the same typed interface. */
function electronClient(bridge: NonNullable<Window['hookpanelBridge']>): HostApi {
  return {
    request: (channel, req) => bridge[methodName(channel)]!(req) as Promise<never>,
    on: (event, listener) => bridge[subscriptionName(event)]!(listener) as () => void,
  };
}

export function connectClient(): HostApi {
  if (window.hookpanelBridge) return electronClient(window.hookpanelBridge);
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const listeners = new Map<Push, Set<Listener>>();
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let socket: WebSocket;
  let ready: Promise<void>;
  const open = (): Promise<void> => {
    socket = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(token)}`);
    const opened = new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener(
        'error',
        () => reject(new Error('cannot reach the Hookpanel host (is `hookpanel serve` still running?)')),
        { once: true },
      );
    });
    // Whoever asks next hears of the failure; no one asking is no uncaught rejection (nor below).
    opened.catch(() => {});
    socket.addEventListener('message', (e) => {
      const msg = JSON.parse(String(e.data)) as {
        type: string;
        id?: number;
        ok?: boolean;
        result?: unknown;
        error?: string;
        event?: Push;
        payload?: unknown;
      };
      if (msg.type === 'response' && typeof msg.id === 'number') {
        const w = waiting.get(msg.id);
        waiting.delete(msg.id);
        if (msg.ok) w?.resolve(msg.result);
        else w?.reject(new Error(msg.error ?? 'request failed'));
      } else if (msg.type === 'push' && msg.event && Object.hasOwn(PUSHES, msg.event)) {
        for (const l of listeners.get(msg.event) ?? []) l(msg.payload);
      }
    });
    socket.addEventListener('close', () => {
      for (const w of waiting.values()) w.reject(new Error('the connection to the host closed'));
      waiting.clear();
      // A request asked while the host is away waits for the next connection: sent into the closed
      // socket, it would be dropped without a word and never answered (a click that does nothing).
      ready = new Promise((resume) => setTimeout(resume, 1000)).then(open);
      ready.catch(() => {});
    });
    return opened;
  };
  ready = open();
  return {
    async request<C extends Channel>(channel: C, req: Req<C>): Promise<Res<C>> {
      await ready;
      // Closed between the connection's opening and now: its close has started the next one.
      if (socket.readyState !== WebSocket.OPEN) await ready;
      if (socket.readyState !== WebSocket.OPEN) throw new Error('the connection to the host closed');
      const id = nextId++;
      return new Promise<Res<C>>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
        socket.send(JSON.stringify({ id, channel, payload: req }));
      });
    },
    on<P extends Push>(event: P, listener: (payload: PushPayload<P>) => void) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as Listener);
      return () => set.delete(listener as Listener);
    },
  };
}

export const api = connectClient();
