// What each agent itself will do with the hooks of its own files (Codex's per-hook trust, Gemini CLI's
// folder trust): one shared fetch of agents:trust, refreshed when the sources change, and three small
// pieces the views place: a badge per rule, a notice for Problems, and Codex's trust action for Trust
// review (the exact command first, then one click records Codex's trust through Codex itself).
import { useEffect, useState, type ReactNode } from 'react';
import { create } from 'zustand';
import type { AgentHookFix, AgentHookTrust, AgentTrustReport } from '../../../shared/ipc.js';
import type { Source } from '../../../shared/model.js';
import { api } from '../client.js';
import { Badge, ErrorBox } from './bits.js';
import { PathText } from './names.js';
import { useStore } from '../store.js';

interface TrustState {
  reports: AgentTrustReport[] | null;
  /** What the reports were asked for: a new list of sources (a file changed) or workspace asks again. */
  askedFor: { workspace: string | null; sources: Source[] } | null;
  error: string | null;
  /** The workspace the reports (or the error) are of; undefined before the first answer. */
  answeredFor: string | null | undefined;
  load(workspace: string | null, sources: Source[]): Promise<void>;
}

const useTrust = create<TrustState>((set, get) => ({
  reports: null,
  askedFor: null,
  error: null,
  answeredFor: undefined,
  async load(workspace, sources) {
    const asked = get().askedFor;
    if (asked?.workspace === workspace && asked.sources === sources) return;
    const ask = { workspace, sources };
    set({ askedFor: ask });
    try {
      const reports = await api.request('agents:trust', { workspace });
      if (get().askedFor === ask) set({ reports, error: null, answeredFor: workspace });
    } catch (e) {
      if (get().askedFor === ask) set({ error: (e as Error).message, answeredFor: workspace });
    }
  },
}));

/** The agents' verdicts, kept current with the sources (asked once they are read: the verdicts are on them). */
export function useAgentTrust(): { reports: AgentTrustReport[] | null; error: string | null } {
  const workspace = useStore((s) => s.workspace);
  const sources = useStore((s) => s.sources);
  const sourcesLoaded = useStore((s) => s.sourcesLoaded);
  const { reports, error, load } = useTrust();
  useEffect(() => {
    if (sourcesLoaded) void load(workspace, sources);
  }, [load, workspace, sources, sourcesLoaded]);
  return { reports, error };
}

/**
 * Draws a view once the agents' verdicts on this workspace's files (or the error reading them) are in.
 * Drawn before them, Rules would say "not reviewed in Hookpanel yet" of a file its agent decides on and
 * then take it back, and the verdicts coming in (a badge's fix, Codex's trust card, Gemini CLI's folder
 * state) would push Trust and Keep blocked down under a click on its way. Later reads (a file changed)
 * keep the last verdicts meanwhile.
 */
export function AfterAgentVerdicts({ children }: { children: ReactNode }) {
  useAgentTrust();
  const workspace = useStore((s) => s.workspace);
  const known = useTrust((s) => s.answeredFor !== undefined && s.answeredFor === workspace);
  return known ? (
    children
  ) : (
    <p className="muted" role="status">
      Finding out which of these hooks the agents themselves will run…
    </p>
  );
}

function hookOf(reports: AgentTrustReport[] | null, path: string, ruleIndex: number): AgentHookTrust | null {
  for (const r of reports ?? []) {
    const h = r.hooks.find((x) => x.path === path && x.ruleIndex === ruleIndex);
    if (h) return h;
  }
  return null;
}

/**
 * Beside a rule of an agent's own file, its one status: "Codex will run this" / "Codex will skip
 * this: …", with the fix that is this hook's own (a file's fix is said once, by AgentFileFix).
 */
export function AgentTrustBadge({ path, ruleIndex }: { path: string; ruleIndex: number }) {
  const { reports } = useAgentTrust();
  const go = useStore((s) => s.go);
  const hook = hookOf(reports, path, ruleIndex);
  if (!hook) return null;
  const kind = hook.status === 'runs' ? 'ok' : hook.status === 'skips' ? 'warn' : 'skipped';
  // The verdict in the badge; the details (which file, which rule) in its title and in Problems.
  const short = hook.message.replace(/ \(.*\)$/, '');
  const label = reports?.find((r) => r.hooks.includes(hook))?.label ?? 'the agent';
  return (
    <span className="agent-trust-badge">
      <Badge kind={kind} title={`${hook.state}: ${hook.message}`}>
        {short}
      </Badge>
      {hook.fix?.kind === 'trust' && hook.trustable && (
        <button type="button" className="link" onClick={() => go('review', { path })}>
          Review and trust it in {label}…
        </button>
      )}
      {hook.fix?.kind === 'words' && hook.fix.scope === 'hook' && <FixInWords fix={hook.fix} />}
    </span>
  );
}

/** What only the person can do: the sentence, the file, and the exact text for it, as code. */
export function FixInWords({ fix }: { fix: Extract<AgentHookFix, { kind: 'words' }> }) {
  return (
    <div className="agent-fix" role="note" aria-label="how to fix it">
      <p>{fix.text}</p>
      {fix.file && (
        <p>
          <PathText path={fix.file} />
        </p>
      )}
      {fix.code && (
        <pre className="excerpt">
          <code>{fix.code}</code>
        </pre>
      )}
    </div>
  );
}

/** The fixes of an agent's report, each said once: file-wide words, then the hooks' own. */
function fixesOf(hooks: AgentHookTrust[]): Extract<AgentHookFix, { kind: 'words' }>[] {
  const seen = new Map<string, Extract<AgentHookFix, { kind: 'words' }>>();
  for (const h of hooks)
    if (h.status === 'skips' && h.fix?.kind === 'words')
      seen.set(`${h.fix.text}\0${h.fix.file}\0${h.fix.code}`, h.fix);
  return [...seen.values()];
}

/**
 * Under an agent's own file in Rules: that the agent is not installed, and what the person must do
 * for the whole file (trust the project in Codex, switch hooks on), once rather than per hook.
 */
export function AgentFileFix({ path }: { path: string }) {
  const { reports } = useAgentTrust();
  const report = reports?.find((r) => r.hooks.some((h) => h.path === path));
  if (!report) return null;
  const mine = report.hooks.filter((h) => h.path === path);
  const fixes = fixesOf(mine).filter((f) => f.scope === 'file');
  return (
    <>
      {report.installed === false && (
        <p className="source-note warn">
          {report.label} is not installed here (not on PATH): Hookpanel cannot ask it which of these hooks it
          would run.
        </p>
      )}
      {fixes.map((f) => (
        <FixInWords key={`${f.text}${f.code}`} fix={f} />
      ))}
    </>
  );
}

/** A file's hooks as its agent will treat them, in one badge, where the agent has a say (else null). */
export function useAgentFileVerdict(path: string): { kind: string; text: string; title: string } | null {
  const { reports } = useAgentTrust();
  const report = reports?.find((r) => r.hooks.some((h) => h.path === path));
  if (!report) return null;
  const mine = report.hooks.filter((h) => h.path === path);
  const runs = mine.filter((h) => h.status === 'runs').length;
  const skips = mine.filter((h) => h.status === 'skips').length;
  const title = `What ${report.label} itself will do with this file's hooks: each hook says so below`;
  if (skips)
    return {
      kind: 'warn',
      text:
        skips === mine.length
          ? `${report.label} skips its hooks`
          : `${report.label} skips ${skips} of ${mine.length}`,
      title,
    };
  if (runs === mine.length) return { kind: 'ok', text: `${report.label} runs its hooks`, title };
  return { kind: 'skipped', text: `not known if ${report.label} runs them`, title };
}

/** For Problems: per agent, how many hooks it will skip and how to fix that. */
export function AgentSkipNotice() {
  const { reports } = useAgentTrust();
  const go = useStore((s) => s.go);
  const skipping = (reports ?? [])
    .map((r) => ({ r, skips: r.hooks.filter((h) => h.status === 'skips') }))
    .filter((x) => x.skips.length);
  if (!skipping.length) return null;
  return (
    <>
      {skipping.map(({ r, skips }) => (
        <div
          key={r.dialect}
          className="note agent-skips"
          role="note"
          aria-label={`${r.label} will skip hooks`}
        >
          <strong>
            {r.label} will skip {skips.length === 1 ? 'this hook' : `these ${skips.length} hooks`}
          </strong>
          {r.installed === false && (
            <> — {r.label} is not installed here (not on PATH), so Hookpanel cannot ask it about the rest</>
          )}
          {/* An agent that gives no fix per hook gives one sentence for all of them. */}
          {!skips.some((h) => h.fix) && r.fix && <> — {r.fix}</>}
          {fixesOf(skips).map((f) => (
            <FixInWords key={`${f.text}${f.code}`} fix={f} />
          ))}
          {skips.some((h) => h.fix?.kind === 'trust' && h.trustable) && (
            <p>
              {r.label} records its trust only for commands you have read:{' '}
              <button type="button" className="link" onClick={() => go('review')}>
                Review them and trust them in {r.label}…
              </button>
            </p>
          )}
          <ul>
            {skips.map((h) => (
              <li key={`${h.path}:${h.ruleIndex}`}>
                <code>{h.rule}</code> <span className="muted">{h.message}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

/**
 * For Trust review: the hooks Codex will not run until it trusts them, each with the exact command;
 * "Trust in Codex" records Codex's own trust (config/batchWrite to hooks.state) for exactly those shown.
 */
export function CodexTrustReview() {
  const { reports, error: loadError } = useAgentTrust();
  const workspace = useStore((s) => s.workspace);
  const loadSources = useStore((s) => s.loadSources);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const report = reports?.find((r) => r.hooks.some((h) => h.trustable));
  if (loadError) return <ErrorBox message={loadError} />;
  if (!report)
    return note ? (
      <div className="note" role="status">
        {note}
      </div>
    ) : null;
  const hooks = report.hooks.filter((h) => h.trustable);
  const trust = async (which: AgentHookTrust[]) => {
    setBusy(true);
    setNote(null);
    setError(null);
    try {
      const r = await api.request('agents:recordTrust', {
        agent: report.dialect,
        workspace,
        hooks: which.map((h) => h.trustable!),
      });
      if (r.ok) setNote(r.message);
      else setError(r.message);
      await loadSources();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <article className="review agent-trust" aria-label={`${report.label}'s own trust`}>
      <header>
        <Badge kind="warn">{report.label} will skip</Badge>{' '}
        <strong>
          {hooks.length === 1 ? 'A hook' : `${hooks.length} hooks`} {report.label} does not trust yet
        </strong>
      </header>
      <p className="muted">
        {report.label} runs only hooks it trusts, and skips the others without a word. Read each command;
        trusting it here records that in {report.label} itself, exactly as shown.
      </p>
      {note && (
        <div className="note" role="status">
          {note}
        </div>
      )}
      {error && <ErrorBox message={error} />}
      <ul className="agent-trust-hooks">
        {hooks.map((h) => (
          <li key={h.trustable!.key}>
            <div>
              <strong>{h.event}</strong>
              {h.matcher && <span className="muted"> on {h.matcher}</span>}{' '}
              <span className="muted">
                in <code>{h.path}</code> · {h.state}
              </span>
            </div>
            <pre className="excerpt" aria-label={`command of ${h.rule}`}>
              {h.command ?? '(not a command)'}
            </pre>
            <button type="button" disabled={busy} onClick={() => void trust([h])}>
              Trust in {report.label}
            </button>
          </li>
        ))}
      </ul>
      {hooks.length > 1 && (
        <div className="toolbar">
          <button type="button" className="primary" disabled={busy} onClick={() => void trust(hooks)}>
            Trust these {hooks.length} in {report.label}
          </button>
        </div>
      )}
    </article>
  );
}

/**
 * In a review card of an agent's own file, where the agent trusts folders (Gemini CLI): whether it
 * trusts this one now and why, and for each hook of the file what the agent will do with it and
 * whether it has recorded the hook's fingerprint.
 */
export function AgentFolderState({ path }: { path: string }) {
  const { reports } = useAgentTrust();
  const report = reports?.find((r) => r.folder && r.hooks.some((h) => h.path === path));
  if (!report?.folder) return null;
  const { folder, label } = report;
  const mine = report.hooks.filter((h) => h.path === path);
  return (
    <div className="agent-folder" role="note" aria-label={`${label} now`}>
      <h4 className="review-h">{label} now</h4>
      <p>
        <Badge kind={folder.trusted ? 'ok' : 'warn'}>
          {folder.trusted ? 'folder trusted' : 'folder not trusted'}
        </Badge>{' '}
        {folder.trusted ? `${label} trusts this folder` : `${label} does not trust this folder`}:{' '}
        <span className="muted">{folder.why}</span>
      </p>
      <ul className="agent-folder-hooks">
        {mine.map((h) => (
          <li key={h.ruleIndex}>
            <Badge kind={h.status === 'runs' ? 'ok' : 'warn'}>{h.status === 'runs' ? 'runs' : 'skips'}</Badge>{' '}
            <code>{h.rule}</code> <span>{h.message}</span>
            {h.fingerprint && (
              <div className="muted">
                Fingerprint <code>{h.fingerprint.key}</code>:{' '}
                {h.fingerprint.known
                  ? `${label} has recorded it for this folder`
                  : `not recorded by ${label} yet (it warns once when it first loads it here)`}
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
