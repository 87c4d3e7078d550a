import { create } from 'zustand';
import type { DispatchRecord, EventRecord } from '../../shared/dispatch.js';
import type {
  BudgetFlag,
  HistoryImport,
  PanelNotification,
  PanelSettings,
  PanelSettingsUpdate,
  Res,
} from '../../shared/ipc.js';
import type { Source } from '../../shared/model.js';
import { api } from './client.js';

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

interface State {
  view: View;
  info: Res<'host:info'> | null;
  workspace: string | null;
  sources: Source[];
  loadingSources: boolean;
  error: string | null;
  settings: PanelSettings | null;
  notifications: PanelNotification[];
  /** Live records pushed since the History view last queried. */
  liveDispatches: DispatchRecord[];
  liveEvents: EventRecord[];
  focus: { eventId: string | null; dispatchId: string | null; path: string | null };
  /** Rules whose recent p95 is over their latency budget. */
  budgetFlags: BudgetFlag[];
  /** The one-time import of a JSON-lines history, while it runs (and its outcome). */
  historyImport: HistoryImport | null;
  go(view: View, focus?: Partial<State['focus']>): void;
  loadSources(validate?: boolean): Promise<void>;
  loadSettings(): Promise<void>;
  updateSettings(patch: PanelSettingsUpdate): Promise<void>;
  setError(e: string | null): void;
}

export const useStore = create<State>((set, get) => ({
  view: 'rules',
  info: null,
  workspace: null,
  sources: [],
  loadingSources: false,
  error: null,
  settings: null,
  notifications: [],
  liveDispatches: [],
  liveEvents: [],
  focus: { eventId: null, dispatchId: null, path: null },
  budgetFlags: [],
  historyImport: null,
  go: (view, focus = {}) => set({ view, focus: { eventId: null, dispatchId: null, path: null, ...focus } }),
  async loadSources(validate = false) {
    set({ loadingSources: true });
    try {
      const r = await api.request(validate ? 'sources:validate' : 'sources:list', {
        workspace: get().workspace,
      });
      set({ sources: r.sources, workspace: r.workspace, error: null });
    } catch (e) {
      set({ error: `Could not load hook files: ${(e as Error).message}` });
    } finally {
      set({ loadingSources: false });
    }
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
    try {
      set({ settings: await api.request('settings:update', patch) });
    } catch (e) {
      set({ settings: before });
      throw e;
    }
  },
  setError: (error) => set({ error }),
}));

/** Wires pushes from the host into the store; called once at start. */
export async function startStore(): Promise<void> {
  const s = useStore.getState();
  const [info, notifications] = await Promise.all([
    api.request('host:info', {}),
    api.request('notifications:list', {}),
  ]);
  useStore.setState({ info, workspace: info.workspace, notifications });
  await Promise.all([s.loadSources(), s.loadSettings()]);
  api.on('sourcesChanged', () => void useStore.getState().loadSources());
  api.on('settingsChanged', (settings) => useStore.setState({ settings }));
  api.on('record', (r) => {
    if (r.type === 'dispatch')
      useStore.setState((st) => ({ liveDispatches: [r, ...st.liveDispatches].slice(0, 5000) }));
    else useStore.setState((st) => ({ liveEvents: [r, ...st.liveEvents].slice(0, 5000) }));
  });
  api.on('notification', (n) => {
    useStore.setState((st) => ({
      notifications: [n, ...st.notifications.filter((x) => x.id !== n.id)].slice(0, 200),
    }));
    if (!window.hookpanelBridge && 'Notification' in window && Notification.permission === 'granted')
      new Notification(n.title, { body: n.body, tag: n.id });
  });
  api.on('navigate', (target) => useStore.getState().go(target.view, target));
  api.on('budgetFlags', (budgetFlags) => useStore.setState({ budgetFlags }));
  api.on('historyImport', (historyImport) => useStore.setState({ historyImport }));
  void Promise.all([api.request('history:budgets', {}), api.request('history:status', {})]).then(
    ([budgetFlags, status]) => useStore.setState({ budgetFlags, historyImport: status.import }),
    () => {},
  );
}
