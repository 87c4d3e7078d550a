import { useMemo, useState } from 'react';
import { DIALECT_MANIFESTS } from '../../../shared/dialects.js';
import { mcpCatalog, mcpServerSources } from '../../../shared/mcp.js';
import type { Rule, Source } from '../../../shared/model.js';
import { api } from '../client.js';
import { ArgvChips, Badge, Empty, Prose } from '../components/bits.js';
import { AgentTrustBadge } from '../components/AgentTrust.js';
import { useStore } from '../store.js';
import { OverBudgetMark, RuleBudget } from './Budget.js';

const DIALECT_LABEL: Record<string, string> = Object.fromEntries(
  DIALECT_MANIFESTS.map((m) => [m.id, m.label]),
);

function argvOf(rule: Rule): string[] | null {
  const h = rule.handler;
  if (h.kind === 'exec') return h.argv;
  if (h.kind === 'script') return [...h.interpreter, h.path, ...h.args];
  return null;
}

function matches(rule: Rule, source: Source, q: string): boolean {
  if (!q) return true;
  const hay = [
    rule.name,
    rule.events.join(' '),
    rule.matcher ?? '',
    JSON.stringify(rule.handler),
    source.path,
    source.dialect,
  ]
    .join(' ')
    .toLowerCase();
  return q
    .toLowerCase()
    .split(/\s+/)
    .every((w) => hay.includes(w));
}

function HandlerView({ rule }: { rule: Rule }) {
  const argv = argvOf(rule);
  const h = rule.handler;
  if (argv) return <ArgvChips argv={argv} />;
  switch (h.kind) {
    case 'shell':
      return (
        <>
          <Badge kind="warn">through a shell</Badge> <code className="chip">{h.command}</code>
        </>
      );
    case 'append':
      return (
        <>
          append one JSON line to <code>{h.path}</code>
        </>
      );
    case 'http':
      return (
        <>
          POST <code>{h.url}</code>
          {Object.keys(h.headers).length ? (
            <>
              {' '}
              with headers{' '}
              {Object.keys(h.headers).map((k) => (
                <code key={k} className="chip">
                  {k}
                </code>
              ))}
            </>
          ) : null}
        </>
      );
    case 'mcp_tool':
      return (
        <>
          MCP server <code>{h.server}</code>, tool <code>{h.tool}</code>, input{' '}
          <code>{JSON.stringify(h.input)}</code>
        </>
      );
    case 'prompt':
    case 'agent':
      return (
        <>
          {h.kind}: <q>{h.prompt}</q>
          {h.model ? (
            <>
              {' '}
              · model <code>{h.model}</code>
            </>
          ) : null}
        </>
      );
    default:
      return null;
  }
}

/** Where an mcp_tool hook's server comes from, as the engine will resolve it. */
function McpServerView({ server, dialect }: { server: string; dialect: string }) {
  const { sources } = useStore();
  const entry = useMemo(
    () => mcpCatalog(mcpServerSources(sources, dialect)).get(server),
    [sources, dialect, server],
  );
  if (!entry)
    return (
      <Badge kind="error">
        not defined in any {DIALECT_LABEL[dialect] ?? dialect} file: the hook fails when it runs
      </Badge>
    );
  const c = entry.config;
  return (
    <>
      {c.type === 'stdio' ? (
        <ArgvChips argv={[c.command, ...c.args]} />
      ) : (
        <code className="chip">{c.url}</code>
      )}{' '}
      from <code>{entry.definedIn}</code>
      {entry.unusable ? (
        <>
          {' '}
          <Badge kind="warn" title={entry.unusable}>
            file not trusted
          </Badge>
        </>
      ) : null}
    </>
  );
}

export function RuleDetail({ rule, source }: { rule: Rule; source: Source }) {
  return (
    <div className="detail" aria-label={`rule ${rule.name}`}>
      <h3>{rule.name}</h3>
      <dl>
        <dt>Runs</dt>
        <dd>
          <HandlerView rule={rule} />
        </dd>
        {rule.handler.kind === 'mcp_tool' ? (
          <>
            <dt>MCP server</dt>
            <dd>
              <McpServerView server={rule.handler.server} dialect={source.dialect} />
            </dd>
          </>
        ) : null}
        <dt>Events</dt>
        <dd>
          {rule.events.join(', ')}
          {rule.matcher ? (
            <>
              {' '}
              · matcher <code>{rule.matcher}</code>
            </>
          ) : null}
        </dd>
        <dt>Timeout</dt>
        <dd>{rule.timeoutMs / 1000} s</dd>
        <RuleBudget source={source.path} rule={rule.name} />
        <dt>Mode</dt>
        <dd>
          {rule.mode.replace(/_/g, ' ')}
          {rule.detach ? ' · detached' : ''}
          {rule.durable ? ' · durable' : ''}
        </dd>
        <dt>On error</dt>
        <dd>{rule.errorPolicy}</dd>
        <dt>Source</dt>
        <dd>
          <code>
            {source.path}
            {rule.line ? `:${rule.line}:${rule.column ?? 1}` : ''}
          </code>
        </dd>
        {Object.keys(rule.env).length ? (
          <>
            <dt>Environment</dt>
            <dd>
              {Object.entries(rule.env).map(([k, v]) => (
                <code key={k} className="chip">
                  {k}={v}
                </code>
              ))}
            </dd>
          </>
        ) : null}
      </dl>
      <div className="marks">
        {!rule.enabled && <Badge kind="disabled">disabled</Badge>}
        {rule.dormant && (
          <Badge kind="dormant" title={rule.dormantReason ?? ''}>
            dormant: {rule.dormantReason}
          </Badge>
        )}
        {source.state === 'untrusted' && <Badge kind="untrusted">untrusted: review it in Trust review</Badge>}
        {source.role === 'inspected' && (
          <Badge kind="inspected">inspected: its agent runs it, Hookpanel does not</Badge>
        )}
      </div>
    </div>
  );
}

/** Hosted: Hookpanel runs the file's hooks. Inspected: its own agent runs them and Hookpanel only shows them. */
function RoleSelect({ source }: { source: Source }) {
  const { settings, updateSettings } = useStore();
  if (!settings) return null;
  return (
    <select
      aria-label={`role of ${source.path}`}
      value={source.role}
      title="Who runs this file's hooks"
      onChange={(e) =>
        void updateSettings({
          roles: { ...settings.roles, [source.path]: e.target.value as 'hosted' | 'inspected' },
        })
      }
    >
      <option value="hosted">Hookpanel runs it</option>
      <option value="inspected">Its agent runs it</option>
    </select>
  );
}

export function RulesView() {
  const { sources, info, loadingSources } = useStore();
  const [query, setQuery] = useState('');
  const [dialect, setDialect] = useState('');
  const [selected, setSelected] = useState<{ path: string; index: number } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const present = sources.filter((s) => s.state !== 'absent' && (!dialect || s.dialect === dialect));
  const visible = useMemo(
    () =>
      present
        .map((s) => ({ source: s, rules: s.rules.filter((r) => matches(r, s, query)) }))
        .filter((x) => x.rules.length || !query),
    [present, query],
  );
  const chosen = selected && sources.find((s) => s.path === selected.path);
  const chosenRule = chosen?.rules.find((r) => r.index === selected?.index);
  const open = async (path: string, reveal: boolean) =>
    setNote((await api.request('sources:open', { path, reveal })).message);

  if (!loadingSources && !sources.some((s) => s.state !== 'absent')) {
    return (
      <Empty title="No hook files yet">
        Hookpanel looks for each agent's hook files in these places (the exact folders are in Settings →
        Folders). Create one and it appears here at once.
        <table className="folders" aria-label="where hook files are">
          <thead>
            <tr>
              <th>dialect</th>
              <th>user / global</th>
              <th>project</th>
            </tr>
          </thead>
          <tbody>
            {DIALECT_MANIFESTS.map((m) => (
              <tr key={m.id}>
                <td>{m.label}</td>
                <td>
                  <Prose text={m.locations.user} />
                </td>
                <td>
                  <Prose text={m.locations.project} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Empty>
    );
  }
  const byDialect = new Map<string, typeof visible>();
  for (const v of visible) byDialect.set(v.source.dialect, [...(byDialect.get(v.source.dialect) ?? []), v]);
  return (
    <div className="split">
      <section className="list" aria-label="hook files and rules">
        <div className="toolbar">
          <input
            type="search"
            placeholder="Search rules, events, commands, files…"
            aria-label="search rules"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <select aria-label="filter by dialect" value={dialect} onChange={(e) => setDialect(e.target.value)}>
            <option value="">All dialects</option>
            {Object.entries(DIALECT_LABEL).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
        </div>
        {note && (
          <div className="note" role="status">
            {note}
          </div>
        )}
        {[...byDialect.entries()].map(([d, group]) => (
          <div key={d} className="dialect-group">
            <h2>
              {DIALECT_LABEL[d]} <span className="muted">({d})</span>
            </h2>
            {group.map(({ source, rules }) => (
              <article key={source.path} className="source" aria-label={`source ${source.path}`}>
                <header>
                  <Badge kind={source.state}>{source.state}</Badge>
                  <Badge kind="layer">{source.layer}</Badge>
                  {source.role === 'inspected' && <Badge kind="inspected">inspected</Badge>}
                  <code className="path" title={source.path}>
                    {info?.home && source.path.startsWith(info.home) ? source.path : source.path}
                  </code>
                  <span className="actions">
                    <RoleSelect source={source} />
                    <button type="button" onClick={() => void open(source.path, false)}>
                      Open
                    </button>
                    <button type="button" onClick={() => void open(source.path, true)}>
                      Reveal
                    </button>
                  </span>
                </header>
                {groupRules(rules).map(([event, groups]) => (
                  <div key={event} className="event">
                    <div className="event-name">{event}</div>
                    {groups.map(([matcher, rs]) => (
                      <div key={matcher} className="matcher">
                        <span className="muted">
                          {matcher === '*' ? 'every occurrence' : `matcher ${matcher}`}
                        </span>
                        <ul>
                          {rs.map((r) => (
                            <li key={r.index}>
                              <button
                                type="button"
                                className={`rule ${selected?.path === source.path && selected.index === r.index ? 'selected' : ''}`}
                                onClick={() => setSelected({ path: source.path, index: r.index })}
                                aria-label={`rule ${r.name}`}
                              >
                                <span>{r.name}</span>
                                <span className="muted">{r.handler.kind}</span>
                                {r.dormant && <Badge kind="dormant">dormant</Badge>}
                                {!r.enabled && <Badge kind="disabled">disabled</Badge>}
                                <OverBudgetMark source={source.path} rule={r.name} />
                              </button>
                              <AgentTrustBadge path={source.path} ruleIndex={r.index} />
                            </li>
                          ))}
                        </ul>
                      </div>
                    ))}
                  </div>
                ))}
                {!rules.length && <p className="muted">No rules in this file.</p>}
              </article>
            ))}
          </div>
        ))}
        {!visible.length && <Empty title="Nothing matches">Clear the search or pick another dialect.</Empty>}
      </section>
      <aside className="pane">
        {chosen && chosenRule ? (
          <RuleDetail rule={chosenRule} source={chosen} />
        ) : (
          <Empty title="Pick a rule">Its command, timeout, mode and error policy show here.</Empty>
        )}
      </aside>
    </div>
  );
}

/** events → matcher groups → rules, as pw's /hooks browser shows them. */
function groupRules(rules: Rule[]): [string, [string, Rule[]][]][] {
  const events = new Map<string, Map<string, Rule[]>>();
  for (const r of rules) {
    const event = r.events.join(', ') === '*' ? 'every event' : r.events.join(', ');
    const m = events.get(event) ?? new Map<string, Rule[]>();
    const key = r.matcher ?? '*';
    m.set(key, [...(m.get(key) ?? []), r]);
    events.set(event, m);
  }
  return [...events.entries()].map(([e, m]) => [e, [...m.entries()]]);
}
