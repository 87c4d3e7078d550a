// Rules: every hook file by agent, with its state in words, and its rules named by what they do (the
// command, or the rule's own name), each with its command; a search hit says where it matched.
import { useEffect, useMemo, useRef, useState } from 'react';
import { DIALECT_MANIFESTS, dialectManifest } from '../../../shared/dialects.js';
import type { Rule, Source } from '../../../shared/model.js';
import { ruleLabel, shortCommand } from '../../../shared/rule-name.js';
import { fileGate } from '../../../shared/trust-gate.js';
import { AgentFileFix, AgentTrustBadge, useAgentFileVerdict } from '../components/AgentTrust.js';
import { Badge, Empty } from '../components/bits.js';
import { counted } from '../components/counted.js';
import { FileActions } from '../components/FileActions.js';
import { HookFileLocations } from '../components/HookFileLocations.js';
import { NoHooks } from '../components/NoHooks.js';
import { agentLabel, layerLabel, PathText } from '../components/names.js';
import { SourceState } from '../components/SourceState.js';
import { useStore, useStoreParts } from '../store.js';
import { RuleWhereMark } from '../components/RuleWhere.js';
import { OverBudgetMark } from './Budget.js';
import { RuleFailingMark, useRecentRunsLoader } from '../components/FailingMark.js';
import { RuleDetail } from './RuleDetail.js';
import { showWelcome } from './Welcome.js';
import { FIELD_WORDS, matchRule, words, type MatchField } from './rules-search.js';

/** Hosted: Hookpanel runs the file's hooks. Inspected: its own agent runs them and Hookpanel only shows them. */
function RoleSelect({ source }: { source: Source }) {
  const { settings, updateSettings, setError } = useStoreParts('settings', 'updateSettings', 'setError');
  if (!settings) return null;
  return (
    <select
      aria-label={`who runs the hooks of ${source.path}`}
      value={source.role}
      title="Who runs this file's hooks: Hookpanel when the event arrives, or the agent itself"
      onChange={(e) =>
        void updateSettings({
          roles: { ...settings.roles, [source.path]: e.target.value as 'hosted' | 'inspected' },
        }).catch((err: Error) => setError(`Could not change who runs it: ${err.message}`))
      }
    >
      <option value="hosted">Hookpanel runs it</option>
      <option value="inspected">{agentLabel(source.dialect)} runs it</option>
    </select>
  );
}

/** Why a file's hooks do not run, in words, with the way to the fix. */
function SourceNote({ source }: { source: Source }) {
  const { go, settings } = useStoreParts('go', 'settings');
  // An agent's own file is gated by the agent: its statuses and AgentFileFix say what to do.
  const agentDecides = useAgentFileVerdict(source.path) !== null && source.role === 'inspected';
  const errors = source.diagnostics.filter((d) => d.severity === 'error').length;
  const toProblems = (
    <button type="button" className="link" onClick={() => go('problems', { path: source.path })}>
      Show {errors ? counted(errors, 'error') : 'its problems'} in Problems
    </button>
  );
  const states = dialectManifest(source.dialect).states;
  const gate = fileGate(source.dialect, source.role, source.guarded);
  switch (source.state) {
    case 'invalid':
      return (
        <p className="source-note bad">
          Hookpanel rejected this file, so none of its hooks are loaded or run until it is fixed. {toProblems}
        </p>
      );
    case 'refused':
      return (
        <p className="source-note bad">
          None of its hooks run: {states.refused ?? 'the file is refused'}. {toProblems}
        </p>
      );
    case 'untrusted':
      return agentDecides ? null : (
        <p className="source-note warn">
          {gate.inertUntilTrusted
            ? 'A project file no one has trusted yet: its hooks do not run until you trust it.'
            : `A project file not reviewed in Hookpanel yet. ${gate.runs.replace(/`/g, '')} ${gate.block}`}{' '}
          <button type="button" className="link" onClick={() => go('review', { path: source.path })}>
            Review it
          </button>
        </p>
      );
    case 'dormant':
    case 'disabled':
      return (
        <p className="source-note">
          Its hooks do not run: {states[source.state] ?? source.state}
          {source.diagnostics.length ? <>. {toProblems}</> : null}
        </p>
      );
    default:
      return settings?.paused && source.role === 'hosted' ? (
        <p className="source-note warn">
          All hooks are paused, so none of these run.{' '}
          <button type="button" className="link" onClick={() => go('settings')}>
            Resume in Settings
          </button>
        </p>
      ) : null;
  }
}

function RuleRow({
  rule,
  source,
  selected,
  onSelect,
  matched,
}: {
  rule: Rule;
  source: Source;
  selected: boolean;
  onSelect: () => void;
  matched: MatchField[];
}) {
  const l = ruleLabel(rule);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  return (
    <li>
      <button
        ref={ref}
        type="button"
        className={`rule ${selected ? 'selected' : ''}`}
        onClick={onSelect}
        aria-pressed={selected}
      >
        {/* Named by what it shows (so a screen reader says what is seen), after the word "rule". */}
        <span className="sr-only">rule </span>
        <span className="rule-line">
          <span className={l.named ? 'rule-title' : 'rule-title cmd'}>{l.title}</span>{' '}
          {l.position && <span className="rule-pos muted">{l.position}</span>}
          {rule.dormant && <Badge kind="dormant">dormant</Badge>}
          {!rule.enabled && <Badge kind="disabled">disabled</Badge>}
          <OverBudgetMark source={source.path} rule={rule.name} />
          <RuleFailingMark source={source.path} rule={rule.name} />
          <RuleWhereMark source={source.path} rule={rule.name} />
        </span>
        {l.named && <code className="rule-cmd">{shortCommand(l.command, 90)}</code>}
        {matched.length > 0 && (
          <span className="why muted">matched in {matched.map((f) => FIELD_WORDS[f]).join(', ')}</span>
        )}
      </button>
      <AgentTrustBadge path={source.path} ruleIndex={rule.index} />
    </li>
  );
}

function SourceCard({
  source,
  rules,
  selected,
  onSelect,
}: {
  source: Source;
  rules: { rule: Rule; matched: MatchField[] }[];
  selected: { path: string; index: number } | null;
  onSelect: (index: number) => void;
}) {
  const focus = useStore((s) => s.focus);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focus.path === source.path && (focus.ruleIndex ?? null) === null)
      ref.current?.scrollIntoView({ block: 'start' });
  }, [focus, source.path]);
  return (
    <article ref={ref} className="source" aria-label={`source ${source.path}`}>
      <header>
        <SourceState source={source} />
        <Badge kind="layer" title="Where the file sits: your own (user, global), or a project's">
          {layerLabel(source.layer)}
        </Badge>
        <PathText path={source.path} className="path" />
        <span className="actions">
          <RoleSelect source={source} />
          <FileActions path={source.path} />
        </span>
      </header>
      <SourceNote source={source} />
      <AgentFileFix path={source.path} />
      {groupRules(rules).map(([event, groups]) => (
        <div key={event} className="event">
          <div className="event-name">{event}</div>
          {groups.map(([matcher, rs]) => (
            <div key={matcher} className="matcher">
              <span className="muted">
                {matcher === '*' ? 'every time' : `only when it matches ${matcher}`}
              </span>
              <ul>
                {rs.map(({ rule, matched }) => (
                  <RuleRow
                    key={rule.index}
                    rule={rule}
                    source={source}
                    matched={matched}
                    selected={selected?.path === source.path && selected.index === rule.index}
                    onSelect={() => onSelect(rule.index)}
                  />
                ))}
              </ul>
            </div>
          ))}
        </div>
      ))}
      {!source.rules.length && source.state !== 'invalid' && source.state !== 'refused' && (
        <p className="muted">No rules in this file.</p>
      )}
    </article>
  );
}

function NoFiles() {
  return (
    <Empty title="No hook files yet">
      <p>
        No agent's hook files were found, here or in this workspace.{' '}
        <button type="button" className="link" onClick={showWelcome}>
          See which agents are on this machine and connect them
        </button>
      </p>
      <HookFileLocations />
    </Empty>
  );
}

export function RulesView() {
  const { sources, loadingSources, focus } = useStoreParts('sources', 'loadingSources', 'focus');
  useRecentRunsLoader();
  const [query, setQuery] = useState('');
  const [dialect, setDialect] = useState('');
  const [selected, setSelected] = useState<{ path: string; index: number } | null>(
    focus.path && focus.ruleIndex !== null && focus.ruleIndex !== undefined
      ? { path: focus.path, index: focus.ruleIndex }
      : null,
  );
  useEffect(() => {
    if (focus.path && focus.ruleIndex !== null && focus.ruleIndex !== undefined)
      setSelected({ path: focus.path, index: focus.ruleIndex });
  }, [focus]);
  const ws = useMemo(() => words(query), [query]);
  const visible = useMemo(
    () =>
      sources
        .filter((s) => s.state !== 'absent' && (!dialect || s.dialect === dialect))
        .map((s) => ({
          source: s,
          rules: s.rules.flatMap((r) => {
            const matched = matchRule(r, s, ws);
            return matched ? [{ rule: r, matched }] : [];
          }),
        }))
        .filter((x) => x.rules.length || !ws.length),
    [sources, dialect, ws],
  );
  const chosen = selected && sources.find((s) => s.path === selected.path);
  const chosenRule = chosen?.rules.find((r) => r.index === selected?.index);

  if (!loadingSources && !sources.some((s) => s.state !== 'absent')) return <NoFiles />;
  const byDialect = new Map<string, typeof visible>();
  for (const v of visible) byDialect.set(v.source.dialect, [...(byDialect.get(v.source.dialect) ?? []), v]);
  const shown = visible.reduce((n, v) => n + v.rules.length, 0);
  return (
    <div className="split">
      <section className="list" aria-label="hook files and rules">
        <div className="toolbar">
          <input
            type="search"
            placeholder="Search commands, names, events, files…"
            aria-label="search rules"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <select aria-label="agent" value={dialect} onChange={(e) => setDialect(e.target.value)}>
            <option value="">All agents</option>
            {DIALECT_MANIFESTS.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </select>
        </div>
        {ws.length > 0 && (
          <p className="muted" role="status">
            {counted(shown, 'rule')} match “{query.trim()}”
          </p>
        )}
        {[...byDialect.entries()].map(([d, group]) => (
          <div key={d} className="dialect-group">
            <h2>{agentLabel(d)}</h2>
            {group.map(({ source, rules }) => (
              <SourceCard
                key={source.path}
                source={source}
                rules={rules}
                selected={selected}
                onSelect={(index) => setSelected({ path: source.path, index })}
              />
            ))}
          </div>
        ))}
        {!visible.length &&
          (ws.length || !dialect ? (
            <Empty title={`Nothing matches “${query.trim()}”`}>Clear the search or pick another agent.</Empty>
          ) : (
            <NoHooks dialect={dialect} />
          ))}
      </section>
      <aside className="pane" aria-label="rule detail">
        {chosen && chosenRule ? (
          <RuleDetail rule={chosenRule} source={chosen} />
        ) : (
          <Empty title="Pick a rule">
            What it runs, when, how long it may take and what happens if it fails.
          </Empty>
        )}
      </aside>
    </div>
  );
}

type Matched = { rule: Rule; matched: MatchField[] };

/** events → matcher groups → rules, as pw's /hooks browser shows them. */
function groupRules(rules: Matched[]): [string, [string, Matched[]][]][] {
  const events = new Map<string, Map<string, Matched[]>>();
  for (const m of rules) {
    const r = m.rule;
    const event = r.events.join(', ') === '*' ? 'every event' : r.events.join(', ');
    const byMatcher = events.get(event) ?? new Map<string, Matched[]>();
    const key = r.matcher ?? '*';
    byMatcher.set(key, [...(byMatcher.get(key) ?? []), m]);
    events.set(event, byMatcher);
  }
  return [...events.entries()].map(([e, m]) => [e, [...m.entries()]]);
}
