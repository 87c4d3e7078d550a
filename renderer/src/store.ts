import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { DispatchRecord, EventRecord } from '../../shared/dispatch.js';
import type {
  BudgetFlag,
  HistoryImport,
  PanelNotification,
  PanelSettings,
  PanelSettingsUpdate,
  Res,
  WaitingReviews,
} from '../../shared/ipc.js';
import type { Source } from '../../shared/model.js';
import type { WaitingRequest } from '../../shared/permissions.js';
import { api } from './client.js';
import { readUnlessPushed } from './fresh-read.js';

export type View = 'rules' | 'problems' | 'history' | 'cost' | 'fire' | 'review' | 'settings';
export const VIEWS: { id: View; label: string }[] = [
  { id: 'rules', label: 'Rules' },
  { id: 'problems', label: 'Problems' },
  { id: 'history', label: 'History' },
  { id: 'fire', label: 'Test fire' },
  { id: 'review', label: 'Trust review' },
  { id: 'settings', label: 'Settings' },
  { id: 'cost', label: 'Hook cost' },
];

export interface Focus {
  eventId: string | null;
  dispatchId: string | null;
  path: string | null;
  /** A rule of `path`, by its index in the file. */
  ruleIndex?: number | null;
}

export interface FireState {
  dialect: string | null;
  event: string | null;
  workspace: string | null;
  /** Payloads edited by hand, by `dialect event`. */
  payloads: Record<string, string>;
}

const NO_FOCUS: Focus = { eventId: null, dispatchId: null, path: null, ruleIndex: null };

/** localStorage, where the page may use it (a sandboxed or private page may not). */
export const saved = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(`hookpanel.${key}`);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(`hookpanel.${key}`, value);
    } catch {
      // Not kept: the choice lasts until the page closes.
    }
  },
};

function savedFire(): FireState {
  try {
    const v = JSON.parse(saved.get('fire') ?? '{}') as Partial<FireState>;
    return {
      dialect: typeof v.dialect === 'string' ? v.dialect : null,
      event: typeof v.event === 'string' ? v.event : null,
      workspace: typeof v.workspace === 'string' ? v.workspace : null,
      payloads: {},
    };
  } catch {
    return { dialect: null, event: null, workspace: null, payloads: {} };
  }
}

interface State {
  view: View;
  info: Res<'host:info'> | null;
  workspace: string | null;
  /**
   * Whether the first workspace is known (the host's, or the one picked last time). The view is keyed
   * by the workspace, so a view shown before it would be mounted again when it arrives, losing what the
   * person did in it meanwhile (a search typed at once).
   */
  workspaceKnown: boolean;
  sources: Source[];
  /** Project files waiting for review in every known workspace, not only the one picked. */
  waiting: WaitingReviews;
  loadingSources: boolean;
  /** Whether the hook files have been listed once: before that, no hooks means "not known yet". */
  sourcesLoaded: boolean;
  error: string | null;
  settings: PanelSettings | null;
  notifications: PanelNotification[];
  /** Live records pushed since the History view last queried. */
  liveDispatches: DispatchRecord[];
  liveEvents: EventRecord[];
  /** What a view opens on: an event or dispatch (History), a file (Trust review, Rules), a rule (Rules). */
  focus: Focus;
  /** Notifications newer than this (ms) are unread; opening the list reads them. */
  readAt: number;
  /** Test fire's choices, kept while the panel is open (and the last agent and event across reloads). */
  fire: FireState;
  /** Rules whose recent p95 is over their latency budget. */
  budgetFlags: BudgetFlag[];
  /** The one-time import of a JSON-lines history, while it runs (and its outcome). */
  historyImport: HistoryImport | null;
  /** Agents' permission requests waiting for the person (Ask me), oldest first. */
  requests: WaitingRequest[];
  go(view: View, focus?: Partial<Focus>): void;
  markRead(): void;
  setFire(patch: Partial<FireState>): void;
  loadSources(validate?: boolean): Promise<void>;
  loadWaiting(): Promise<void>;
  loadSettings(): Promise<void>;
  updateSettings(patch: PanelSettingsUpdate): Promise<void>;
  setError(e: string | null): void;
}

/**
 * Reads of the hook files started so far: only the latest one's answer is kept. An older read (the
 * workspace before the one just picked, or a file change told meanwhile) can be answered after it,
 * since the host answers a workspace it has cached sooner, and would put the old workspace back.
 */
let sourcesReads = 0;
/** Settings writes started so far, and those not yet answered; see updateSettings. */
let settingsWrites = 0;
let settingsUnanswered = 0;

export const useStore = create<State>((set, get) => ({
  view: 'rules',
  info: null,
  workspace: null,
  workspaceKnown: false,
  sources: [],
  waiting: [],
  loadingSources: false,
  sourcesLoaded: false,
  error: null,
  settings: null,
  notifications: [],
  liveDispatches: [],
  liveEvents: [],
  focus: NO_FOCUS,
  readAt: Number(saved.get('readAt') ?? 0),
  fire: savedFire(),
  budgetFlags: [],
  historyImport: null,
  requests: [],
  go: (view, focus = {}) => set({ view, focus: { ...NO_FOCUS, ...focus } }),
  markRead() {
    const newest = Math.max(Date.now(), ...get().notifications.map((n) => Date.parse(n.time)));
    saved.set('readAt', String(newest));
    set({ readAt: newest });
  },
  setFire(patch) {
    const fire = { ...get().fire, ...patch };
    const { dialect, event, workspace } = fire;
    saved.set('fire', JSON.stringify({ dialect, event, workspace }));
    set({ fire });
  },
  async loadSources(validate = false) {
    const read = ++sourcesReads;
    set({ loadingSources: true });
    try {
      const r = await api.request(validate ? 'sources:validate' : 'sources:list', {
        workspace: get().workspace,
      });
      if (read !== sourcesReads) return;
      set({ sources: r.sources, workspace: r.workspace, error: null });
      await get().loadWaiting();
    } catch (e) {
      if (read === sourcesReads) set({ error: `Could not load hook files: ${(e as Error).message}` });
    } finally {
      if (read === sourcesReads) set({ loadingSources: false, sourcesLoaded: true });
    }
  },
  async loadWaiting() {
    set({ waiting: await api.request('review:waiting', {}) });
  },
  async loadSettings() {
    set({ settings: await api.request('settings:get', {}) });
  },
  async updateSettings(patch) {
    const before = get().settings;
    // Optimistic: controls answer at once; the host's answer (or the old value on failure) settles it.
    const { modelApiKey, dialectOptions, ...visible } = patch;
    if (before)
      set({
        settings: {
          ...before,
          ...visible,
          // A patch names only the options it changes.
          dialectOptions: Object.fromEntries(
            Object.entries({ ...before.dialectOptions, ...dialectOptions }).map(([id, values]) => [
              id,
              { ...before.dialectOptions[id], ...values },
            ]),
          ),
          ...(modelApiKey !== undefined ? { modelApiKeySet: modelApiKey !== null } : {}),
        },
      });
    // Answers can arrive out of order (two toggles in a row): only the newest write's answer settles
    // the controls, or an older answer would undo a newer optimistic change.
    const mine = ++settingsWrites;
    settingsUnanswered++;
    try {
      const settled = await api.request('settings:update', patch);
      if (mine === settingsWrites) set({ settings: settled });
    } catch (e) {
      if (mine === settingsWrites) set({ settings: before });
      throw e;
    } finally {
      settingsUnanswered--;
    }
  },
  setError: (error) => set({ error }),
}));

/**
 * The named parts of the state, for a component that renders again when one of them changes: the whole
 * state would render it (and, from App, every view) again at each record an agent's event pushes.
 */
export function useStoreParts<K extends keyof State>(...keys: K[]): Pick<State, K> {
  return useStore(useShallow((s) => Object.fromEntries(keys.map((k) => [k, s[k]])) as Pick<State, K>));
}

/**
 * The order in which live records arrived. The host pushes a record once it is written, so a read of
 * the history asked after a record arrived holds it; one that arrived after the read was asked may be
 * missing from it, whatever the record's own time (a rule run's is when it started, maybe long before).
 */
let arrivals = 0;
const arrival = new WeakMap<object, number>();
/** How many live records have arrived so far: taken when a read of the history is asked. */
export const arrivedSoFar = (): number => arrivals;
/** When a live record arrived, in arrivedSoFar's count. */
export const arrivalOf = (r: object): number => arrival.get(r) ?? 0;

/** Wires pushes from the host into the store; called once at start. */
export async function startStore(): Promise<void> {
  const s = useStore.getState();
  // What is pushed while the first answers are on their way (an agent's event as the page opens) is
  // kept: the listeners come first, and the first lists are merged with what they already received.
  api.on('record', (r) => {
    arrival.set(r, ++arrivals);
    if (r.type === 'dispatch')
      useStore.setState((st) => ({ liveDispatches: [r, ...st.liveDispatches].slice(0, 5000) }));
    // An event told again (a held permission request, settled by its answer) replaces its row.
    else
      useStore.setState((st) => ({
        liveEvents: [r, ...st.liveEvents.filter((e) => e.id !== r.id)].slice(0, 5000),
      }));
  });
  api.on('notification', (n) => {
    useStore.setState((st) => ({
      notifications: [n, ...st.notifications.filter((x) => x.id !== n.id)].slice(0, 200),
    }));
  });
  api.on('navigate', (target) => useStore.getState().go(target.view, target));
  // What the host pushes and the panel also reads as it starts: an answer older than a push is dropped.
  api.on('budgetFlags', (budgetFlags) => useStore.setState({ budgetFlags }));
  api.on('historyImport', (historyImport) => useStore.setState({ historyImport }));
  api.on('requests', (requests) => useStore.setState({ requests }));
  void readUnlessPushed('requests:list', {}, 'requests').then(
    (requests) => requests && useStore.setState({ requests }),
    () => {},
  );
  try {
    const [info, listed] = await Promise.all([
      api.request('host:info', {}),
      api.request('notifications:list', {}),
    ]);
    useStore.setState((st) => {
      const pushed = new Set(st.notifications.map((n) => n.id));
      return {
        info,
        notifications: [...st.notifications, ...listed.filter((n) => !pushed.has(n.id))].slice(0, 200),
      };
    });
    await s.loadSettings();
    // The workspace picked in the sidebar last time, while it is still one of the choices.
    const picked = saved.get('workspace');
    const choices = [info.workspace, ...(useStore.getState().settings?.workspaces ?? [])];
    useStore.setState({ workspace: picked && choices.includes(picked) ? picked : info.workspace });
  } finally {
    // Unreachable host or not, the views show: each then says what it could not load.
    useStore.setState({ workspaceKnown: true });
  }
  await s.loadSources();
  api.on('sourcesChanged', () => void useStore.getState().loadSources());
  // While this panel's own writes are unanswered, a push tells an older state than its controls show:
  // the newest write's answer settles them.
  api.on('settingsChanged', (settings) => {
    if (!settingsUnanswered) useStore.setState({ settings });
    // A workspace added or removed changes what waits for review across them.
    void useStore.getState().loadWaiting();
  });
  void readUnlessPushed('history:budgets', {}, 'budgetFlags').then(
    (budgetFlags) => budgetFlags && useStore.setState({ budgetFlags }),
    () => {},
  );
  void readUnlessPushed('history:status', {}, 'historyImport').then(
    (status) => status && useStore.setState({ historyImport: status.import }),
    () => {},
  );
}
