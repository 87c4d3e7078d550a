import { lazy, Suspense, useEffect, useLayoutEffect, useRef, type ComponentType } from 'react';
import { AgentNotice } from './components/AgentLive.js';
import { AfterAgentVerdicts } from './components/AgentTrust.js';
import { useAgentsFeed, useAgentsList } from './components/agents-list.js';
import { useAskMeStatus } from './components/ask-me-status.js';
import { ErrorBox } from './components/bits.js';
import { PathText } from './components/names.js';
import { Notifications } from './components/Notifications.js';
import { counted } from './components/counted.js';
import { saved, useStore, useStoreParts, VIEWS, type View } from './store.js';
import { HistoryView } from './views/History.js';
import { ProblemsView } from './views/Problems.js';
import { ReviewView } from './views/Review.js';
import { RulesView } from './views/Rules.js';
import { SettingsView } from './views/Settings.js';
import { TestFireView } from './views/TestFire.js';
import { WaitingRequests } from './components/WaitingRequests.js';
import { useWaitingTitleAndIcon, WaitingBar, WaitingNavItem } from './components/WaitingSignals.js';
import { NotifyOffer } from './notify/NotifyOffer.js';
import { showWelcome, useWelcome, WelcomeGate } from './views/Welcome.js';

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

/** The views that show what the agents themselves will run (AfterAgentVerdicts says why they wait). */
const SHOWS_VERDICTS = new Set<View>(['rules', 'problems', 'review']);

/** The workspace whose project files the views show: where Hookpanel started, or one from Settings. */
function WorkspacePicker() {
  const { workspace, info, settings, loadSources } = useStoreParts(
    'workspace',
    'info',
    'settings',
    'loadSources',
  );
  const choices = [
    ...new Set([info?.workspace, ...(settings?.workspaces ?? []), workspace].filter((w): w is string => !!w)),
  ];
  if (choices.length < 2)
    return workspace ? <PathText path={workspace} /> : <span className="muted">none</span>;
  return (
    <select
      id="workspace"
      value={workspace ?? ''}
      onChange={(e) => {
        useStore.setState({ workspace: e.target.value });
        // Kept across reloads (startStore picks it again while it is still one of the choices).
        saved.set('workspace', e.target.value);
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

export function App() {
  const { view, go, sources, error, setError, workspace, workspaceKnown, settings } = useStoreParts(
    'view',
    'go',
    'sources',
    'error',
    'setError',
    'workspace',
    'workspaceKnown',
    'settings',
  );
  const Current = VIEW[view];
  const errors = sources.reduce((n, s) => n + s.diagnostics.filter((d) => d.severity === 'error').length, 0);
  // Every known workspace's, not only the one picked (the picked one's as loaded, should the two differ).
  const waiting = useStore((s) => s.waiting);
  const here = sources.filter((s) => s.projectScoped && s.state === 'untrusted').length;
  const review =
    here + waiting.filter((w) => w.workspace !== workspace).reduce((n, w) => n + w.files.length, 0);
  const elsewhere = waiting.filter((w) => w.workspace !== workspace).length;
  const overBudget = useStore((s) => new Set(s.budgetFlags.map((f) => `${f.source}#${f.rule}`)).size);
  const counts: Partial<Record<View, [number, string]>> = {
    problems: [errors, `${counted(errors, 'error')} in hook files`],
    review: [
      review,
      `${counted(review, 'project file')} to review${elsewhere ? ` (in ${counted(elsewhere + (here ? 1 : 0), 'workspace')})` : ''}`,
    ],
    cost: [overBudget, `${counted(overBudget, 'rule')} over its latency budget`],
  };
  const main = useRef<HTMLElement>(null);
  const focus = useStore((s) => s.focus);
  // Each view opens at its top (a view given something to show scrolls to it itself).
  useLayoutEffect(() => {
    main.current?.scrollTo({ top: 0 });
  }, [view, focus]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.altKey && /^[1-7]$/.test(e.key))) return;
      go(VIEWS[Number(e.key) - 1]!.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);
  const welcome = useWelcome((s) => s.open === true);
  const label = welcome ? 'Your agents on this machine' : VIEWS.find((v) => v.id === view)!.label;
  useWaitingTitleAndIcon();
  useAgentsFeed();
  // Views are drawn once the agents are known: the notice above them (an agent not connected) would
  // otherwise push a view down under a click on its way.
  const agentsKnown = useAgentsList((s) => s.agents !== null || s.error !== null);
  // Read as the panel starts, so Settings (which waits for it) opens at once.
  useEffect(() => void useAskMeStatus.getState().load(), []);
  return (
    <div className="app">
      <nav aria-label="views">
        <div className="brand">Hookpanel</div>
        <WaitingNavItem />
        <ul role="tablist" aria-orientation="vertical">
          {VIEWS.map((v, i) => {
            const [n, what] = counts[v.id] ?? [0, ''];
            return (
              <li key={v.id} role="presentation">
                <button
                  type="button"
                  role="tab"
                  aria-selected={view === v.id && !welcome}
                  aria-controls="view"
                  className={view === v.id && !welcome ? 'active' : ''}
                  onClick={() => go(v.id)}
                  title={`Alt+${i + 1}`}
                >
                  <span>{v.label}</span>
                  {n ? (
                    <span className="count" title={what}>
                      {n}
                      <span className="sr-only"> ({what})</span>
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
        <div className="ws">
          <button type="button" className="link welcome-link" aria-pressed={welcome} onClick={showWelcome}>
            Agents on this machine
          </button>
          {settings?.paused && (
            <button type="button" className="paused" onClick={() => go('settings')}>
              All hooks paused
            </button>
          )}
          <label className="muted" htmlFor="workspace">
            Workspace
          </label>
          <WorkspacePicker />
        </div>
      </nav>
      <main ref={main} id="view" role="tabpanel" aria-label={label}>
        <header className="top">
          <div className="top-row">
            <h1>{label}</h1>
            <Notifications />
          </div>
          <WaitingBar />
        </header>
        <NotifyOffer />
        <WaitingRequests />
        {!welcome && <AgentNotice />}
        {error && (
          <div className="error-bar">
            <ErrorBox message={error} />
            <button type="button" onClick={() => setError(null)}>
              Dismiss
            </button>
          </div>
        )}
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <WelcomeGate>
            {workspaceKnown && agentsKnown ? (
              SHOWS_VERDICTS.has(view) ? (
                <AfterAgentVerdicts>
                  <Current key={workspace ?? ''} />
                </AfterAgentVerdicts>
              ) : (
                <Current key={workspace ?? ''} />
              )
            ) : (
              <p className="muted">Loading…</p>
            )}
          </WelcomeGate>
        </Suspense>
      </main>
    </div>
  );
}
