// One rule in full: what it runs, when, how long it may take, whether the agent waits for it, what
// happens when it fails, and where it is written; in plain words, the file's own terms beside them.
import { useMemo } from 'react';
import { dialectManifest, isDialect } from '../../../shared/dialects.js';
import { mcpCatalog, mcpServerSources } from '../../../shared/mcp.js';
import type { Rule, RuleMode, Source } from '../../../shared/model.js';
import { ruleLabel } from '../../../shared/rule-name.js';
import { ArgvChips, Badge } from '../components/bits.js';
import { agentLabel, errorPolicyText, PathText } from '../components/names.js';
import { useStore, useStoreParts } from '../store.js';
import { RuleBudget } from './Budget.js';
import { RuleFailingDetail } from '../components/FailingMark.js';
import { RuleWhere } from '../components/RuleWhere.js';

export function argvOf(rule: Rule): string[] | null {
  const h = rule.handler;
  if (h.kind === 'exec') return h.argv;
  if (h.kind === 'script') return [...h.interpreter, h.path, ...h.args];
  return null;
}

const MODE: Record<Exclude<RuleMode, 'blocking'>, string> = {
  async: 'Runs alongside the agent; waited for at the end of the turn',
  fire_and_forget: 'Runs in the background; never waited for',
  observer: 'Runs after the event; it cannot change what happens',
};

/**
 * A rule the agent waits for can block only on the events its dialect's own table says can be blocked
 * (a SessionStart hook is waited for, but nothing it answers stops the session).
 */
function waitsText(rule: Rule, dialect: string): string {
  if (rule.mode !== 'blocking') return MODE[rule.mode];
  const catalog = isDialect(dialect) ? dialectManifest(dialect).events : [];
  const events = rule.events.includes('*') ? catalog.map((e) => e.name) : rule.events;
  const can = events.filter((e) => catalog.find((c) => c.name === e)?.blockable);
  const cannot = events.filter((e) => !can.includes(e));
  if (!cannot.length) return 'The agent waits for it; its answer can block the action';
  if (!can.length) return `The agent waits for it; on ${cannot.join(', ')} its answer cannot block anything`;
  if (rule.events.includes('*')) return `The agent waits for it; its answer can block only ${can.join(', ')}`;
  return `The agent waits for it; its answer can block ${can.join(', ')}, not ${cannot.join(', ')}`;
}

export function HandlerView({ rule }: { rule: Rule }) {
  const argv = argvOf(rule);
  const h = rule.handler;
  if (argv) return <ArgvChips argv={argv} />;
  switch (h.kind) {
    case 'shell':
      return (
        <>
          <Badge
            kind="warn"
            title="The command is one string that /bin/sh reads, with its pipes and redirects"
          >
            through a shell
          </Badge>{' '}
          <code className="chip">{h.command}</code>
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
          {h.kind === 'prompt' ? 'asks a model' : 'runs a model agent'}: <q>{h.prompt}</q>
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
  const { sources } = useStoreParts('sources');
  const entry = useMemo(
    () => mcpCatalog(mcpServerSources(sources, dialect)).get(server),
    [sources, dialect, server],
  );
  if (!entry)
    return (
      <Badge kind="error">not defined in any {agentLabel(dialect)} file: the hook fails when it runs</Badge>
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
  const paused = useStore((s) => s.settings?.paused ?? false);
  const label = ruleLabel(rule);
  return (
    <div className="detail" role="region" aria-label={`rule ${label.title}`}>
      <h3 className={label.named ? '' : 'cmd'}>{label.title}</h3>
      <p className="muted rule-where">
        {label.position ? <>{label.position} · </> : null}
        {rule.line ? `line ${rule.line} of ` : ''}
        <PathText path={source.path} />
      </p>
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
        <dt>When</dt>
        <dd>
          {rule.events.join(', ') === '*' ? 'every event' : rule.events.join(', ')}
          {rule.matcher ? (
            <>
              {' '}
              · only when it matches <code title="the rule's matcher">{rule.matcher}</code>
            </>
          ) : null}
        </dd>
        {rule.description ? (
          <>
            <dt>About</dt>
            <dd>{rule.description}</dd>
          </>
        ) : null}
        <dt>Time limit</dt>
        <dd>{rule.timeoutMs / 1000} s, then it is stopped</dd>
        <RuleBudget source={source.path} rule={rule.name} />
        <RuleWhere source={source} rule={rule} />
        <RuleFailingDetail source={source.path} rule={rule.name} />
        <dt>Waits?</dt>
        <dd>
          {waitsText(rule, source.dialect)}
          {rule.detach ? '; detached: it keeps running on its own' : ''}
          {rule.durable ? '; durable: retried until it succeeds' : ''}
        </dd>
        <dt>On failure</dt>
        <dd>
          {errorPolicyText(rule.errorPolicy)} <span className="muted">({rule.errorPolicy})</span>
        </dd>
        <dt>Who runs it</dt>
        <dd>
          {source.role === 'inspected'
            ? `${agentLabel(source.dialect)} itself; Hookpanel only shows it`
            : 'Hookpanel, when the event arrives'}
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
        {paused && source.role === 'hosted' && (
          <Badge kind="paused">paused: nothing runs until you resume hooks in Settings</Badge>
        )}
        {!rule.enabled && <Badge kind="disabled">disabled</Badge>}
        {rule.dormant && (
          <Badge kind="dormant" title={rule.dormantReason ?? ''}>
            dormant: {rule.dormantReason}
          </Badge>
        )}
        {source.state === 'untrusted' && <Badge kind="untrusted">not trusted yet: see Trust review</Badge>}
      </div>
    </div>
  );
}
