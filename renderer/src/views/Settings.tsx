import { useState } from 'react';
import { DIALECT_MANIFESTS } from '../../../shared/dialects.js';
import type { NotificationKind, PanelSettingsUpdate } from '../../../shared/ipc.js';
import { api } from '../client.js';
import { ErrorBox, Prose } from '../components/bits.js';
import { agentLabel, PathText } from '../components/names.js';
import { NumberField } from '../components/NumberField.js';
import { AgentsPanel } from './Agents.js';
import { AskMeSwitches } from '../components/AskMe.js';
import { useAskMeStatus } from '../components/ask-me-status.js';
import { Machines } from '../components/Machines.js';
import { BrowserNotifications } from '../notify/BrowserNotifications.js';
import { useStoreParts } from '../store.js';
import { BudgetDefaults } from './Budget.js';

const KINDS: [NotificationKind, string][] = [
  ['turnDone', 'An agent finished a turn'],
  ['blocked', 'A hook blocked an action'],
  ['hookFailed', 'A hook failed or timed out'],
  ['reviewNeeded', 'Project hooks wait for review'],
  ['overBudget', 'A hook went over its latency budget'],
  ['permissionRequest', 'An agent asks for permission (Ask me): desktop notification with Allow and Deny'],
];

function InstallCommand() {
  const [note, setNote] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void api.request('cli:install', {}).then(
            (r) => setNote(r.message),
            (e: Error) => setNote(`Could not install the command: ${e.message}`),
          )
        }
      >
        Install the hookpanel command
      </button>
      {note && (
        <div className="note" role="status">
          {note}
        </div>
      )}
    </>
  );
}

/** Endpoint for prompt and agent hooks. The key is write-only: the panel only learns whether one is saved. */
function ModelEndpoint({
  baseUrl,
  keySet,
  save,
}: {
  baseUrl: string | null;
  keySet: boolean;
  save: (patch: PanelSettingsUpdate) => Promise<void>;
}) {
  const [url, setUrl] = useState(baseUrl ?? '');
  const [key, setKey] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const apply = (patch: PanelSettingsUpdate, done: string) =>
    save(patch).then(
      () => setNote(done),
      (e: Error) => setNote(`Could not save the endpoint: ${e.message}`),
    );
  const submit = async () => {
    const patch: PanelSettingsUpdate = { modelBaseUrl: url.trim() || null };
    if (key.trim()) patch.modelApiKey = key.trim();
    await apply(patch, 'Saved. Prompt and agent hooks use it from their next run.');
    setKey('');
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="muted">
        Prompt and agent hooks ask an Anthropic-compatible Messages API. Empty fields fall back to{' '}
        <code>ANTHROPIC_BASE_URL</code> and <code>ANTHROPIC_API_KEY</code> from Hookpanel's environment. The
        key stays on this machine and is never recorded in history.
      </p>
      <label>
        Base URL{' '}
        <input
          type="url"
          className="wide"
          aria-label="model base URL"
          placeholder="https://api.anthropic.com"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      </label>
      <label>
        API key{' '}
        <input
          type="password"
          aria-label="model API key"
          autoComplete="off"
          placeholder={keySet ? 'saved (type to replace)' : 'not set'}
          value={key}
          onChange={(e) => setKey(e.target.value)}
        />
      </label>
      <button type="submit">Save endpoint</button>{' '}
      {keySet && (
        <button
          type="button"
          onClick={() => void apply({ modelApiKey: null }, 'The saved key is forgotten.')}
        >
          Forget the saved key
        </button>
      )}
      {note && (
        <div className="note" role="status">
          {note}
        </div>
      )}
    </form>
  );
}

/** Workspaces: project folders whose hook files the panel shows; a folder that is not there is refused. */
function Workspaces() {
  const { settings, updateSettings, info } = useStoreParts('settings', 'updateSettings', 'info');
  const [newWs, setNewWs] = useState('');
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  if (!settings) return null;
  const change = async (workspaces: string[], done: string) => {
    try {
      await updateSettings({ workspaces });
      setNote({ ok: true, text: done });
      return true;
    } catch (e) {
      setNote({
        ok: false,
        text: (e as Error).message.replace(/^invalid request for settings:update: /, ''),
      });
      return false;
    }
  };
  return (
    <fieldset>
      <legend>Workspaces</legend>
      <p className="muted">
        Project folders whose hook files you want to see and review, besides the one Hookpanel started in.
      </p>
      <ul>
        {settings.workspaces.map((w) => (
          <li key={w}>
            <PathText path={w} />{' '}
            <button
              type="button"
              onClick={() =>
                void change(
                  settings.workspaces.filter((x) => x !== w),
                  `Removed ${w}.`,
                )
              }
            >
              Remove
            </button>
          </li>
        ))}
        {!settings.workspaces.length && (
          <li className="muted">
            None yet: Hookpanel shows the workspace it was started in ({info?.workspace ?? 'none'}).
          </li>
        )}
      </ul>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const w = newWs.trim();
          if (!w) return setNote({ ok: false, text: 'Type the folder of a project first.' });
          void change([...new Set([...settings.workspaces, w])], `Added ${w}.`).then(
            (ok) => ok && setNewWs(''),
          );
        }}
      >
        <input
          className="wide"
          aria-label="new workspace"
          placeholder="/path/to/project"
          value={newWs}
          onChange={(e) => setNewWs(e.target.value)}
        />{' '}
        <button type="submit">Add workspace</button>
      </form>
      {note && (
        <div className={note.ok ? 'note' : 'field-problem'} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </div>
      )}
    </fieldset>
  );
}

export function SettingsView() {
  const { settings, updateSettings, info } = useStoreParts('settings', 'updateSettings', 'info');
  const [error, setError] = useState<string | null>(null);
  // Drawn once Ask me's state is known (read as the panel starts; App waits for the agents): Ask me's
  // warnings in the agents' rows and its tools below would otherwise push down what a click is on its
  // way to.
  const askMeKnown = useAskMeStatus((s) => s.list !== null || s.error !== null);
  if (!settings || !askMeKnown) return <p className="muted">Loading…</p>;
  const save = (patch: Parameters<typeof updateSettings>[0]) =>
    updateSettings(patch).catch((e: Error) => setError(`Could not save settings: ${e.message}`));
  return (
    <section className="settings" aria-label="settings">
      {error && <ErrorBox message={error} />}
      <fieldset>
        <legend>Agents</legend>
        <AgentsPanel />
        <AskMeSwitches settings={settings} save={save} />
      </fieldset>
      <Machines />
      <fieldset>
        <legend>Hooks</legend>
        <label className="toggle">
          <input
            type="checkbox"
            checked={settings.paused}
            onChange={(e) => void save({ paused: e.target.checked })}
          />{' '}
          Pause all hooks (matching rules are recorded as skipped)
        </label>
        <label className="toggle">
          <input
            type="checkbox"
            checked={settings.startAtLogin}
            onChange={(e) => void save({ startAtLogin: e.target.checked })}
          />{' '}
          Start Hookpanel at login (desktop app)
        </label>
        {DIALECT_MANIFESTS.flatMap((m) =>
          m.options.map((o) => (
            <label key={`${m.id}.${o.key}`} className="toggle">
              <input
                type="checkbox"
                checked={settings.dialectOptions[m.id]?.[o.key] ?? o.default}
                onChange={(e) => void save({ dialectOptions: { [m.id]: { [o.key]: e.target.checked } } })}
              />{' '}
              {m.label}: {o.label} (<Prose text={o.description} />)
            </label>
          )),
        )}
      </fieldset>
      <fieldset>
        <legend>Model endpoint</legend>
        <ModelEndpoint
          baseUrl={settings.modelBaseUrl}
          keySet={settings.modelApiKeySet}
          save={updateSettings}
        />
      </fieldset>
      <fieldset id="settings-notifications">
        <legend>Notifications</legend>
        {KINDS.map(([k, label]) => (
          <label key={k} className="toggle">
            <input
              type="checkbox"
              checked={settings.notifications[k] ?? true}
              onChange={(e) =>
                void save({ notifications: { ...settings.notifications, [k]: e.target.checked } })
              }
            />{' '}
            {label}
          </label>
        ))}
        {!window.hookpanelBridge && <BrowserNotifications />}
      </fieldset>
      <Workspaces />
      <fieldset>
        <legend>History retention</legend>
        <p className="muted">The oldest records go once the history is larger, or older, than this.</p>
        <label>
          Keep at most{' '}
          <NumberField
            label="history size limit (MiB)"
            unit="MiB"
            value={Math.round(settings.historyMaxBytes / 1048576)}
            max={1024 * 1024}
            onSave={(v) => updateSettings({ historyMaxBytes: v! * 1048576 })}
          />
        </label>
        <label>
          Keep for{' '}
          <NumberField
            label="history age limit (days)"
            unit="days"
            value={settings.historyMaxAgeDays}
            max={36_500}
            onSave={(v) => updateSettings({ historyMaxAgeDays: v! })}
          />
        </label>
      </fieldset>
      <BudgetDefaults />
      <fieldset>
        <legend>Command line</legend>
        <p className="muted">
          Agents call <code>hookpanel emit</code> and <code>hookpanel-hook</code>. Packages that cannot put
          them on your PATH at install time can do it here.
        </p>
        <InstallCommand />
      </fieldset>
      <fieldset>
        <legend>Folders Hookpanel reads</legend>
        <p className="muted">
          Hookpanel's own state: <code>{info?.home}</code> · where agents' events arrive (its socket){' '}
          <code>{info?.socket}</code>
        </p>
        <table className="folders">
          <thead>
            <tr>
              <th>agent</th>
              <th>which</th>
              <th>file</th>
            </tr>
          </thead>
          <tbody>
            {info?.folders.map((f) => (
              <tr key={f.path}>
                <td>{agentLabel(f.dialect)}</td>
                <td>{f.layer}</td>
                <td>
                  <PathText path={f.path} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>
    </section>
  );
}
