import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { api } from './client.js';
import { ErrorBox } from './components/bits.js';
import { useStore, VIEWS, type View } from './store.js';
import { HistoryView } from './views/History.js';
import { ProblemsView } from './views/Problems.js';
import { ReviewView } from './views/Review.js';
import { RulesView } from './views/Rules.js';
import { SettingsView } from './views/Settings.js';
import { TestFireView } from './views/TestFire.js';

// The cost view brings the charting library: loaded the first time it is opened.
const CostView = lazy(() => import('./views/Cost.js').then((m) => ({ default: m.CostView })));

const VIEW: Record<View, ComponentType> = {
  rules: RulesView,
  problems: ProblemsView,
  history: HistoryView,
  cost: CostView,
  fire: TestFireView,
  review: ReviewView,
  settings: SettingsView,
};

/** The workspace whose project files the views show: where Hookpanel started, or one from Settings. */
function WorkspacePicker() {
  const { workspace, info, settings, loadSources } = useStore();
  const choices = [
    ...new Set([info?.workspace, ...(settings?.workspaces ?? []), workspace].filter((w): w is string => !!w)),
  ];
  if (choices.length < 2) return <code>{workspace ?? 'none'}</code>;
  return (
    <select
      id="workspace"
      value={workspace ?? ''}
      onChange={(e) => {
        useStore.setState({ workspace: e.target.value });
        void loadSources();
      }}
    >
      {choices.map((w) => (
        <option key={w} value={w}>
          {w}
        </option>
      ))}
    </select>
  );
}

/** First run: an agent that runs its own hooks is here but not connected yet. */
function FirstRun() {
  const go = useStore((s) => s.go);
  const view = useStore((s) => s.view);
  const [agent, setAgent] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState(
    () => localStorage.getItem('hookpanel.firstRunDismissed') === '1',
  );
  useEffect(() => {
    void api.request('agents:list', {}).then(
      (list) => setAgent(list.find((a) => a.kind === 'own' && a.detected && !a.connected)?.name ?? null),
      () => {},
    );
  }, [view]);
  if (!agent || dismissed || view === 'settings') return null;
  return (
    <div className="note first-run" role="status">
      {agent} is on this machine but not connected: connect it to be notified when a turn is done and to run
      your hosted rules.{' '}
      <button type="button" className="primary" onClick={() => go('settings')}>
        Connect…
      </button>{' '}
      <button
        type="button"
        onClick={() => {
          localStorage.setItem('hookpanel.firstRunDismissed', '1');
          setDismissed(true);
        }}
      >
        Not now
      </button>
    </div>
  );
}

export function App() {
  const { view, go, sources, notifications, error, setError, workspace, settings } = useStore();
  const [bell, setBell] = useState(false);
  const Current = VIEW[view];
  const errors = sources.reduce((n, s) => n + s.diagnostics.filter((d) => d.severity === 'error').length, 0);
  const review = sources.filter((s) => s.state === 'untrusted').length;
  const overBudget = useStore((s) => new Set(s.budgetFlags.map((f) => `${f.source}#${f.rule}`)).size);
  const counts: Partial<Record<View, number>> = { problems: errors, review, cost: overBudget };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.altKey && /^[1-7]$/.test(e.key))) return;
      go(VIEWS[Number(e.key) - 1]!.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);
  return (
    <div className="app">
      <nav aria-label="views">
        <div className="brand">Hookpanel</div>
        <ul role="tablist" aria-orientation="vertical">
          {VIEWS.map((v, i) => (
            <li key={v.id}>
              <button
                type="button"
                role="tab"
                aria-selected={view === v.id}
                className={view === v.id ? 'active' : ''}
                onClick={() => go(v.id)}
                title={`Alt+${i + 1}`}
              >
                {v.label}
                {counts[v.id] ? (
                  <span className="count" aria-label={`${counts[v.id]} to look at`}>
                    {counts[v.id]}
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
        <div className="ws" title={workspace ?? ''}>
          {settings?.paused && (
            <div className="paused" role="status">
              All hooks paused
            </div>
          )}
          <label className="muted" htmlFor="workspace">
            Workspace
          </label>
          <WorkspacePicker />
        </div>
      </nav>
      <main>
        <header className="top">
          <h1>{VIEWS.find((v) => v.id === view)!.label}</h1>
          <div className="bell">
            <button
              type="button"
              aria-label={`notifications (${notifications.length})`}
              aria-expanded={bell}
              onClick={() => setBell(!bell)}
            >
              Notifications{' '}
              {notifications.length ? <span className="count">{notifications.length}</span> : null}
            </button>
            {bell && (
              <div className="dropdown" role="dialog" aria-label="notifications">
                {notifications.length ? (
                  <>
                    <ul>
                      {notifications.map((n) => (
                        <li key={n.id}>
                          <button
                            type="button"
                            className={`notice n-${n.kind}`}
                            onClick={() => {
                              setBell(false);
                              go(n.target.view, n.target);
                            }}
                          >
                            <strong>{n.title}</strong>
                            {n.count > 1 ? <span className="count">×{n.count}</span> : null}
                            <span>{n.body}</span>
                            <span className="muted">{new Date(n.time).toLocaleTimeString()}</span>
                          </button>
                        </li>
                      ))}
                    </ul>
                    <button
                      type="button"
                      onClick={() =>
                        void api
                          .request('notifications:clear', {})
                          .then(() => useStore.setState({ notifications: [] }))
                      }
                    >
                      Clear all
                    </button>
                  </>
                ) : (
                  <p className="muted">
                    No notifications. Turn-done, blocked, failed and review-needed notices land here.
                  </p>
                )}
              </div>
            )}
          </div>
        </header>
        <FirstRun />
        {error && (
          <div onClick={() => setError(null)}>
            <ErrorBox message={error} />
          </div>
        )}
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <Current />
        </Suspense>
      </main>
    </div>
  );
}
